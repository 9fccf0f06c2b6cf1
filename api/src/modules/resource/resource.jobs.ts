import { defineJob } from '../../core/jobs';
import { SWEEP_BATCH, sweepExpiredUploads } from './upload.service';

declare module '../../core/jobs' {
  interface JobPayloads {
    'resource.sweep-uploads': Record<string, never>;
  }
}

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
