import { type SMS_CODE_RULES, zMobile } from '@px/config';
import { z } from 'zod';
import { accountHolder, platformOrStaff } from './access';
import { answer, defineCalls } from './call';
import { type PageAnswer, zInput, zOptional, zPage } from './common';

/** What an SMS code is issued for; a code verifies only for its own purpose. */
export type SmsPurpose = (typeof SMS_CODE_RULES.purposes)[number];

/** The six digits the person received by SMS. */
export const zMsgCode = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '短信验证码为6位数字' });

/** What every code-sending call answers: seconds before another code may be requested. */
export interface SendMsgCodeAnswer {
  resendSeconds: number;
}

/** Purposes a signed-in caller may request a code for at `sms/send-msg-code`. */
export const SIGNED_IN_SMS_PURPOSES = [
  'modify-mobile',
  'modify-password',
] as const satisfies readonly SmsPurpose[];

/**
 * `sms/send-msg-code` (signed in): `modify-mobile` sends to the new `mobile`; `modify-password`
 * sends to the account's own mobile (`mobile` is ignored).
 */
export const smsSendMsgCodeInput = z
  .object({
    purpose: z.enum(SIGNED_IN_SMS_PURPOSES, { error: '验证码用途不正确' }),
    mobile: zOptional(zMobile),
  })
  .superRefine((value, ctx) => {
    if (value.purpose === 'modify-mobile' && value.mobile === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: '请输入新手机号' });
    }
  });

/** `sms/outbox`: newest first; `mobile` matches any part of the number. */
export const smsOutboxInput = z.object({
  ...zPage,
  mobile: zOptional(
    z
      .string()
      .trim()
      .regex(/^\d{1,11}$/, { error: '应为1-11位数字' }),
  ),
  /** Platform staff only: narrow to one project. */
  projectId: zInput.optionalId(),
});

export interface SmsOutboxItem {
  id: number;
  projectId: number;
  mobile: string;
  content: string;
  /** ISO 8601 */
  createdAt: string;
}
export type SmsOutboxPage = PageAnswer<SmsOutboxItem>;

/**
 * The SMS calls (`sms/...`). The codes of signing up, signing in and forgotten passwords are sent
 * by their own calls (`register/...`, `login/...`, `forget/...` in login.ts).
 */
export const smsCalls = defineCalls('sms', {
  /** A code for the signed-in caller: to the new mobile (`modify-mobile`) or their own (`modify-password`). */
  'send-msg-code': {
    input: smsSendMsgCodeInput,
    answer: answer<SendMsgCodeAnswer>(),
    access: accountHolder,
  },
  /**
   * The messages the outbox provider kept, newest first (a demo reads its codes here): project staff
   * see their project's, platform staff every project's.
   */
  outbox: {
    input: smsOutboxInput,
    answer: answer<SmsOutboxPage>(),
    access: platformOrStaff('/account-manage/administrator-list'),
  },
});
