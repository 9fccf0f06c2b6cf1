import {
  resourceCheckUploadInput,
  resourceIdInput,
  resourceQueryInput,
  resourceSaveInput,
  resourceUploadChunkInput,
  resourceUploadCompleteInput,
  resourceUploadErrorQueryInput,
  resourceUploadIdInput,
  resourceUploadInitInput,
} from '../../contract/resource';
import type { ActionContext } from '../../core/action';
import { projectStaffActions } from '../../core/tenant';
import { categoryTreeActions } from '../category-tree/category-tree.actions';
import {
  deleteResource,
  getResource,
  listResources,
  resourcePlayUrl,
  saveResource,
} from './resource.service';
import { resourceCategories, resourceCategoryTree } from './resource-category.service';
import {
  abortUpload,
  checkUpload,
  completeUpload,
  initUpload,
  receiveChunk,
  sweepExpiredUploads,
  uploadStatus,
} from './upload.service';
import { listUploadFailures } from './upload-error.service';

/** 视频资源: the screen that manages categories and videos. */
const VIDEO = '/resource-manage/video';
/** Screens that pick and preview videos without managing them (courses, pop-up questions). */
const READERS = [VIDEO, '/resource-manage/course', '/resource-manage/add-question'];

const fileOf = (ctx: ActionContext) => ctx.files.find((file) => file.field === 'file');

const resourceAction = projectStaffActions('resource');

/** `resource/query`: paged resources (name, category with its descendants, type). */
export const resourceQuery = resourceAction('query', READERS, resourceQueryInput, (_ctx, input, projectId) =>
  listResources(projectId, input),
);

/** `resource/get`: one resource. */
export const resourceGet = resourceAction('get', READERS, resourceIdInput, (_ctx, input, projectId) =>
  getResource(projectId, input.id),
);

/** `resource/save`: renames a resource and sets its category. */
export const resourceSave = resourceAction('save', [VIDEO], resourceSaveInput, (ctx, input, projectId) =>
  saveResource(ctx, projectId, input),
);

/** `resource/delete`: deletes a resource and its file. */
export const resourceDelete = resourceAction(
  'delete',
  [VIDEO],
  resourceIdInput,
  async (ctx, input, projectId) => {
    await deleteResource(ctx, projectId, input.id);
    return null;
  },
);

/** `resource/play-url`: a signed, expiring URL playing the video (HTTP range requests). */
export const resourcePlayUrlAction = resourceAction(
  'play-url',
  READERS,
  resourceIdInput,
  (ctx, input, projectId) => resourcePlayUrl(ctx, projectId, input.id),
);

/** `resource/check-upload` (multipart `type`, `file`): checks a file for a type without storing it. */
export const resourceCheckUpload = resourceAction(
  'check-upload',
  [VIDEO],
  resourceCheckUploadInput,
  (ctx, input, projectId) => checkUpload(ctx, projectId, input, fileOf(ctx)),
);

/** `resource/upload-init`: starts a chunked upload (size limit checked); expired uploads are swept. */
export const resourceUploadInit = resourceAction(
  'upload-init',
  [VIDEO],
  resourceUploadInitInput,
  async (ctx, input, projectId) => {
    try {
      await sweepExpiredUploads();
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not sweep expired uploads');
    }
    return initUpload(ctx, projectId, input);
  },
);

/** `resource/upload-chunk` (multipart `uploadId`, `index`, `file`): one chunk of an upload. */
export const resourceUploadChunk = resourceAction(
  'upload-chunk',
  [VIDEO],
  resourceUploadChunkInput,
  (ctx, input, projectId) => receiveChunk(ctx, projectId, input, fileOf(ctx)),
);

/** `resource/upload-status`: the chunks of an upload received so far (to resume it). */
export const resourceUploadStatus = resourceAction(
  'upload-status',
  [VIDEO],
  resourceUploadIdInput,
  (ctx, input, projectId) => uploadStatus(ctx, projectId, input.uploadId),
);

/** `resource/upload-complete`: assembles and verifies the file; answers the new resource. */
export const resourceUploadComplete = resourceAction(
  'upload-complete',
  [VIDEO],
  resourceUploadCompleteInput,
  (ctx, input, projectId) => completeUpload(ctx, projectId, input),
);

/** `resource/upload-abort`: drops an upload and its chunks. */
export const resourceUploadAbort = resourceAction(
  'upload-abort',
  [VIDEO],
  resourceUploadIdInput,
  async (ctx, input, projectId) => {
    await abortUpload(ctx, projectId, input.uploadId);
    return null;
  },
);

/** `resource/error-import-video`: the project's failed uploads (refused, cancelled, expired), newest first. */
export const resourceErrorImportVideo = resourceAction(
  'error-import-video',
  [VIDEO],
  resourceUploadErrorQueryInput,
  (_ctx, input, projectId) => listUploadFailures(projectId, input),
);

export const resourceActions = [
  ...categoryTreeActions({
    action: resourceAction,
    tree: resourceCategories,
    answerTree: resourceCategoryTree,
    readers: READERS,
    writers: [VIDEO],
  }),
  resourceQuery,
  resourceGet,
  resourceSave,
  resourceDelete,
  resourcePlayUrlAction,
  resourceCheckUpload,
  resourceUploadInit,
  resourceUploadChunk,
  resourceUploadStatus,
  resourceUploadComplete,
  resourceUploadAbort,
  resourceErrorImportVideo,
];
