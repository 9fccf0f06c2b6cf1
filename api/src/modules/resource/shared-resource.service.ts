import { randomUUID } from 'node:crypto';
import { Op, QueryTypes, type Transaction, UniqueConstraintError, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type { ResourcePlayAnswer } from '../../contract/resource';
import type {
  SharedResourceCandidate,
  SharedResourceItem,
  SharedResourceUseAnswer,
  sharedResourceCandidatesInput,
  sharedResourceQueryInput,
  sharedResourceSaveInput,
  sharedResourceShareInput,
} from '../../contract/shared-resource';
import type { ActorScope, Scope, SignedInScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { modelPage, NEWEST_FIRST, newestFirstPage } from '../../core/newest-first';
import { authorize, principalScope } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { StorageError } from '../storage/storage';
import { deleteKeys } from './hls-package';
import { Resource } from './resource.model';
import { getResource, RESOURCE_NOT_FOUND, staffPlayUrl } from './resource.service';
import { sharedResourceAbilities } from './shared-resource.policy';
import { presentSharedResource } from './shared-resource.presenter';
import { copyPackage, deletePackage, queuePackaging } from './video-packaging.service';
import { keptByCloudVideo } from './video-provider';

/**
 * The shared resource library (共享资源库, docs/product-decisions.md "Shared resource library"):
 * resources without a project, which platform staff put there by sharing a project's video (a copy
 * of its row and file, so the project's later changes do not reach it) and rename or delete; every
 * project's staff list and preview them, and use one (使用) by copying it (row and file, the file
 * under the project's own key prefix) into their 视频资源, where the copy is theirs. The database
 * lets every project read shared rows and only platform staff (a bypass) write them. A copy takes
 * its source's encrypted HLS package along (segments copied, same key: docs/video.md), so it plays as
 * HLS at once; a source never packaged gives a copy that is packaged by its own job.
 */

export const SHARED_NOT_FOUND = '共享资源不存在';
const SHARED_FILE_MISSING = '共享资源的文件缺失，暂不能使用，请联系平台管理员';
export const CLOUD_VIDEO_NOT_SHARED = '该视频保存在云点播中，平台没有它的文件，不能共享';

/** One row of the library. Throws BusinessError 共享资源不存在. */
async function loadShared(id: number, transaction?: Transaction): Promise<Resource> {
  const shared = await Resource.findOne({
    where: { id, projectId: null },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!shared) throw new BusinessError(SHARED_NOT_FOUND);
  return shared;
}

/**
 * Stores a copy of a resource's file under `key` (streamed, not held in memory). Throws
 * BusinessError `missing` when the source file is gone, or when the copy's size differs.
 */
async function copyStoredFile(scope: Scope, from: Resource, key: string, missing: string): Promise<void> {
  const { storage } = scope.providers;
  let size: number;
  try {
    size = (await storage.put(key, await storage.get(from.storageKey))).size;
  } catch (error) {
    if (error instanceof StorageError && error.reason === 'not-found') {
      scope.log.error({ resourceId: from.id }, 'the file of a resource to copy is missing from storage');
      throw new BusinessError(missing);
    }
    throw error;
  }
  if (size !== from.size) {
    await dropFile(scope, key);
    scope.log.error(
      { resourceId: from.id, size, expected: from.size },
      'a copied resource file differs in size',
    );
    throw new BusinessError(missing);
  }
}

/** Deletes a stored file, logging (not throwing) a failure: a file left behind costs only space. */
async function dropFile(scope: Scope, key: string): Promise<void> {
  try {
    await scope.providers.storage.delete(key);
  } catch (error) {
    scope.log.error({ err: error }, 'could not delete a stored resource file');
  }
}

/** The columns a copy takes from its source (what the file is), with its own project, key and origin. */
function copyFields(
  source: Resource,
  fields: Pick<Resource, 'projectId' | 'storageKey' | 'name' | 'createdBy'>,
) {
  return {
    ...fields,
    categoryId: null,
    type: source.type,
    fileName: source.fileName,
    contentType: source.contentType,
    size: source.size,
    sha256: source.sha256,
    durationSeconds: source.durationSeconds,
    width: source.width,
    height: source.height,
    audioLanguages: source.audioLanguages,
    sourceId: source.id,
  };
}

/** The id the next resource row will have, taken now (so its package folder can be written first). */
async function reserveResourceId(scope: Scope): Promise<number> {
  const [row] = await scope.sequelize.query<{ id: string }>("SELECT nextval('resource_id_seq') AS id", {
    type: QueryTypes.SELECT,
  });
  return Number(row?.id);
}

/**
 * Copies a video as a new row (`fields`: its project, file key, name, author): the file, then its
 * HLS package (copyPackage: segments under the new row's folder, the same key), then in one
 * transaction the row and what `record` writes beside it (the audit entry). A source without a
 * package (or with segments missing) gives a copy that is PROCESSING (转码中) with its packaging
 * queued in that transaction, unless `unpackaged: 'as-is'` keeps the source's state (the copy then
 * plays as its MP4, as the source did). When the transaction fails, the new files are removed and its
 * error is thrown (UniqueConstraintError: another call made the copy first). Answers the new row's id.
 * Throws BusinessError `missing` when the source's file is gone.
 */
async function copyVideo(
  scope: Scope,
  source: Resource,
  fields: Pick<Resource, 'projectId' | 'storageKey' | 'name' | 'createdBy'>,
  options: {
    missing: string;
    unpackaged: 'package' | 'as-is';
    record: (copy: Resource, transaction: Transaction) => Promise<unknown>;
  },
): Promise<number> {
  const { storage } = scope.providers;
  await copyStoredFile(scope, source, fields.storageKey, options.missing);
  let segmentKeys: string[] = [];
  try {
    const id = await reserveResourceId(scope);
    const pkg = await copyPackage(storage, source, { id, projectId: fields.projectId });
    segmentKeys = pkg?.segmentKeys ?? [];
    const queue = !pkg && options.unpackaged === 'package';
    await scope.sequelize.transaction(async (transaction) => {
      const copy = await Resource.create(
        {
          ...copyFields(source, fields),
          id,
          status: queue ? 'PROCESSING' : source.status,
          ...(pkg ? { hls: pkg.hls, hlsKey: pkg.hlsKey, packagerVersion: pkg.packagerVersion } : {}),
        },
        { transaction },
      );
      if (queue) await queuePackaging(scope, id, transaction);
      await options.record(copy, transaction);
    });
    return id;
  } catch (error) {
    await dropFile(scope, fields.storageKey);
    await deleteKeys(storage, segmentKeys);
    throw error;
  }
}

/**
 * Shared rows as the caller sees them (`presentSharedResource`): project staff with their project's
 * copy of each, platform staff with how many projects hold one.
 */
async function sharedItems(scope: SignedInScope, rows: Resource[]): Promise<SharedResourceItem[]> {
  const abilities = (row: Resource) => sharedResourceAbilities(principalScope(scope), { id: row.id });
  const ids = rows.map((row) => row.id);
  const projectId = scope.principal.projectId;
  if (projectId !== null) {
    const copies = ids.length
      ? await Resource.findAll({ where: { projectId, sourceId: ids }, attributes: ['id', 'sourceId'] })
      : [];
    const copyOf = new Map(copies.map((copy) => [copy.sourceId, copy.id]));
    return rows.map((row) =>
      presentSharedResource(
        row,
        { copiedResourceId: copyOf.get(row.id) ?? null, copyCount: null },
        abilities(row),
      ),
    );
  }
  const counts = ids.length
    ? ((await Resource.count({
        where: { projectId: { [Op.ne]: null }, sourceId: ids },
        group: ['sourceId'],
        allTenants: true,
      })) as unknown as { sourceId: number; count: number }[])
    : [];
  const countOf = new Map(counts.map((entry) => [entry.sourceId, Number(entry.count)]));
  return rows.map((row) =>
    presentSharedResource(
      row,
      { copiedResourceId: null, copyCount: countOf.get(row.id) ?? 0 },
      abilities(row),
    ),
  );
}

/** `shared-resource/query`: one page of the library, newest first (`name` matches part of the name). */
export async function listSharedResources(
  scope: SignedInScope,
  input: z.output<typeof sharedResourceQueryInput>,
): Promise<PageAnswer<SharedResourceItem>> {
  const where: WhereOptions<Resource> = {
    projectId: null,
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
  };
  return newestFirstPage(Resource, where, input, (rows) => sharedItems(scope, rows));
}

/** One shared resource as the caller sees it. Throws BusinessError 共享资源不存在. */
export async function getSharedResource(scope: SignedInScope, id: number): Promise<SharedResourceItem> {
  const [item] = await sharedItems(scope, [await loadShared(id)]);
  return item as SharedResourceItem;
}

/** `shared-resource/play-url` (预览): as `resource/play-url`, for a shared video. */
export async function sharedResourcePlayUrl(scope: Scope, id: number): Promise<ResourcePlayAnswer> {
  return staffPlayUrl(scope, await loadShared(id));
}

/**
 * `shared-resource/use` (使用): copies a shared resource into the caller's project (copyVideo): its
 * file to a new key under the project's prefix (`videos/<project>/…`) and its HLS package, so the
 * copy plays as HLS at once (a shared video without a package: the copy is 转码中 until its own
 * packaging job ends), then the row (no category, `sourceId` the shared one) with its audit entry in
 * one transaction; when that fails the new files are removed. Idempotent: while the project holds a copy,
 * using it again answers that copy with `created: false` (also when two calls race: the unique
 * index lets one in). The copy is the project's: renaming or deleting it leaves the shared one as it
 * is, and the platform's later changes do not reach it. Throws BusinessError 共享资源不存在, or when the
 * shared file is missing.
 */
export async function useSharedResource(scope: ActorScope, id: number): Promise<SharedResourceUseAnswer> {
  authorize(principalScope(scope), 'shared-resource.use', { id });
  const projectId = scope.project.id;
  const existingCopy = () => Resource.findOne({ where: { projectId, sourceId: id } });
  const shared = await loadShared(id);
  const existing = await existingCopy();
  if (existing) return { resource: await getResource(scope, existing.id), created: false };

  let copyId: number;
  try {
    copyId = await copyVideo(
      scope,
      shared,
      {
        projectId,
        storageKey: `videos/${projectId}/${randomUUID()}.mp4`,
        name: shared.name,
        createdBy: scope.principal.accountId,
      },
      {
        missing: SHARED_FILE_MISSING,
        unpackaged: 'package',
        record: (copy, transaction) =>
          audit(
            scope,
            {
              action: 'resource.use-shared',
              projectId,
              targetType: 'resource',
              targetId: copy.id,
              detail: { sharedId: shared.id, name: copy.name, size: copy.size },
            },
            transaction,
          ),
      },
    );
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      const raced = await existingCopy();
      if (raced) return { resource: await getResource(scope, raced.id), created: false };
    }
    throw error;
  }
  return { resource: await getResource(scope, copyId), created: true };
}

/** `shared-resource/candidates` (platform): a project's videos, newest first, each with its shared copy. */
export async function listShareCandidates(
  scope: SignedInScope,
  input: z.output<typeof sharedResourceCandidatesInput>,
): Promise<PageAnswer<SharedResourceCandidate>> {
  authorize(principalScope(scope), 'shared-resource.manage', { id: 0 });
  return modelPage(
    Resource,
    {
      where: {
        projectId: input.projectId,
        ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
      },
      order: NEWEST_FIRST,
    },
    input,
    async (rows) => {
      const ids = rows.map((row) => row.id);
      const shared = ids.length
        ? await Resource.findAll({
            where: { projectId: null, sourceId: ids },
            attributes: ['id', 'sourceId'],
          })
        : [];
      const sharedOf = new Map(shared.map((row) => [row.sourceId, row.id]));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        fileName: row.fileName,
        size: row.size,
        durationSeconds: row.durationSeconds,
        createdAt: row.createdAt.toISOString(),
        sharedId: sharedOf.get(row.id) ?? null,
      }));
    },
  );
}

