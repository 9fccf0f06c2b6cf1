import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import {
  resourceCategoryDragInput,
  resourceCategorySaveInput,
  resourceCheckUploadInput,
  resourceIdInput,
  resourceQueryInput,
  resourceSaveInput,
  resourceUploadChunkInput,
  resourceUploadCompleteInput,
  resourceUploadIdInput,
  resourceUploadInitInput,
} from '../../contract/resource';
import { type ActionContext, defineAction } from '../../core/action';
import { requireProjectId } from '../../core/tenant';
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

/** 视频资源: the screen that manages categories and videos. */
const VIDEO = '/resource-manage/video';
/** Screens that pick and preview videos without managing them (courses, pop-up questions). */
const READERS = [VIDEO, '/resource-manage/course', '/resource-manage/add-question'];
const STAFF = [ROLE_SYSTEM.PROJECT];

const fileOf = (ctx: ActionContext) => ctx.files.find((file) => file.field === 'file');

function staffAction<S extends z.ZodType, R>(
  name: string,
  permission: string[],
  input: S,
  handler: (ctx: ActionContext, input: z.output<S>, projectId: number) => Promise<R>,
) {
  return defineAction({
    group: 'resource',
    name,
    auth: 'signed-in',
    roles: STAFF,
    permission,
    input,
    handler: (ctx, parsed) => handler(ctx, parsed, requireProjectId(ctx)),
  });
}

/** `resource/category-tree`: the project's resource categories as a tree, with resource counts. */
export const resourceCategoryTreeAction = staffAction(
  'category-tree',
  READERS,
  z.object({}),
  (_ctx, _input, projectId) => resourceCategoryTree(projectId),
);

/** `resource/category-save`: creates or renames a category. */
export const resourceCategorySave = staffAction(
  'category-save',
  [VIDEO],
  resourceCategorySaveInput,
  (ctx, input, projectId) => resourceCategories.save(ctx, projectId, input),
);

/** `resource/category-drag`: moves a category under a parent and/or to a position among siblings. */
export const resourceCategoryDrag = staffAction(
  'category-drag',
  [VIDEO],
  resourceCategoryDragInput,
  async (ctx, input, projectId) => {
    await resourceCategories.drag(ctx, projectId, input);
    return resourceCategoryTree(projectId);
  },
);

/** `resource/category-delete`: deletes a category and its children when none holds resources. */
export const resourceCategoryDelete = staffAction(
  'category-delete',
  [VIDEO],
  resourceIdInput,
  async (ctx, input, projectId) => {
    await resourceCategories.remove(ctx, projectId, input.id);
    return null;
  },
);

/** `resource/query`: paged resources (name, category with its descendants, type). */
export const resourceQuery = staffAction('query', READERS, resourceQueryInput, (_ctx, input, projectId) =>
  listResources(projectId, input),
);

/** `resource/get`: one resource. */
export const resourceGet = staffAction('get', READERS, resourceIdInput, (_ctx, input, projectId) =>
  getResource(projectId, input.id),
);

/** `resource/save`: renames a resource and sets its category. */
export const resourceSave = staffAction('save', [VIDEO], resourceSaveInput, (ctx, input, projectId) =>
  saveResource(ctx, projectId, input),
);

/** `resource/delete`: deletes a resource and its file. */
export const resourceDelete = staffAction(
  'delete',
  [VIDEO],
  resourceIdInput,
  async (ctx, input, projectId) => {
    await deleteResource(ctx, projectId, input.id);
    return null;
  },
);

/** `resource/play-url`: a signed, expiring URL playing the video (HTTP range requests). */
export const resourcePlayUrlAction = staffAction(
  'play-url',
  READERS,
  resourceIdInput,
  (ctx, input, projectId) => resourcePlayUrl(ctx, projectId, input.id),
);

/** `resource/check-upload` (multipart `type`, `file`): checks a file for a type without storing it. */
export const resourceCheckUpload = staffAction(
  'check-upload',
  [VIDEO],
  resourceCheckUploadInput,
  (ctx, input) => checkUpload(input, fileOf(ctx)),
);

/** `resource/upload-init`: starts a chunked upload (size limit checked); expired uploads are swept. */
export const resourceUploadInit = staffAction(
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
export const resourceUploadChunk = staffAction(
  'upload-chunk',
  [VIDEO],
  resourceUploadChunkInput,
  (ctx, input, projectId) => receiveChunk(ctx, projectId, input, fileOf(ctx)),
);

/** `resource/upload-status`: the chunks of an upload received so far (to resume it). */
export const resourceUploadStatus = staffAction(
  'upload-status',
  [VIDEO],
  resourceUploadIdInput,
  (ctx, input, projectId) => uploadStatus(ctx, projectId, input.uploadId),
);

/** `resource/upload-complete`: assembles and verifies the file; answers the new resource. */
export const resourceUploadComplete = staffAction(
  'upload-complete',
  [VIDEO],
  resourceUploadCompleteInput,
  (ctx, input, projectId) => completeUpload(ctx, projectId, input),
);

/** `resource/upload-abort`: drops an upload and its chunks. */
export const resourceUploadAbort = staffAction(
  'upload-abort',
  [VIDEO],
  resourceUploadIdInput,
  async (ctx, input, projectId) => {
    await abortUpload(ctx, projectId, input.uploadId);
    return null;
  },
);

export const resourceActions = [
  resourceCategoryTreeAction,
  resourceCategorySave,
  resourceCategoryDrag,
  resourceCategoryDelete,
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
];
