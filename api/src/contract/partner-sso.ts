import { z } from 'zod';
import { anyone } from './access';
import { answer, defineCalls } from './call';

/**
 * Single sign-on of a partner's students (docs/partner-api.md "Single sign-on"): the embedded study
 * page `/hxtx/detail-study?app=&ticket=` exchanges the one-time ticket of a partner's `ssoUrl` for a
 * session limited to that student's study of that enrolment.
 */

const APP_MESSAGE = '应用标识格式不正确';
const TICKET_MESSAGE = '学习链接格式不正确';

export const ssoLoginInput = z.object({
  app: z
    .string({ error: APP_MESSAGE })
    .trim()
    .regex(/^pk_[A-Za-z0-9]{8,40}$/, { error: APP_MESSAGE }),
  ticket: z
    .string({ error: TICKET_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: TICKET_MESSAGE }),
});

/** Why a ticket was refused (the H5 says so on a page of its own and tells the parent `goHome`). */
export type SsoRefusal = 'SSO_INVALID' | 'SSO_USED' | 'SSO_EXPIRED' | 'SSO_APP_DISABLED';

/** The `attribute` of a refused exchange: why, and the app's allowed origins when the app is known. */
export interface SsoRefusalAttribute {
  errorCode: SsoRefusal;
  allowedOrigins: string[];
}

export interface SsoLoginAnswer {
  /** The session token (kept by the embedded page only, never in the site's cookie). */
  token: string;
  /** The enrolment the session is limited to. */
  myClassId: number;
  /** When the session ends (ISO). */
  expiresAt: string;
  /** The app's name, and the origins that may frame the page (postMessage goes to these only). */
  appName: string;
  allowedOrigins: string[];
}

export const embedInfoInput = z.object({ app: ssoLoginInput.shape.app });

/** Who may frame the embedded study page of an app (what its CSP `frame-ancestors` says too). */
export interface EmbedInfo {
  /** The app's name; null for an unknown or disabled app (nothing may frame the page then). */
  appName: string | null;
  allowedOrigins: string[];
}

/** `partner/...`: what the H5 asks about partner platforms. */
export const partnerSsoCalls = defineCalls('partner', {
  /**
   * Exchanges a single-sign-on ticket (used once, within 5 minutes of its issue, of an enabled app)
   * for an embedded session of the student and enrolment it names. Refused (respDesc says why,
   * `attribute` an SsoRefusalAttribute) for an unknown, used or expired ticket or a disabled app.
   */
  'sso-login': { input: ssoLoginInput, answer: answer<SsoLoginAnswer>(), access: anyone },
  /**
   * The origins that may frame an app's embedded study page, so the page talks to its parent only
   * when the parent is one of them (a refused ticket, an ended session: `goHome`).
   */
  'embed-info': { input: embedInfoInput, answer: answer<EmbedInfo>(), access: anyone },
});
