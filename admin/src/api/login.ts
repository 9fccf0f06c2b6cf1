import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api, type RequestOptions } from './request';

/**
 * Step one of the two-step sign-in (the encrypted account, `roleType` 1: the back office): whether a
 * captcha must accompany the password and whether the account is locked. The payload goes in the
 * body (credentials never in a URL). Rejects with an ApiError; `options.quiet` shows nothing on failure.
 */
export const checkAccountBeforeLogin = (
  payload: InputOf<Calls['login/check-account-before-login']>,
  ...options: [RequestOptions?]
) => api.call('login/check-account-before-login', payload, ...options);

/**
 * Step two: encrypted account and password, and the image code when step one asked for it. Answers
 * the session token (`tokenCode`). Rejects with an ApiError.
 */
export const login = (payload: InputOf<Calls['login/login']>) => api.call('login/login', payload);

/** A new image code (each is single use): its token, sent back with the typed code, and the picture. Rejects with an ApiError. */
export const getLoginVcode = () => api.call('login/get-login-vcode');

/** Who is signed in: name, avatar and role with its menu tree. Rejects with an ApiError (401 when the token is dead). */
export const getAccountInfo = () => api.call('login/get-account-info');

/** Ends the session on the server; quiet, because signing out goes on whatever the answer. */
export async function loginOut(): Promise<void> {
  await api.call('login/login-out', {}, { quiet: true });
}
