import { type SMS_CODE_RULES, zEmail, zIdCardNumber, zMobile } from '@px/config';
import { z } from 'zod';
import { type PageAnswer, zInput, zOptional, zPage, zRequiredText } from './common';
import { zScene } from './wechat';

/** What an SMS code is issued for; a code verifies only for its own purpose. */
export type SmsPurpose = (typeof SMS_CODE_RULES.purposes)[number];

/** The six digits the person received by SMS. */
const zMsgCode = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '短信验证码为6位数字' });

/** A new password, RSA-OAEP (SHA-256) encrypted with `loginPublicKey`, base64; see login.ts. */
const zEncryptedPassword = z
  .string({ error: '请输入密码' })
  .min(16, { error: '须加密后提交，请刷新页面后重试' })
  .max(1024);

const zRealName = zRequiredText('姓名', 50);

/** What every code-sending call answers: seconds before another code may be requested. */
export interface SendMsgCodeAnswer {
  resendSeconds: number;
}

/** `register/send-msg-code`: a code to a mobile not yet registered in the project. */
export const registerSendMsgCodeInput = z.object({ mobile: zMobile, unitId: zInput.optionalId() });

/** `register/do-register`: a student account, signed in at once (answers LoginAnswer). */
export const doRegisterInput = z.object({
  realName: zRealName,
  idCardNo: zIdCardNumber,
  mobile: zMobile,
  msgCode: zMsgCode,
  password: zEncryptedPassword,
  unitId: zInput.optionalId(),
  email: zOptional(zEmail),
  /** Registering after WeChat OAuth: the binding scene; its openid is bound to the new account. */
  scene: zOptional(zScene),
});
export type DoRegisterInput = z.input<typeof doRegisterInput>;

/** `login/send-msg-code-by-login`: a sign-in code to a student's mobile. */
export const loginSendMsgCodeInput = z.object({ mobile: zMobile, unitId: zInput.optionalId() });

/**
 * `login/login-by-mobile`: mobile + code. With the project's `loginAsRegister` an unknown mobile
 * creates the student, which then needs `idCardNo` and `realName` as well.
 */
export const loginByMobileInput = z.object({
  mobile: zMobile,
  msgCode: zMsgCode,
  idCardNo: zOptional(zIdCardNumber),
  realName: zOptional(zRealName),
  unitId: zInput.optionalId(),
  /** `/login-wx-binding`: the binding scene; its openid is bound on success. */
  scene: zOptional(zScene),
});

/** `forget/send-msg-code-by-forget`: answers alike whether or not the mobile is registered. */
export const forgetSendMsgCodeInput = z.object({ mobile: zMobile, unitId: zInput.optionalId() });

/** `forget/forget-password`: a new password for the student of that mobile. */
export const forgetPasswordInput = z.object({
  mobile: zMobile,
  msgCode: zMsgCode,
  password: zEncryptedPassword,
  unitId: zInput.optionalId(),
});

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

/** `login/modify-mobile`: the new mobile and the code sent to it. */
export const modifyMobileInput = z.object({ mobile: zMobile, msgCode: zMsgCode });

/** `login/modify-password-by-mobile`: the code sent to the account's own mobile and the new password. */
export const modifyPasswordByMobileInput = z.object({ msgCode: zMsgCode, password: zEncryptedPassword });

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
