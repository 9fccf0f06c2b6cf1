import { defineJob } from '../../core/jobs';
import { sendIssue, sendRed, sweepInvoices } from './invoice-issue';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Sends an ISSUING invoice's request to the electronic-invoice platform. */
    'invoice.issue': { invoiceId: number };
    /** Sends a RED_ISSUING invoice's red request. */
    'invoice.red': { invoiceId: number };
    /** `now` (ISO) and `staleSeconds` stand in for the clock and the wait, for tests. */
    'invoice.sweep': { now?: string; staleSeconds?: number };
  }
}

/** Invoices a sweep asks about at most per run. */
const SWEEP_BATCH = 50;
/** An invoice in flight is asked about when nothing came for this long (a lost callback). */
const STALE_SECONDS = 60;

/** Sends an opened invoice to the platform; retried while the platform cannot be reached. */
export const invoiceIssueJob = defineJob({
  name: 'invoice.issue',
  retryLimit: 5,
  handler: (scope, data) => sendIssue(scope, data.invoiceId),
});

/** Sends a red reversal to the platform; retried while the platform cannot be reached. */
export const invoiceRedJob = defineJob({
  name: 'invoice.red',
  retryLimit: 5,
  handler: (scope, data) => sendRed(scope, data.invoiceId),
});

/** Every minute: asks the platform about invoices ISSUING or RED_ISSUING for over a minute. */
export const invoiceSweepJob = defineJob({
  name: 'invoice.sweep',
  schedule: '* * * * *',
  retryLimit: 0,
  handler: (scope, data) =>
    sweepInvoices(
      scope,
      data.now ? new Date(data.now) : new Date(),
      (data.staleSeconds ?? STALE_SECONDS) * 1000,
      SWEEP_BATCH,
    ),
});
