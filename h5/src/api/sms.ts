import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/**
 * Sends a code to the signed-in student: `modify-mobile` to the new `mobile`, `modify-password` to
 * the account's own mobile. Rejects with an ApiError.
 */
export const sendSignedInMsgCode = (payload: InputOf<Calls['sms/send-msg-code']>) =>
  api.call('sms/send-msg-code', payload);
