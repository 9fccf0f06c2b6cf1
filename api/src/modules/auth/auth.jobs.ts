import { defineJob } from '../../core/jobs';
import { deleteOldAttempts } from './sign-in-limits.service';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Deletes the sign-in attempts too old to count; scheduled hourly. */
    'sign-in-attempt.sweep': Record<string, never>;
  }
}

/**
 * Every hour: deletes the password attempts older than `SIGN_IN_LIMITS.keepAttemptsMs` (they no
 * longer count for captchas or locks), so the table stays small. Safe to run twice.
 */
export const signInAttemptSweep = defineJob({
  name: 'sign-in-attempt.sweep',
  schedule: '17 * * * *',
  async handler(scope) {
    const deleted = await deleteOldAttempts();
    if (deleted) scope.log.info({ deleted }, 'old sign-in attempts deleted');
  },
});
