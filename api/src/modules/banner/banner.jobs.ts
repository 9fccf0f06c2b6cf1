import { defineJob } from '../../core/jobs';
import { IMAGE_SWEEP_BATCH, sweepUnusedBannerImages } from './banner.service';

declare module '../../core/jobs' {
  interface JobPayloads {
    'banner.sweep-images': Record<string, never>;
  }
}

/** The most batches one run sweeps; whatever is left waits for the next run. */
const MAX_BATCHES = 50;

/**
 * Every hour: removes the uploaded banner images no banner took within a day, with their files
 * (`sweepUnusedBannerImages`, batch after batch).
 */
export const sweepBannerImagesJob = defineJob({
  name: 'banner.sweep-images',
  schedule: '7 * * * *',
  async handler(scope) {
    let swept = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const removed = await sweepUnusedBannerImages(scope);
      swept += removed;
      if (removed < IMAGE_SWEEP_BATCH) break;
    }
    if (swept) scope.log.info({ swept }, 'unused banner images swept');
  },
});
