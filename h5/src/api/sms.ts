import type { SendMsgCodeAnswer, smsSendMsgCodeInput } from '@px/api/contract';
import type { z } from 'zod';
import { request } from './request';

/** `modify-mobile` sends to the new `mobile`; `modify-password` to the account's own mobile. */
export type SignedInSendMsgCodePayload = z.infer<typeof smsSendMsgCodeInput>;

/** Sends a code to the signed-in student (modify mobile or password). Rejects with an ApiError. */
export function sendSignedInMsgCode(payload: SignedInSendMsgCodePayload): Promise<SendMsgCodeAnswer> {
  return request<SendMsgCodeAnswer>({ url: '/sms/send-msg-code.action', method: 'post', data: payload });
}