/**
 * `shared-resource/share` (platform): copies a project's READY video (row, file to
 * `shared/videos/…` and HLS package: copyVideo) into the library, named `name` or the video's name. Idempotent: a video
 * already shared answers its shared resource. Audited. Throws BusinessError 视频不存在 (no such
 * video in that project), or when the video is not READY, is kept by a cloud VOD service, or its
 * file is missing.
 */
export async function shareResource(
  scope: SignedInScope,
  input: z.output<typeof sharedResourceShareInput>,
): Promise<SharedResourceItem> {
  authorize(principalScope(scope), 'shared-resource.manage', { id: 0 });
  const source = await Resource.findOne({ where: { id: input.resourceId, projectId: input.projectId } });
  if (!source) throw new BusinessError(RESOURCE_NOT_FOUND);
  if (source.status !== 'READY') throw new BusinessError('视频还在处理中，暂不能共享');
  if (keptByCloudVideo(source)) throw new BusinessError(CLOUD_VIDEO_NOT_SHARED);
  const existingShare = () => Resource.findOne({ where: { projectId: null, sourceId: source.id } });
  const existing = await existingShare();
  if (existing) return getSharedResource(scope, existing.id);

  let sharedId: number;
  try {
    sharedId = await copyVideo(
      scope,
      source,
      {
        projectId: null,
        storageKey: `shared/videos/${randomUUID()}.mp4`,
        name: input.name ?? source.name,
        createdBy: scope.principal.accountId,
      },
      {
        missing: '视频文件缺失，不能共享',
        // A video never packaged is shared as it plays (its MP4); the projects' copies get packaged.
        unpackaged: 'as-is',
        record: (shared, transaction) =>
          audit(
            scope,
            {
              action: 'shared-resource.share',
              projectId: null,
              targetType: 'shared-resource',
              targetId: shared.id,
              detail: { fromProjectId: input.projectId, fromResourceId: source.id, name: shared.name },
            },
            transaction,
          ),
      },
    );
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      const raced = await existingShare();
      if (raced) return getSharedResource(scope, raced.id);
    }
    throw error;
  }
  return getSharedResource(scope, sharedId);
}

