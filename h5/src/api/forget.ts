import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** Sends a password-reset code (the answer is alike whether or not the mobile is registered). Rejects with an ApiError. */
export const sendForgetMsgCode = (payload: InputOf<Calls['forget/send-msg-code-by-forget']>) =>
  api.call('forget/send-msg-code-by-forget', payload);

/** Sets a new password (encrypted) by SMS code; every session of the account ends. Rejects with an ApiError. */
export async function forgetPassword(payload: InputOf<Calls['forget/forget-password']>): Promise<void> {
  await api.call('forget/forget-password', payload);
}
