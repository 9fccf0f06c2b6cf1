import { resourceCalls } from '../../contract/resource';
import { type ActionContext, implement } from '../../core/action';
import { categoryTreeHandlers } from '../category-tree/category-tree.actions';
import {
  deleteResource,
  getResource,
  listResources,
  repackageResource,
  resourceDownloadUrl,
  resourcePlayUrl,
  retryResourcePackaging,
  saveResource,
} from './resource.service';
import { resourceCategories, resourceCategoryTree } from './resource-category.service';
import {
  abortUpload,
  checkUpload,
  completeUpload,
  initUpload,
  receiveChunk,
  uploadStatus,
} from './upload.service';
import { listUploadFailures } from './upload-error.service';

const fileOf = (ctx: ActionContext) => ctx.files.find((file) => file.field === 'file');

/** The resource calls (`resource/...`): project staff on the videos of their project. */
export const resourceActions = implement(resourceCalls, {
  ...categoryTreeHandlers(resourceCategories, resourceCategoryTree),
  query: (ctx, input) => listResources(ctx, input),
  get: (ctx, input) => getResource(ctx, input.id),
  save: (ctx, input) => saveResource(ctx, input),
  delete: async (ctx, input) => {
    await deleteResource(ctx, input.id);
    return null;
  },
  'play-url': (ctx, input) => resourcePlayUrl(ctx, input.id),
  'package-retry': (ctx, input) => retryResourcePackaging(ctx, input.id),
  repackage: (ctx, input) => repackageResource(ctx, input.id),
  'download-url': (ctx, input) => resourceDownloadUrl(ctx, input.id),
  'check-upload': (ctx, input) => checkUpload(ctx, input, fileOf(ctx)),
  'upload-init': (ctx, input) => initUpload(ctx, input),
  'upload-chunk': (ctx, input) => receiveChunk(ctx, input, fileOf(ctx)),
  'upload-status': (ctx, input) => uploadStatus(ctx, input.uploadId),
  'upload-complete': (ctx, input) => completeUpload(ctx, input),
  'upload-abort': async (ctx, input) => {
    await abortUpload(ctx, input.uploadId);
    return null;
  },
  'error-import-video': (ctx, input) => listUploadFailures(ctx, input),
});
