import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { VIDEO_PROVIDER } from '@px/config';
import { Op } from 'sequelize';
import type { z } from 'zod';
import type {
  ResourceCheckAnswer,
  ResourceChunkAnswer,
  ResourceItem,
  ResourceType,
  ResourceUploadState,
  resourceCheckUploadInput,
  resourceUploadChunkInput,
  resourceUploadCompleteInput,
  resourceUploadInitInput,
} from '../../contract/resource';
import type { ActorScope, Scope, UploadedFile } from '../../core/action';
import { BusinessError, fieldError } from '../../core/errors';
import { audit } from '../audit/audit.service';
import { type FileStorage, type MultipartStorage, StorageError } from '../storage/storage';
import { MP4_HEAD_BYTES, MP4_MESSAGES, Mp4Error, type Mp4Info, probeMp4, type ReadAt, sniffMp4 } from './mp4';
import { Resource, ResourceUpload } from './resource.model';
import { getResource } from './resource.service';
import type { VideoLimits } from './resource.settings';
import { resourceCategories } from './resource-category.service';
import { storageReadAt } from './stored-mp4';
import { type FailedFile, recordUploadFailure, type UploadFailure } from './upload-error.service';
import { queuePackaging } from './video-packaging.service';
import { CloudVideoError } from './video-provider';

const UPLOAD_GONE = '上传不存在或已过期，请重新上传';
/** What every resource type's content is read as. */
const CONTENT_TYPE: Record<ResourceType, string> = { video: 'video/mp4' };

/** Where chunk `index` of an upload waits. */
export const chunkKey = (uploadId: string, index: number) => `uploads/${uploadId}/${index}`;
/** Where an upload's assembled file goes (and stays, as the resource's file). */
export const assembledKey = (upload: Pick<ResourceUpload, 'id' | 'projectId'>) =>
  `videos/${upload.projectId}/${upload.id}.mp4`;

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;

/** The expected size of chunk `index`: the chunk size, the rest for the last one. */
function chunkBytes(
  upload: Pick<ResourceUpload, 'size' | 'chunkSize' | 'chunkCount'>,
  index: number,
): number {
  return index < upload.chunkCount - 1
    ? upload.chunkSize
    : upload.size - upload.chunkSize * (upload.chunkCount - 1);
}

/** What the upload calls use of their scope: the database, the file storage and the video limits. */
type UploadScope = Pick<Scope, 'sequelize' | 'log' | 'providers'>;

const limitsOf = (scope: UploadScope): VideoLimits => scope.providers.video.limits;

/** When an upload touched now expires. */
const expiry = (scope: UploadScope) => new Date(Date.now() + limitsOf(scope).uploadTtlSeconds * 1000);

/** Reads ranges of a local file through an open handle (for the MP4 probe). */
function handleReadAt(handle: fs.promises.FileHandle): ReadAt {
  return async (offset, length) => {
    const buffer = Buffer.alloc(Math.max(0, length));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead);
  };
}

