import { literal, Op, QueryTypes, where as sqlWhere, type Transaction, type WhereOptions } from 'sequelize';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { type FileStorage, StorageError } from '../storage/storage';
import type { HlsPackage } from './hls';
import {
  deleteKeys,
  PACKAGER_VERSION,
  PackagingError,
  packageSegmentKeys,
  packageVideo,
} from './hls-package';
import { Resource } from './resource.model';
import { DELETE_RETIRED_JOB, retire } from './retired-package';
import type { PlayableVideo } from './video-provider';

/** The job that packages one video (see resource.jobs.ts). */
export const PACKAGE_JOB = 'resource.package-video';

/** The longest a packaging job may run before the queue counts it as failed (its ffmpeg stops sooner). */
export const PACKAGE_JOB_EXPIRE_SECONDS = 60 * 60;

/**
 * The queue priority of packaging (pg-boss takes the higher first): an upload's, a retry's and
 * staff's re-package before the stale-package sweep's, which waits behind every other.
 */
export const PACKAGE_PRIORITY = { staff: 0, background: -10 } as const;

/** The refusal of a re-package while one is under way. */
export const REPACKAGE_BUSY = '该视频正在重新转码，请等待完成';

type PackagingScope = Pick<Scope, 'sequelize' | 'log' | 'providers' | 'jobs'>;

/** Queues the packaging of a video (inside `transaction` when given: only if it commits). */
export async function queuePackaging(
  scope: Pick<Scope, 'jobs'>,
  resourceId: number,
  transaction?: Transaction,
  priority: number = PACKAGE_PRIORITY.staff,
): Promise<void> {
  await scope.jobs.send(PACKAGE_JOB, { resourceId }, { ...(transaction ? { transaction } : {}), priority });
}

/** The rows whose `hls` is still `pkg` (the same package id), or still none. */
const stillPackagedAs = (pkg: HlsPackage | null): WhereOptions<Resource> =>
  pkg ? sqlWhere(literal("hls->>'id'"), pkg.id) : { hls: null };

/**
 * Packages a video as encrypted HLS (hls-package.ts) with PACKAGER_VERSION:
 * - a PROCESSING one (an upload, 重试) becomes READY with its package and key; a file ffmpeg
 *   cannot read makes it FAILED with the reason;
 * - a READY one with a re-package asked for (`repackageRequestedAt`, 重新转码) keeps playing its
 *   package while the new one is built; the new one then replaces it in one update (package, key,
 *   version), which retires the old one: it keeps serving the tokens issued for it until they have
 *   all expired, then the job `resource.delete-retired-packages`, queued in that update's
 *   transaction to run then, deletes its segments (retired-package.ts); when it fails, the old
 *   package stays and the reason is kept in `repackageFailure`.
 * The row is written only if nothing changed it meanwhile (deleted, packaged by another run): else
 * the new segments are dropped. A video that is gone or has nothing to package is left alone (so a
 * job run twice packages once). Answers how it ended: READY, FAILED (for a re-package: it failed,
 * the video stays READY), SKIPPED.
 */
