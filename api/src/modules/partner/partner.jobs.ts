import { QueryTypes } from 'sequelize';
import { defineJob } from '../../core/jobs';
import { withBypass } from '../../db/tenant-access';
import { deliverNotice, NOTICE_ATTEMPTS } from './partner-notice.service';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Deletes the partner API's spent records; scheduled every 10 minutes. */
    'partner.sweep': Record<string, never>;
    /** Delivers one progress notice to its app's callback URL (retried with backoff). */
    'partner.notice': { projectId: number; noticeId: number; replay: boolean };
  }
}

/**
 * Every 10 minutes, across projects: nonces past twice the signature window (a request that old is
 * refused by its timestamp anyway), rate windows older than an hour, access tokens and single-sign-on
 * tickets a day past their end. Safe to run twice.
 */
export const partnerSweepJob = defineJob({
  name: 'partner.sweep',
  schedule: '*/10 * * * *',
  async handler(scope) {
    const now = scope.providers.clock.now();
    const deleted = await withBypass('partner sweep', async () => {
      const counts: Record<string, number> = {};
      for (const [table, condition] of [
        ['partner_nonce', "created_at < CAST(:now AS timestamptz) - interval '10 minutes'"],
        ['partner_rate_window', "window_start < CAST(:now AS timestamptz) - interval '1 hour'"],
        ['partner_token', "expires_at < CAST(:now AS timestamptz) - interval '1 day'"],
        ['partner_sso_ticket', "expires_at < CAST(:now AS timestamptz) - interval '1 day'"],
      ] as const) {
        const rows = await scope.sequelize.query(`DELETE FROM ${table} WHERE ${condition} RETURNING 1`, {
          replacements: { now },
          type: QueryTypes.SELECT,
        });
        counts[table] = rows.length;
      }
      return counts;
    });
    scope.log.info({ deleted }, 'partner API records swept');
  },
});

/**
 * Delivers a progress notice (partner-notice.service `deliverNotice`): a failed delivery throws, and
 * pg-boss tries again with backoff (30 s, 1 min, 2 min, …) until the notice has had NOTICE_ATTEMPTS.
 */
export const partnerNoticeJob = defineJob({
  name: 'partner.notice',
  retryLimit: NOTICE_ATTEMPTS - 1,
  expireInSeconds: 60,
  async handler(scope, data) {
    await deliverNotice(scope, data.noticeId, data.replay);
  },
});
