import { api } from './request';

/**
 * Exchanges a partner's single-sign-on ticket for the embedded session of its student and
 * enrolment. Quiet: the embedded page shows a refusal (used, expired, unknown ticket) as a page of
 * its own. Rejects with an ApiError.
 */
export const exchangeSsoTicket = (app: string, ticket: string) =>
  api.call('partner/sso-login', { app, ticket }, { quiet: true });

/** The origins that may frame an app's embedded study page (none for an unknown or disabled app). */
export const getEmbedInfo = (app: string) => api.call('partner/embed-info', { app }, { quiet: true });