export async function packageResource(
  scope: PackagingScope,
  resourceId: number,
  options: { threads?: number } = {},
): Promise<'READY' | 'FAILED' | 'SKIPPED'> {
  const resource = await Resource.findOne({ where: { id: resourceId }, allTenants: true });
  if (!resource) return 'SKIPPED';
  const repackaging = resource.status === 'READY' && resource.repackageRequestedAt !== null;
  if (resource.status !== 'PROCESSING' && !repackaging) return 'SKIPPED';
  const { storage } = scope.providers;
  const previous = resource.hls;
  const unchanged: WhereOptions<Resource> = repackaging
    ? {
        id: resource.id,
        status: 'READY',
        repackageRequestedAt: { [Op.ne]: null },
        [Op.and]: [stillPackagedAs(previous)],
      }
    : { id: resource.id, status: 'PROCESSING' };
  const started = Date.now();
  try {
    // Background work: ffmpeg yields the CPU to students' calls.
    const result = await packageVideo(storage, resource, { ...options, background: true });
    const updated = await scope.sequelize.transaction(async (transaction) => {
      const held = await Resource.findOne({
        attributes: ['id', 'hlsKey', 'hlsRetired'],
        where: unchanged,
        transaction,
        lock: transaction.LOCK.UPDATE,
        allTenants: true,
      });
      if (!held) return false;
      // The package replaced keeps serving the tokens issued for it until they have all expired.
      const retiring =
        previous && held.hlsKey
          ? retire(
              held.hlsRetired,
              previous,
              Buffer.from(held.hlsKey),
              scope.providers.video.limits.playUrlTtlSeconds,
              new Date(),
            )
          : null;
      await Resource.update(
        {
          hls: result.pkg,
          hlsKey: result.key,
          ...(retiring ? { hlsRetired: retiring.retired } : {}),
          audioLanguages: result.audioLanguages,
          packagerVersion: PACKAGER_VERSION,
          status: 'READY',
          statusReason: null,
          repackageRequestedAt: null,
          repackageFailure: null,
        },
        { where: { id: held.id }, transaction, allTenants: true },
      );
      if (retiring)
        await scope.jobs.send(
          DELETE_RETIRED_JOB,
          { resourceId: held.id },
          { transaction, startAfter: retiring.deleteAfter },
        );
      return true;
    });
    if (!updated) {
      await deleteKeys(storage, result.segmentKeys);
      return 'SKIPPED';
    }
    scope.log.info(
      { resourceId, repackaging, segments: result.segmentKeys.length, ms: Date.now() - started },
      'video packaged as HLS',
    );
    return 'READY';
  } catch (error) {
    if (!(error instanceof PackagingError))
      scope.log.error({ err: error, resourceId, repackaging }, 'video packaging failed');
    const reason = (
      error instanceof PackagingError ? error.message : '转码失败：服务器内部错误，请重试或联系管理员'
    ).slice(0, 300);
    await Resource.update(
      repackaging
        ? { repackageRequestedAt: null, repackageFailure: reason }
        : { status: 'FAILED', statusReason: reason },
      { where: unchanged, allTenants: true },
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

/**
 * Whether a re-package of the video waits or runs (重新转码中). One asked for longer ago than the
 * job may run is lost (its process died): it no longer counts, and may be asked for again.
 */
export function isRepackaging(
  resource: Pick<Resource, 'status' | 'repackageRequestedAt'>,
  now: number = Date.now(),
): boolean {
  const since = resource.repackageRequestedAt;
  return (
    resource.status === 'READY' && since !== null && since.getTime() > now - PACKAGE_JOB_EXPIRE_SECONDS * 1000
  );
}

/**
 * Why 重新转码 may not be asked for this video now, or null when it may: only a READY video, not one
 * the cloud VOD service keeps (no package of ours), not while a re-package of it is under way. The
 * check of `requestRepackaging` and the answer's `abilities.canRepackage` (the back office's button).
 */
export function repackageRefusal(
  scope: Pick<PackagingScope, 'providers'>,
  resource: Pick<Resource, 'status' | 'storageKey' | 'repackageRequestedAt'>,
): string | null {
  if (resource.status !== 'READY') return '只有可播放的视频可以重新转码';
  if (scope.providers.cloudVideo?.keeps(resource.storageKey)) return '该视频由云点播保存和播放，无需重新转码';
  if (isRepackaging(resource)) return REPACKAGE_BUSY;
  return null;
}

/**
 * `resource/repackage` (重新转码): packages a READY video again with the current packaging, in
 * the background (`packageResource`); it stays READY and plays its current package until the new
 * one replaces it. Throws BusinessError unless it is READY, when the cloud VOD service keeps it (no
 * package of ours), or while a re-package of it is under way (REPACKAGE_BUSY).
 */
export async function requestRepackaging(scope: PackagingScope, resource: Resource): Promise<void> {
  const refusal = repackageRefusal(scope, resource);
  if (refusal) throw new BusinessError(refusal);
  const lostBefore = new Date(Date.now() - PACKAGE_JOB_EXPIRE_SECONDS * 1000);
  await scope.sequelize.transaction(async (transaction) => {
    const [updated] = await Resource.update(
      { repackageRequestedAt: new Date(), repackageVersion: PACKAGER_VERSION, repackageFailure: null },
      {
        where: {
          id: resource.id,
          projectId: resource.projectId,
          status: 'READY',
          [Op.or]: [{ repackageRequestedAt: null }, { repackageRequestedAt: { [Op.lt]: lostBefore } }],
        },
        transaction,
      },
    );
    if (!updated) throw new BusinessError(REPACKAGE_BUSY);
    await queuePackaging(scope, resource.id, transaction, PACKAGE_PRIORITY.staff);
  });
}

/** How many stale videos the sweep asks re-packages for per transaction. */
const STALE_BATCH = 100;

/**
 * The stale-package sweep (`resource.repackage-stale`, at every start): asks a re-package, in the
 * background (PACKAGE_PRIORITY.background), of every READY video whose package was built by an
 * older packaging than PACKAGER_VERSION, once per version: a video already asked for at this
 * version (still waiting, re-packaged, or failed) or with a re-package under way is left alone, so
 * starting again (or several instances starting at once) queues nothing twice. Each batch marks its
 * videos and queues their jobs in one transaction. Answers how many it queued.
 */
export async function queueStaleRepackaging(scope: Pick<Scope, 'sequelize' | 'jobs'>): Promise<number> {
  let queued = 0;
  for (;;) {
    const ids = await scope.sequelize.transaction(async (transaction) => {
      const rows = await scope.sequelize.query<{ id: number }>(
        `UPDATE resource SET repackage_requested_at = :now, repackage_version = :version, repackage_failure = NULL
          WHERE id IN (
            SELECT id FROM resource
             WHERE status = 'READY' AND hls IS NOT NULL AND repackage_requested_at IS NULL
               AND (packager_version IS NULL OR packager_version < :version)
               AND (repackage_version IS NULL OR repackage_version < :version)
             ORDER BY id LIMIT :batch FOR UPDATE SKIP LOCKED)
          RETURNING id`,
        {
          replacements: { now: new Date(), version: PACKAGER_VERSION, batch: STALE_BATCH },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      for (const row of rows)
        await queuePackaging(scope, Number(row.id), transaction, PACKAGE_PRIORITY.background);
      return rows;
    });
    queued += ids.length;
    if (ids.length < STALE_BATCH) return queued;
  }
}

/** Deletes the stored segments of a video's package and its retired ones (when the video is deleted). */
export async function deletePackage(
  storage: FileStorage,
  resource: Pick<PlayableVideo, 'id' | 'projectId' | 'hls'> & Partial<Pick<Resource, 'hlsRetired'>>,
): Promise<void> {
  if (resource.hls) await deleteKeys(storage, packageSegmentKeys(resource, resource.hls));
  for (const retired of resource.hlsRetired ?? [])
    await deleteKeys(storage, packageSegmentKeys(resource, retired.hls));
}

/** A package copied for another row: its manifest and key (the row's `hls`, `hlsKey`) and its segments' keys. */
export interface CopiedPackage {
  hls: HlsPackage;
  hlsKey: Buffer;
  /** The packaging version of the package copied (the copy's `packagerVersion`). */
  packagerVersion: number | null;
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
  from: Pick<Resource, 'id' | 'projectId' | 'hls' | 'hlsKey' | 'packagerVersion'>,
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
  return { hls, hlsKey: Buffer.from(hlsKey), packagerVersion: from.packagerVersion, segmentKeys: copied };
}