/** `shared-resource/save` (platform): renames a shared resource; copies keep their names. Audited. */
export async function saveSharedResource(
  scope: SignedInScope,
  input: z.output<typeof sharedResourceSaveInput>,
): Promise<SharedResourceItem> {
  authorize(principalScope(scope), 'shared-resource.manage', { id: input.id });
  await scope.sequelize.transaction(async (transaction) => {
    const shared = await loadShared(input.id, transaction);
    const before = shared.name;
    await shared.update({ name: input.name }, { transaction });
    await audit(
      scope,
      {
        action: 'shared-resource.update',
        projectId: null,
        targetType: 'shared-resource',
        targetId: shared.id,
        detail: { before: { name: before }, after: { name: shared.name } },
      },
      transaction,
    );
  });
  return getSharedResource(scope, input.id);
}

/**
 * `shared-resource/delete` (platform): takes a resource out of the library and deletes its file and
 * HLS package.
 * The projects' copies stay (their own rows and files; they just no longer point back). Audited.
 */
export async function deleteSharedResource(scope: SignedInScope, id: number): Promise<void> {
  authorize(principalScope(scope), 'shared-resource.manage', { id });
  const shared = await scope.sequelize.transaction(async (transaction) => {
    const found = await loadShared(id, transaction);
    await found.destroy({ transaction });
    await audit(
      scope,
      {
        action: 'shared-resource.delete',
        projectId: null,
        targetType: 'shared-resource',
        targetId: found.id,
        detail: { name: found.name, fileName: found.fileName, size: found.size },
      },
      transaction,
    );
    return found;
  });
  await dropFile(scope, shared.storageKey);
  await deletePackage(scope.providers.storage, shared);
}
