import { defineJob } from '../../core/jobs';
import { DELETE_RETIRED_JOB, deleteRetiredPackages } from './retired-package';
import { SWEEP_BATCH, sweepExpiredUploads } from './upload.service';
import {
  PACKAGE_JOB,
  PACKAGE_JOB_EXPIRE_SECONDS,
  packageResource,
  queueStaleRepackaging,
} from './video-packaging.service';

declare module '../../core/jobs' {
  interface JobPayloads {
    'resource.sweep-uploads': Record<string, never>;
    'resource.package-video': { resourceId: number };
    'resource.repackage-stale': Record<string, never>;
    'resource.delete-retired-packages': { resourceId?: number };
  }
}

/**
 * After an upload (and on 重试, 重新转码, and the stale-package sweep's re-packages): packages the
 * video as encrypted HLS in SD and HD (`packageResource`). Not retried by the queue: a failure is
 * kept on the video (失败 with the reason, or a re-package's reason beside 可播放) for staff to retry.
 */
export const packageVideoJob = defineJob({
  name: PACKAGE_JOB,
  retryLimit: 0,
  expireInSeconds: PACKAGE_JOB_EXPIRE_SECONDS,
  async handler(scope, data) {
    await packageResource(scope, data.resourceId);
  },
});

/**
 * At every start: queues a re-package, at low priority, of each video whose package an older
 * packaging built (`queueStaleRepackaging`, once per packaging version: starting again, or several
 * instances starting at once, queues nothing twice).
 */
export const repackageStaleJob = defineJob({
  name: 'resource.repackage-stale',
  atStart: {},
  retryLimit: 0,
  async handler(scope) {
    const queued = await queueStaleRepackaging(scope);
    if (queued) scope.log.info({ queued }, 'stale video packages queued for re-packaging');
  },
});

/**
 * Deletes the packages re-packages retired once every token issued for them has expired
 * (`deleteRetiredPackages`, retired-package.ts): one video's, queued by the swap to run at that
 * time; and every video's at every start and hourly, for a job lost or given up. Safe to run twice.
 */
export const deleteRetiredPackagesJob = defineJob({
  name: DELETE_RETIRED_JOB,
  atStart: {},
  schedule: '23 * * * *',
  retryLimit: 3,
  async handler(scope, data) {
    const removed = await deleteRetiredPackages(scope, data.resourceId);
    if (removed) scope.log.info({ removed, resourceId: data.resourceId }, 'retired video packages deleted');
  },
});

/** The most batches one run sweeps; whatever is left waits for the next run. */
const MAX_BATCHES = 50;

/**
 * Every quarter of an hour: removes the uploads whose time ran out, with their chunks, recording
 * each in the upload error log (`sweepExpiredUploads`, batch after batch).
 */
export const sweepUploadsJob = defineJob({
  name: 'resource.sweep-uploads',
  schedule: '*/15 * * * *',
  async handler(scope) {
    let swept = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const removed = await sweepExpiredUploads(scope);
      swept += removed;
      if (removed < SWEEP_BATCH) break;
    }
    if (swept) scope.log.info({ swept }, 'expired uploads swept');
  },
});
