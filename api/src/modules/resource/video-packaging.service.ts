import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { type FileStorage, StorageError } from '../storage/storage';
import type { HlsPackage } from './hls';
import { deleteKeys, PackagingError, packageSegmentKeys, packageVideo } from './hls-package';
import { Resource } from './resource.model';
import type { PlayableVideo } from './video-provider';

/** The job that packages one video (see resource.jobs.ts). */
export const PACKAGE_JOB = 'resource.package-video';

type PackagingScope = Pick<Scope, 'sequelize' | 'log' | 'providers' | 'jobs'>;

/** Queues the packaging of a video (inside `transaction` when given: only if it commits). */
export async function queuePackaging(
  scope: Pick<Scope, 'jobs'>,
  resourceId: number,
  transaction?: Transaction,
): Promise<void> {
  await scope.jobs.send(PACKAGE_JOB, { resourceId }, transaction ? { transaction } : {});
}

/**
 * Packages a PROCESSING video as encrypted HLS (hls-package.ts) and makes it READY with its
 * package and key, dropping the segments of a package it replaces; a file ffmpeg cannot read makes
 * it FAILED with the reason. A video that is gone or no longer PROCESSING is left alone (so a job
 * run twice packages once). Answers the resource's state afterwards (null when gone).
 */
export async function packageResource(
  scope: Pick<PackagingScope, 'log' | 'providers'>,
  resourceId: number,
  options: { threads?: number } = {},
): Promise<'READY' | 'FAILED' | 'SKIPPED'> {
  const resource = await Resource.findOne({ where: { id: resourceId }, allTenants: true });
  if (resource?.status !== 'PROCESSING') return 'SKIPPED';
  const { storage } = scope.providers;
  const started = Date.now();
  try {
    const result = await packageVideo(storage, resource, options);
    const previous = resource.hls;
    const [updated] = await Resource.update(
      {
        hls: result.pkg,
        hlsKey: result.key,
        audioLanguages: result.audioLanguages,
        status: 'READY',
        statusReason: null,
      },
      { where: { id: resource.id, status: 'PROCESSING' }, allTenants: true },
    );
    if (!updated) {
      await deleteKeys(storage, result.segmentKeys);
      return 'SKIPPED';
    }
    if (previous) await deleteKeys(storage, packageSegmentKeys(resource, previous));
    scope.log.info(
      { resourceId, segments: result.segmentKeys.length, ms: Date.now() - started },
      'video packaged as HLS',
    );
    return 'READY';
  } catch (error) {
    if (!(error instanceof PackagingError))
      scope.log.error({ err: error, resourceId }, 'video packaging failed');
    const reason =
      error instanceof PackagingError ? error.message : '转码失败：服务器内部错误，请重试或联系管理员';
    await Resource.update(
      { status: 'FAILED', statusReason: reason.slice(0, 300) },
      { where: { id: resource.id, status: 'PROCESSING' }, allTenants: true },
    );
    return 'FAILED';
  }
}

/**
 * `resource/package-retry`: packages a FAILED video again (back to PROCESSING, 转码中). Throws
 * BusinessError unless it is FAILED.
 */
export async function retryPackaging(scope: PackagingScope, resource: Resource): Promise<void> {
  if (resource.status !== 'FAILED') throw new BusinessError('只有转码失败的视频可以重试');
  await scope.sequelize.transaction(async (transaction) => {
    const [updated] = await Resource.update(
      { status: 'PROCESSING', statusReason: null },
      { where: { id: resource.id, projectId: resource.projectId, status: 'FAILED' }, transaction },
    );
    if (!updated) throw new BusinessError('只有转码失败的视频可以重试');
    await queuePackaging(scope, resource.id, transaction);
  });
}

/** Deletes the stored segments of a video's package (when the video is deleted). */
export async function deletePackage(
  storage: FileStorage,
  resource: Pick<PlayableVideo, 'id' | 'projectId' | 'hls'>,
): Promise<void> {
  if (resource.hls) await deleteKeys(storage, packageSegmentKeys(resource, resource.hls));
}

/** A package copied for another row: its manifest and key (the row's `hls`, `hlsKey`) and its segments' keys. */
export interface CopiedPackage {
  hls: HlsPackage;
  hlsKey: Buffer;
  segmentKeys: string[];
}

/**
 * Copies the encrypted HLS package of `from` for a copy of it, `to` (a row of its own, id reserved:
 * the shared library's 共享 and 使用): each segment is stored again under `to`'s package folder, and
 * the manifest and key are the same (the segments are the same bytes). Answers null, leaving nothing
 * behind, when `from` has no package or one of its segments is missing from storage: the copy is
 * then packaged by its own job. Throws StorageError for any other storage failure (after removing
 * what it copied).
 */
export async function copyPackage(
  storage: FileStorage,
  from: Pick<Resource, 'id' | 'projectId' | 'hls' | 'hlsKey'>,
  to: { id: number; projectId: number | null },
): Promise<CopiedPackage | null> {
  const { hls, hlsKey } = from;
  if (!hls || !hlsKey) return null;
  const sources = packageSegmentKeys(from, hls);
  const targets = packageSegmentKeys(to, hls);
  const copied: string[] = [];
  try {
    for (const [index, source] of sources.entries()) {
      const target = targets[index] as string;
      await storage.put(target, await storage.get(source));
      copied.push(target);
    }
  } catch (error) {
    await deleteKeys(storage, copied);
    if (error instanceof StorageError && error.reason === 'not-found') return null;
    throw error;
  }
  return { hls, hlsKey: Buffer.from(hlsKey), segmentKeys: copied };
}
