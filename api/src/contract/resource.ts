import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls } from './call';
import { type CategoryItem, categoryTreeCalls } from './category-tree';
import {
  type Abilities,
  type PageAnswer,
  zIdInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { dateRangeInOrder, zCalendarDate } from './train-plan';

/** Kinds of resource. Only videos exist so far; documents and images would join here. */
export const RESOURCE_TYPES = ['video'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const zResourceType = z.enum(RESOURCE_TYPES, { error: '资源类型应为 video' });

/**
 * A resource's state: `READY` (可播放) can be played. An uploaded video is PROCESSING (转码中)
 * while it is packaged as encrypted HLS (docs/video.md), then READY, or FAILED (失败, with
 * `statusReason`; staff may retry it).
 */
export const RESOURCE_STATUS = ['READY', 'PROCESSING', 'FAILED'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUS)[number];

/** A resource category as `resource/category-save` answers it. */
export type ResourceCategoryItem = CategoryItem;

/** A node of `resource/category-tree`: siblings ordered by `sort`, then id. */
export interface ResourceCategoryNode extends ResourceCategoryItem {
  /** Resources in the category and all its descendants (a category can be deleted at 0). */
  resourceCount: number;
  children: ResourceCategoryNode[];
}

/** An optional category id: absent, blank or null means none. */
const zParentId = () => zOptional(zInput.id());

/** `resource/category-delete`, `resource/get`, `resource/delete`, `resource/play-url`. */
export const resourceIdInput = zIdInput;

/** A row of `resource/query` and the answer of `resource/get`. */
export interface ResourceItem {
  id: number;
  type: ResourceType;
  name: string;
  /** The name of the file as uploaded (shown only; never used to store or serve it). */
  fileName: string;
  categoryId: number | null;
  /** The category's path from the root, `安全生产 / 消防安全`; null without a category. */
  categoryName: string | null;
  /** The MIME type read from the content (`video/mp4`). */
  contentType: string;
  /** Bytes. */
  size: number;
  durationSeconds: number;
  width: number | null;
  height: number | null;
  status: ResourceStatus;
  /** Why packaging failed (FAILED only); null otherwise. */
  statusReason: string | null;
  /**
   * The languages of its audio as packaging found them (RFC 5646 tags, the default first; named by
   * @px/config `audioLanguageName`); empty before packaging or when the file tags none. With two or
   * more the player offers a language choice (`videoLanguage`).
   */
  audioLanguages: string[];
  /**
   * A re-package of this READY video waits or runs (重新转码中, `resource/repackage` or the
   * stale-package sweep): it plays its current package until the new one replaces it.
   */
  repackaging: boolean;
  /** Why the latest re-package failed (the video kept the package it had); null otherwise. */
  repackageFailure: string | null;
  /**
   * What staff may do to it: repackage, whether 重新转码 may be asked now (READY, packaged by us
   * rather than kept by 云点播, no re-package under way; `resource/repackage` refuses with the same
   * words).
   */
  abilities: Abilities<'repackage'>;
  createdAt: string;
  updatedAt: string;
}
export type ResourcePage = PageAnswer<ResourceItem>;

/**
 * `resource/query`: paged resources of the project, newest first. `name` matches part of the name,
 * `categoryId` selects a category and everything under it.
 */
export const resourceQueryInput = z.object({
  ...zPage,
  name: zOptionalText(100),
  categoryId: zOptional(zInput.id()),
  type: zOptional(zResourceType),
});
export type ResourceQueryInput = z.input<typeof resourceQueryInput>;

/** `resource/save`: renames a resource and sets its category (absent, blank or null: none). */
export const resourceSaveInput = z.object({
  id: zInput.id(),
  name: zRequiredText('视频名称', 100),
  categoryId: zParentId(),
});
export type ResourceSaveInput = z.input<typeof resourceSaveInput>;

const zFileSize = () =>
  z
    .number({ error: '文件大小应为正整数（字节）' })
    .int({ error: '文件大小应为正整数（字节）' })
    .positive({ error: '文件大小应为正整数（字节）' })
    .max(Number.MAX_SAFE_INTEGER, { error: '文件大小应为正整数（字节）' });

/**
 * `resource/upload-init`: announces a file of `fileSize` bytes to upload in chunks. The size limit
 * is checked here; the type is checked by content (the first chunk, then the whole file).
 */
export const resourceUploadInitInput = z.object({
  type: z.preprocess((value) => (value === undefined || value === '' ? 'video' : value), zResourceType),
  name: zRequiredText('视频名称', 100),
  fileName: zRequiredText('文件名', 255),
  fileSize: zFileSize(),
  categoryId: zParentId(),
});
export type ResourceUploadInitInput = z.input<typeof resourceUploadInitInput>;

/** An upload under way: where it stands and how to send the rest. */
export interface ResourceUploadState {
  uploadId: string;
  /** Every chunk has this many bytes but the last, which has the rest. */
  chunkSize: number;
  chunkCount: number;
  /** Indexes of the chunks received so far (ascending). */
  received: number[];
  /** When the upload is forgotten if it is not completed (each chunk extends it). */
  expiresAt: string;
}

const zUploadId = () => z.uuid({ error: '上传编号无效' });

/** `resource/upload-chunk` (multipart): chunk `index` (from 0) of the upload in the file field `file`. */
export const resourceUploadChunkInput = z.object({
  uploadId: zUploadId(),
  index: z
    .number({ error: '分片序号应为非负整数' })
    .int({ error: '分片序号应为非负整数' })
    .min(0, { error: '分片序号应为非负整数' }),
});

/** `resource/upload-status` and `resource/upload-abort`. */
export const resourceUploadIdInput = z.object({ uploadId: zUploadId() });

/**
 * `resource/upload-complete`: checks that every chunk arrived, assembles the file and verifies it
 * (size, content type, duration); with `sha256` (hex) also its digest. Answers the new resource.
 */
export const resourceUploadCompleteInput = z.object({
  uploadId: zUploadId(),
  sha256: zOptional(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[0-9a-f]{64}$/, { error: 'SHA-256 应为 64 位十六进制' }),
  ),
});

/**
 * `resource/check-upload` (multipart): checks a file (field `file`) for a resource type without
 * storing it. The file may be the whole file or its beginning with `fileSize` the whole size: the
 * type is read from the content either way, the duration only from a whole file. With `fileName`, a
 * refused file is recorded in the upload error log (`resource/error-import-video`).
 */
export const resourceCheckUploadInput = z.object({
  type: zResourceType,
  fileSize: zOptional(zFileSize()),
  /** The file's name: when given, a refusal is recorded in the upload error log. */
  fileName: zOptionalText(255),
  /** The video name the file was to get (recorded with a refusal). */
  name: zOptionalText(100),
});

/** The answer of `resource/check-upload`: what the content is. */
export interface ResourceCheckAnswer {
  type: ResourceType;
  contentType: string;
  /** The whole file's size (`fileSize`, or the file sent). */
  size: number;
  /** Read from a whole file; null when only its beginning was sent. */
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

/**
 * The answer of `resource/play-url`: how a player gets the video until `expiresAt`. The local
 * provider answers a signed same-origin URL (`/api/media/<token>`, HTTP range requests); cloud
 * providers would answer their own URL or a player token (`token`) instead.
 */
export interface ResourcePlayAnswer {
  provider: string;
  url: string | null;
  token: string | null;
  contentType: string;
  expiresAt: string;
}

/**
 * Why an upload did not make it: refused (content, type or size), cancelled by the uploader
 * (ABORTED), or abandoned and removed when its time ran out (EXPIRED).
 */
export const UPLOAD_FAILURE_KINDS = ['REFUSED', 'ABORTED', 'EXPIRED'] as const;
export type UploadFailureKind = (typeof UPLOAD_FAILURE_KINDS)[number];

/**
 * `resource/error-import-video`: the project's failed uploads, newest first. `name` matches part of
 * the file name or the video name; `startDate` and `endDate` (`YYYY-MM-DD`, China days, both
 * included) bound the day it failed.
 */
export const resourceUploadErrorQueryInput = z
  .object({
    ...zPage,
    name: zOptionalText(255),
    startDate: zOptional(zCalendarDate('开始日期')),
    endDate: zOptional(zCalendarDate('结束日期')),
  })
  .refine(...dateRangeInOrder('startDate', 'endDate'));
export type ResourceUploadErrorQueryInput = z.input<typeof resourceUploadErrorQueryInput>;

/** A row of `resource/error-import-video`: what was announced of the file, who sent it, and why it failed. */
export interface ResourceUploadErrorItem {
  id: number;
  type: ResourceType;
  /** The video name announced; null when the file was refused at its check, before it was named. */
  name: string | null;
  fileName: string;
  /** Bytes announced. */
  size: number;
  categoryId: number | null;
  /** The category's path from the root; null without a category (or when it was deleted since). */
  categoryName: string | null;
  kind: UploadFailureKind;
  /** Why, as the uploader was told. */
  reason: string;
  accountId: number | null;
  /** Who uploaded (the account's real name); null when the account is gone. */
  accountName: string | null;
  createdAt: string;
}
export type ResourceUploadErrorPage = PageAnswer<ResourceUploadErrorItem>;

/** `resource/upload-chunk`: the chunk stored. */
export interface ResourceChunkAnswer {
  uploadId: string;
  index: number;
  size: number;
}

/** `resource/check-upload`: the fields beside the file (multipart). */
export type ResourceCheckUploadInput = z.input<typeof resourceCheckUploadInput>;

/** 视频资源: the screen that manages categories and videos. */
const VIDEO = '/resource-manage/video';
/** The video screen, and the screens that pick and preview videos without managing them (courses, pop-up questions). */
const readers = staff(VIDEO, '/resource-manage/course', '/resource-manage/add-question');
const managers = staff(VIDEO);

/** The resource calls (`resource/...`): project staff on the videos of their project. */
export const resourceCalls = defineCalls('resource', {
  ...categoryTreeCalls(answer<ResourceCategoryNode[]>(), readers, managers),
  /** Paged resources (name, category with its descendants, type). */
  query: { input: resourceQueryInput, answer: answer<ResourcePage>(), access: readers },
  /** One resource. */
  get: { input: resourceIdInput, answer: answer<ResourceItem>(), access: readers },
  /** Renames a resource and sets its category. */
  save: { input: resourceSaveInput, answer: answer<ResourceItem>(), access: managers },
  /** Deletes a resource and its file; refused while a course lesson uses it. */
  delete: { input: resourceIdInput, answer: answer<null>(), access: managers },
  /** A signed, expiring URL playing the video: its encrypted HLS master playlist once packaged. */
  'play-url': { input: resourceIdInput, answer: answer<ResourcePlayAnswer>(), access: readers },
  /** Packages a video whose packaging failed again (重试): back to PROCESSING. */
  'package-retry': { input: resourceIdInput, answer: answer<ResourceItem>(), access: managers },
  /**
   * Packages a READY video again with the current packaging (重新转码), in the background: it stays
   * READY and plays its package until the new one replaces it.
   */
  repackage: { input: resourceIdInput, answer: answer<ResourceItem>(), access: managers },
  /** A signed, expiring URL of the original file as uploaded (staff download; HTTP range requests). */
  'download-url': { input: resourceIdInput, answer: answer<ResourcePlayAnswer>(), access: managers },
  /** Multipart `type`, `file` (and `fileSize`, `fileName`, `name`): checks a file without storing it. */
  'check-upload': {
    input: resourceCheckUploadInput,
    answer: answer<ResourceCheckAnswer>(),
    access: managers,
    upload: true,
  },
  /** Starts a chunked upload (size limit checked). */
  'upload-init': { input: resourceUploadInitInput, answer: answer<ResourceUploadState>(), access: managers },
  /** Multipart `uploadId`, `index`, `file`: one chunk of an upload. */
  'upload-chunk': {
    input: resourceUploadChunkInput,
    answer: answer<ResourceChunkAnswer>(),
    access: managers,
    upload: true,
  },
  /** The chunks of an upload received so far (to resume it). */
  'upload-status': { input: resourceUploadIdInput, answer: answer<ResourceUploadState>(), access: managers },
  /** Assembles and verifies the file; answers the new resource. */
  'upload-complete': {
    input: resourceUploadCompleteInput,
    answer: answer<ResourceItem>(),
    access: managers,
  },
  /** Drops an upload and its chunks. */
  'upload-abort': { input: resourceUploadIdInput, answer: answer<null>(), access: managers },
  /** The project's failed uploads (refused, cancelled, expired), newest first. */
  'error-import-video': {
    input: resourceUploadErrorQueryInput,
    answer: answer<ResourceUploadErrorPage>(),
    access: managers,
  },
});
