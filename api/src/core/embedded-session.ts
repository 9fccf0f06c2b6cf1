import type { Principal } from './action';
import { ForbiddenError } from './errors';

/**
 * What a session opened by a partner's single-sign-on ticket may do (docs/partner-api.md "Single
 * sign-on"): the calls of the embedded study page (`/hxtx/detail-study`) and what it leads to inside
 * the frame (pop-up questions, face checks, the exam, the profile the project requires first), for
 * the one enrolment the ticket named. Everything else (password, mobile, orders, other classes)
 * is refused: the partner's page must not become a way into the rest of the student's account.
 */
export const EMBEDDED_SESSION_CALLS: ReadonlySet<string> = new Set([
  'login/get-account-info',
  'login/login-out',
  'account/is-need-complete',
  'account/complete-info',
  'my-class/study-info',
  'my-class/exam-entry',
  'study/start',
  'study/heartbeat',
  'study/answer-question',
  'study/confirm-idle',
  'study/face-check',
  'study/end',
  'face/photo-status',
  'face/photo-upload',
  'my-certificate/mine',
  'exam/start',
  'exam/sheet',
  'exam/save',
  'exam/submit',
  'exam/result',
  'exam/attempts',
  'wechat/js-sdk-config',
]);

export const EMBEDDED_REFUSAL = '合作平台嵌入的学习会话只能学习本班级';

/** Refuses a call an embedded session may not make (outside EMBEDDED_SESSION_CALLS). */
export function checkEmbeddedCall(principal: Principal | null, callKey: string): void {
  if (principal?.embedded && !EMBEDDED_SESSION_CALLS.has(callKey)) throw new ForbiddenError(EMBEDDED_REFUSAL);
}

/** Refuses an embedded session's call naming another enrolment (`myClassId`) than the session's. */
export function checkEmbeddedInput(principal: Principal | null, input: unknown): void {
  const embedded = principal?.embedded;
  if (!embedded) return;
  const myClassId = (input as { myClassId?: unknown } | null)?.myClassId;
  if (myClassId !== undefined && myClassId !== null && Number(myClassId) !== embedded.myClassId)
    throw new ForbiddenError(EMBEDDED_REFUSAL);
}
