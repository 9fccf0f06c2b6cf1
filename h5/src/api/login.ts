import type { Calls, SwitchLoginList } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api, type RequestOptions } from './request';

/**
 * Step one of the two-step sign-in (the encrypted account, `roleType` 3: the student H5): whether a
 * captcha must accompany the password (and which) and whether sign-in is locked. Rejects with an
 * ApiError; `options.quiet` shows nothing on failure.
 */
export const checkAccountBeforeLogin = (
  payload: InputOf<Calls['login/check-account-before-login']>,
  options?: RequestOptions,
) => api.call('login/check-account-before-login', payload, options);

/**
 * Step two: encrypted account and password, the slider proof when step one asked for it, and the
 * WeChat binding `scene` (its openid is bound to the account). Answers the session token
 * (`tokenCode`). Rejects with an ApiError.
 */
export const login = (payload: InputOf<Calls['login/login']>) => api.call('login/login', payload);

/** Sends a sign-in code to a student's mobile; answers the seconds before another may be sent. Rejects with an ApiError. */
export const sendMsgCodeByLogin = (payload: InputOf<Calls['login/send-msg-code-by-login']>) =>
  api.call('login/send-msg-code-by-login', payload);

/**
 * Signs in with mobile + SMS code (`scene` binds the WeChat visitor). An unknown mobile under
 * `loginAsRegister` is refused naming `idCardNo` / `realName` (an ApiFieldsError) until they are
 * sent. Rejects with an ApiError.
 */
export const loginByMobile = (payload: InputOf<Calls['login/login-by-mobile']>) =>
  api.call('login/login-by-mobile', payload);

/** Who is signed in: name and role. Rejects with an ApiError (401 when the token is dead). */
export const getAccountInfo = () => api.call('login/get-account-info');

/** Ends the session on the server; quiet, because signing out goes on whatever the answer. */
export async function loginOut(): Promise<void> {
  await api.call('login/login-out', {}, { quiet: true });
}

/** Changes the password with the old one (both encrypted). Rejects with an ApiError. */
export async function modifyPassword(payload: InputOf<Calls['login/modify-password']>): Promise<void> {
  await api.call('login/modify-password', payload);
}

/** Changes the password with a code sent to the account's mobile (password encrypted). Rejects with an ApiError. */
export async function modifyPasswordByMobile(
  payload: InputOf<Calls['login/modify-password-by-mobile']>,
): Promise<void> {
  await api.call('login/modify-password-by-mobile', payload);
}

/** Binds a new mobile with the code sent to it. Rejects with an ApiError. */
export async function modifyMobile(payload: InputOf<Calls['login/modify-mobile']>): Promise<void> {
  await api.call('login/modify-mobile', payload);
}

/** The student accounts of the same person (other projects), the current one flagged. Rejects with an ApiError. */
export async function listSwitchAccounts(): Promise<SwitchLoginList> {
  const answer = await api.call('login/switch-login', {});
  if (!('list' in answer)) throw new Error('login/switch-login answered a sign-in to a list request');
  return answer;
}

/** Signs in as another account of the same person; the current session ends. Rejects with an ApiError. */
export async function switchAccount(accountId: number) {
  const answer = await api.call('login/switch-login', { accountId });
  if ('list' in answer) throw new Error('login/switch-login answered a list to a switch request');
  return answer;
}
