import { defineJob } from '../../core/jobs';
import { dispatchPushes, SENDER_EXPIRE_SECONDS, sweepPushes } from './push-dispatch';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Sends one project's due pushes to the regulator (one waiting and one running per project). */
    'regulator.push': { projectId: number };
    /** Makes pushes of a dead sender due again and wakes every project's sender with pushes due. */
    'regulator.push-sweep': Record<string, never>;
  }
}

/**
 * A project's sender: a run of a 15 s slice (and one request in flight), which wakes the next run
 * while pushes are due. Its job expires soon after the longest run: the job of a process killed
 * mid-run stays `active` until then, and the project's next sender waits behind it (stately).
 */
export const regulatorPushJob = defineJob({
  name: 'regulator.push',
  policy: 'stately',
  retryLimit: 3,
  expireInSeconds: SENDER_EXPIRE_SECONDS,
  handler: async (scope, data) => {
    await dispatchPushes(scope, data.projectId);
  },
});

/** Every minute and at every start: leases run out, senders woken. */
export const regulatorPushSweepJob = defineJob({
  name: 'regulator.push-sweep',
  schedule: '* * * * *',
  atStart: {},
  retryLimit: 0,
  handler: async (scope) => {
    await sweepPushes(scope);
  },
});
