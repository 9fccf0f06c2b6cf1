import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import type { FileStorage } from '../storage/storage';
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