/** Probes a local file (an uploaded one, a demo video) as an MP4. Throws Mp4Error. */
export async function probeMp4File(filePath: string): Promise<Mp4Info> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    return await probeMp4(handleReadAt(handle), (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

/** Why a file of `size` bytes is refused for a type, or undefined when its size is allowed. */
function sizeRefusal(scope: UploadScope, type: ResourceType, size: number): string | undefined {
  const limit = limitsOf(scope).videoLimitBytes;
  return type === 'video' && size > limit ? `视频不能超过 ${megabytes(limit)}` : undefined;
}

/**
 * Refuses a file over the size limit naming `field`, after recording the refusal of `file` in the
 * upload error log. Throws ValidationError.
 */
async function checkSize(scope: UploadScope, file: FailedFile, field: string): Promise<void> {
  const refusal = sizeRefusal(scope, file.type, file.size);
  if (!refusal) return;
  await recordUploadFailure(file, { kind: 'REFUSED', reason: refusal });
  throw fieldError(field, 'max', refusal);
}

/** What an upload announced of its file, as the upload error log keeps it. */
const failedFileOf = (upload: ResourceUpload): FailedFile => ({
  projectId: upload.projectId,
  accountId: upload.accountId,
  type: upload.type,
  name: upload.name,
  fileName: upload.fileName,
  size: upload.size,
  categoryId: upload.categoryId,
});

function stateOf(upload: ResourceUpload, received: number[]): ResourceUploadState {
  return {
    uploadId: upload.id,
    chunkSize: upload.chunkSize,
    chunkCount: upload.chunkCount,
    received,
    expiresAt: upload.expiresAt.toISOString(),
  };
}

/**
 * The storage's multipart upload of an upload's final object, when the storage writes objects in
 * parts (object storage: each chunk is a part, docs/storage.md); undefined on the local disk.
 */
function partsOf(
  storage: FileStorage,
  upload: Pick<ResourceUpload, 'storageUploadId'>,
): { multipart: MultipartStorage; id: string } | undefined {
  return storage.multipart && upload.storageUploadId
    ? { multipart: storage.multipart, id: upload.storageUploadId }
    : undefined;
}

/** The chunks of an upload that arrived whole (their stored size is the expected one). */
async function receivedChunks(storage: FileStorage, upload: ResourceUpload): Promise<number[]> {
  const parts = partsOf(storage, upload);
  if (parts) {
    const stored = await parts.multipart.listParts(assembledKey(upload), parts.id).catch((error: unknown) => {
      if (error instanceof StorageError && error.reason === 'not-found') return [];
      throw error;
    });
    return stored
      .filter(
        (part) =>
          part.partNumber <= upload.chunkCount && part.size === chunkBytes(upload, part.partNumber - 1),
      )
      .map((part) => part.partNumber - 1);
  }
  const received: number[] = [];
  for (let index = 0; index < upload.chunkCount; index += 1) {
    const stored = await storage.stat(chunkKey(upload.id, index));
    if (stored?.size === chunkBytes(upload, index)) received.push(index);
  }
  return received;
}

/**
 * Removes everything of a failed upload: its row, its chunks and an assembled file. Whoever removes
 * the row records the failure in the upload error log (in the same transaction), so an upload is
 * recorded once even when a refusal and the sweep meet.
 */
async function discardUpload(
  scope: UploadScope,
  upload: ResourceUpload,
  failure: UploadFailure,
): Promise<void> {
  const { storage } = scope.providers;
  const projectId = upload.projectId;
  await scope.sequelize.transaction(async (transaction) => {
    const removed = await ResourceUpload.destroy({ where: { id: upload.id, projectId }, transaction });
    if (removed) await recordUploadFailure(failedFileOf(upload), failure, transaction);
  });
  const parts = partsOf(storage, upload);
  if (parts) await parts.multipart.abort(assembledKey(upload), parts.id);
  else
    for (let index = 0; index < upload.chunkCount; index += 1)
      await storage.delete(chunkKey(upload.id, index));
  if (!(await Resource.count({ where: { storageKey: assembledKey(upload), projectId } })))
    await storage.delete(assembledKey(upload));
}

/** The caller's own open upload; another account's, another project's or an expired one is "gone". */
async function loadUpload(scope: ActorScope, uploadId: string) {
  const upload = await ResourceUpload.findOne({
    where: {
      id: uploadId,
      projectId: scope.project.id,
      accountId: scope.principal.accountId,
      expiresAt: { [Op.gt]: new Date() },
    },
  });
  if (!upload) throw new BusinessError(UPLOAD_GONE);
  return upload;
}

/**
 * Starts a chunked upload of a file of `fileSize` bytes: checks the category and the size limit (a
 * file over it is recorded in the upload error log), and answers the upload id, chunk size and
 * count. Throws ValidationError naming `categoryId` (not a category of the project) or `fileSize`
 * (over the limit).
 */
export async function initUpload(
  scope: ActorScope,
  input: z.output<typeof resourceUploadInitInput>,
): Promise<ResourceUploadState> {
  const projectId = scope.project.id;
  if (input.categoryId !== undefined)
    await resourceCategories.requireCategory(scope, input.categoryId, 'categoryId');
  await checkSize(
    scope,
    {
      projectId,
      accountId: scope.principal.accountId,
      type: input.type,
      name: input.name,
      fileName: input.fileName,
      size: input.fileSize,
      categoryId: input.categoryId ?? null,
    },
    'fileSize',
  );
  const chunkSize = limitsOf(scope).chunkBytes;
  const id = randomUUID();
  // Object storage: the chunks become the parts of the final object, written where it will stay.
  const { multipart } = scope.providers.storage;
  const storageUploadId = multipart ? await multipart.start(assembledKey({ id, projectId })) : null;
  const upload = await ResourceUpload.create({
    id,
    storageUploadId,
    projectId,
    accountId: scope.principal.accountId,
    type: input.type,
    name: input.name,
    fileName: input.fileName,
    categoryId: input.categoryId ?? null,
    size: input.fileSize,
    chunkSize,
    chunkCount: Math.ceil(input.fileSize / chunkSize),
    expiresAt: expiry(scope),
  });
  return stateOf(upload, []);
}

/** Where an upload stands: its chunks received so far (a client resumes by sending the others). */
export async function uploadStatus(scope: ActorScope, uploadId: string): Promise<ResourceUploadState> {
  const upload = await loadUpload(scope, uploadId);
  return stateOf(upload, await receivedChunks(scope.providers.storage, upload));
}

/**
 * Stores one chunk (sending one again replaces it). The chunk must have its exact size; the first
 * chunk must begin like an MP4 file, or the whole upload is dropped at once. Throws ValidationError
 * naming `file` (missing, wrong size) or `index` (past the last chunk), BusinessError for a gone
 * upload, one being assembled or content that is not MP4.
 */
export async function receiveChunk(
  scope: ActorScope,
  input: z.output<typeof resourceUploadChunkInput>,
  file: UploadedFile | undefined,
): Promise<ResourceChunkAnswer> {
  if (!file) throw fieldError('file', 'required', '请选择要上传的分片');
  const upload = await loadUpload(scope, input.uploadId);
  if (upload.state !== 'OPEN') throw new BusinessError('上传正在合并，不能再接收分片');
  if (input.index >= upload.chunkCount)
    throw fieldError('index', 'max', `分片序号应小于 ${upload.chunkCount}`);
  const expected = chunkBytes(upload, input.index);
  if (file.size !== expected) throw fieldError('file', 'size', `分片大小应为 ${expected} 字节`);
  if (input.index === 0) {
    const handle = await fs.promises.open(file.path, 'r');
    const head = await handleReadAt(handle)(0, MP4_HEAD_BYTES).finally(() => handle.close());
    if (!sniffMp4(head)) {
      const reason = `${MP4_MESSAGES['not-mp4']}，已取消上传`;
      await discardUpload(scope, upload, { kind: 'REFUSED', reason });
      throw new BusinessError(reason);
    }
  }
  const { storage } = scope.providers;
  const key = chunkKey(upload.id, input.index);
  const parts = partsOf(storage, upload);
  if (parts) {
    try {
      await parts.multipart.putPart(
        assembledKey(upload),
        parts.id,
        input.index + 1,
        fs.createReadStream(file.path),
        expected,
      );
    } catch (error) {
      // Aborted meanwhile (cancelled, refused or swept): the upload is gone.
      if (error instanceof StorageError && error.reason === 'not-found') throw new BusinessError(UPLOAD_GONE);
      throw error;
    }
  } else await storage.put(key, fs.createReadStream(file.path));
  // The upload may have been completed, aborted or swept while the chunk travelled.
  const mine = { id: upload.id, projectId: upload.projectId };
  const [touched] = await ResourceUpload.update(
    { expiresAt: expiry(scope) },
    { where: { ...mine, state: 'OPEN' } },
  );
  if (!touched) {
    if (!parts && !(await ResourceUpload.count({ where: mine }))) await storage.delete(key);
    throw new BusinessError(UPLOAD_GONE);
  }
  return { uploadId: upload.id, index: input.index, size: expected };
}

/**
 * Drops an upload and its chunks (recorded as cancelled in the upload error log). Throws
 * BusinessError for a gone upload or one being assembled.
 */
export async function abortUpload(scope: ActorScope, uploadId: string): Promise<void> {
  const upload = await loadUpload(scope, uploadId);
  if (upload.state !== 'OPEN') throw new BusinessError('上传正在合并，不能取消');
  await discardUpload(scope, upload, { kind: 'ABORTED', reason: '上传已取消' });
}

/** A refusal of the assembled file: everything of the upload is removed (recorded), then the reason thrown. */
async function refuseUpload(scope: UploadScope, upload: ResourceUpload, message: string): Promise<never> {
  await discardUpload(scope, upload, { kind: 'REFUSED', reason: message });
  throw new BusinessError(message);
}

/** What the error log says of an upload that failed on the server's side (the error itself is logged). */
const SERVER_FAILURE: UploadFailure = { kind: 'REFUSED', reason: '服务器处理视频失败，请重新上传' };

/**
 * Completes an upload: every chunk must be there whole (else refused naming the missing ones, and
 * the upload stays open for them); the chunks are assembled into the resource's file, which must
 * have the announced size (and `sha256` when given), be an MP4 with a video track and a readable
 * duration, or everything of the upload is removed. Then the resource row is written (audited) and
 * the chunks removed. Throws BusinessError with the reason.
 */
export async function completeUpload(
  scope: ActorScope,
  input: z.output<typeof resourceUploadCompleteInput>,
): Promise<ResourceItem> {
  const projectId = scope.project.id;
  const { storage } = scope.providers;
  const upload = await loadUpload(scope, input.uploadId);
  const mine = { id: upload.id, projectId };
  const [claimed] = await ResourceUpload.update(
    { state: 'ASSEMBLING', expiresAt: expiry(scope) },
    { where: { ...mine, state: 'OPEN' } },
  );
  if (!claimed) throw new BusinessError('该上传正在合并，请稍候');

  const received = new Set(await receivedChunks(storage, upload));
  const missing = Array.from({ length: upload.chunkCount }, (_, index) => index).filter(
    (index) => !received.has(index),
  );
  if (missing.length) {
    await ResourceUpload.update({ state: 'OPEN' }, { where: mine });
    const shown = missing.slice(0, 20).join('、') + (missing.length > 20 ? ' 等' : '');
    throw new BusinessError(`还有 ${missing.length} 个分片未上传（序号 ${shown}），请继续上传后再完成`, {
      missing,
    });
  }

  const key = assembledKey(upload);
  const hash = createHash('sha256');
  const parts = partsOf(storage, upload);
  async function* assembled() {
    for (let index = 0; index < upload.chunkCount; index += 1) {
      for await (const piece of await storage.get(chunkKey(upload.id, index))) {
        hash.update(piece as Buffer);
        yield piece as Buffer;
      }
    }
  }
  let stored: { size: number };
  try {
    if (parts) {
      // The parts become the object in the storage; its digest is read back once, streamed.
      stored = await parts.multipart.complete(key, parts.id);
      for await (const piece of await storage.get(key)) hash.update(piece as Buffer);
    } else stored = await storage.put(key, Readable.from(assembled()));
  } catch (error) {
    await ResourceUpload.update({ state: 'OPEN' }, { where: mine });
    throw error;
  }
  const sha256 = hash.digest('hex');
  if (stored.size !== upload.size) return refuseUpload(scope, upload, '合并后的文件大小与声明的不一致');
  if (input.sha256 && input.sha256 !== sha256)
    return refuseUpload(scope, upload, '文件校验失败（SHA-256 不一致），请重新上传');
  let info: Mp4Info;
  try {
    info = await probeMp4(storageReadAt(storage, key, stored.size), stored.size);
  } catch (error) {
    if (error instanceof Mp4Error) return refuseUpload(scope, upload, error.message);
    await discardUpload(scope, upload, SERVER_FAILURE);
    throw error;
  }
  // 视频服务 云点播: the file goes to the cloud VOD service, which keeps it from now on.
  let storageKey = key;
  if (scope.project.settings.videoProvider === VIDEO_PROVIDER.TENCENT_VOD) {
    const { cloudVideo } = scope.providers;
    if (!cloudVideo) return refuseUpload(scope, upload, '项目的视频服务为腾讯云点播，但平台未配置云点播服务');
    try {
      storageKey = await cloudVideo.upload(storage, key, {
        name: upload.fileName,
        type: CONTENT_TYPE[upload.type],
      });
    } catch (error) {
      if (!(error instanceof CloudVideoError)) throw error;
      await ResourceUpload.update({ state: 'OPEN' }, { where: mine });
      throw new BusinessError(`上传到腾讯云点播失败（${error.code}），请稍后重试`);
    }
  }

  let resourceId: number;
  try {
    resourceId = await scope.sequelize.transaction(async (transaction) => {
      // The category may have been deleted meanwhile (the upload then has none).
      const current = await ResourceUpload.findOne({
        where: mine,
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!current) throw new BusinessError(UPLOAD_GONE);
      const resource = await Resource.create(
        {
          projectId,
          categoryId: current.categoryId,
          type: upload.type,
          name: upload.name,
          fileName: upload.fileName,
          storageKey,
          contentType: CONTENT_TYPE[upload.type],
          size: stored.size,
          sha256,
          durationSeconds: info.durationSeconds,
          width: info.width,
          height: info.height,
          // Packaged as HLS by its job; a cloud VOD service keeps and plays the file itself.
          status: storageKey === key ? 'PROCESSING' : 'READY',
          createdBy: scope.principal.accountId,
        },
        { transaction },
      );
      await current.destroy({ transaction });
      if (storageKey === key) await queuePackaging(scope, resource.id, transaction);
      await audit(
        scope,
        {
          action: 'resource.create',
          projectId,
          targetType: 'resource',
          targetId: resource.id,
          detail: {
            name: resource.name,
            fileName: resource.fileName,
            size: resource.size,
            durationSeconds: resource.durationSeconds,
          },
        },
        transaction,
      );
      return resource.id;
    });
  } catch (error) {
    await discardUpload(
      scope,
      upload,
      error instanceof BusinessError ? { kind: 'REFUSED', reason: error.message } : SERVER_FAILURE,
    );
    throw error;
  }
  for (let index = 0; !parts && index < upload.chunkCount; index += 1) {
    await storage.delete(chunkKey(upload.id, index)).catch((error: unknown) => {
      scope.log.warn({ err: error, uploadId: upload.id }, 'could not delete an upload chunk');
    });
  }
  // A video handed to the cloud VOD service is kept there only.
  if (storageKey !== key)
    await storage.delete(key).catch((error: unknown) => {
      scope.log.warn({ err: error, uploadId: upload.id }, 'could not delete a file moved to cloud VOD');
    });
  return getResource(scope, resourceId);
}

/**
 * Checks a file for a resource type without storing it: the size limit (of `fileSize`, or of the
 * file sent) and the content (an MP4 with a video track); a whole file also answers its duration.
 * When the caller names the file (`fileName`), a refusal is recorded in the upload error log.
 * Throws ValidationError naming `file` (missing, larger than `fileSize`) or `fileSize` (over the
 * limit), BusinessError when the content is not of the type.
 */
export async function checkUpload(
  scope: ActorScope,
  input: z.output<typeof resourceCheckUploadInput>,
  file: UploadedFile | undefined,
): Promise<ResourceCheckAnswer> {
  if (!file || file.size === 0) throw fieldError('file', 'required', '请选择文件');
  const size = input.fileSize ?? file.size;
  if (file.size > size) throw fieldError('fileSize', 'min', '文件大小不能小于所传内容');
  const fileName = input.fileName;
  const checked: FailedFile = {
    projectId: scope.project.id,
    accountId: scope.principal.accountId,
    type: input.type,
    name: input.name ?? null,
    fileName: fileName ?? '',
    size,
    categoryId: null,
  };
  // Only a named file is recorded: a check without a name is a probe, not an upload.
  const record = (reason: string) =>
    fileName ? recordUploadFailure(checked, { kind: 'REFUSED', reason }) : Promise.resolve();
  const refusal = sizeRefusal(scope, input.type, size);
  if (refusal) {
    await record(refusal);
    throw fieldError(input.fileSize === undefined ? 'file' : 'fileSize', 'max', refusal);
  }
  const handle = await fs.promises.open(file.path, 'r');
  try {
    const readAt = handleReadAt(handle);
    if (!sniffMp4(await readAt(0, MP4_HEAD_BYTES))) throw new Mp4Error('not-mp4', MP4_MESSAGES['not-mp4']);
    if (size !== file.size)
      return {
        type: input.type,
        contentType: CONTENT_TYPE[input.type],
        size,
        durationSeconds: null,
        width: null,
        height: null,
      };
    const info = await probeMp4(readAt, file.size);
    return {
      type: input.type,
      contentType: CONTENT_TYPE[input.type],
      size,
      durationSeconds: info.durationSeconds,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (!(error instanceof Mp4Error)) throw error;
    await record(error.message);
    throw new BusinessError(error.message);
  } finally {
    await handle.close();
  }
}

/** How many expired uploads one sweep removes at most. */
export const SWEEP_BATCH = 20;

/**
 * Removes uploads of every project whose time ran out (abandoned, or stuck after a crash), with
 * their chunks and any half-assembled file, recording each in the upload error log; at most
 * `limit` per call (the `resource.sweep-uploads` job runs it). Answers how many were removed.
 */
export async function sweepExpiredUploads(
  scope: UploadScope,
  now = new Date(),
  limit = SWEEP_BATCH,
): Promise<number> {
  const expired = await ResourceUpload.findAll({
    where: { expiresAt: { [Op.lte]: now } },
    order: [['expiresAt', 'ASC']],
    limit,
    // A sweep of every project's expired uploads.
    allTenants: true,
  });
  for (const upload of expired)
    await discardUpload(scope, upload, { kind: 'EXPIRED', reason: '上传长时间未完成，已过期清除' });
  return expired.length;
}
