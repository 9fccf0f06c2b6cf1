import type { forgetPasswordInput, forgetSendMsgCodeInput, SendMsgCodeAnswer } from '@px/api/contract';
import type { z } from 'zod';
import { request } from './request';

export type ForgetSendMsgCodePayload = z.infer<typeof forgetSendMsgCodeInput>;
/** A new password (encrypted) for the student of that mobile, with the code sent to it. */
export type ForgetPasswordPayload = z.infer<typeof forgetPasswordInput>;

/** Sends a password-reset code (the answer is alike whether or not the mobile is registered). Rejects with an ApiError. */
export function sendForgetMsgCode(payload: ForgetSendMsgCodePayload): Promise<SendMsgCodeAnswer> {
  return request<SendMsgCodeAnswer>({
    url: '/forget/send-msg-code-by-forget.action',
    method: 'post',
    data: payload,
  });
}

/** Sets a new password by SMS code; every session of the account ends. Rejects with an ApiError. */
export function forgetPassword(payload: ForgetPasswordPayload): Promise<void> {
  return request<void>({ url: '/forget/forget-password.action', method: 'post', data: payload });
}
