import type {
  AccountInfo,
  CheckAccountAnswer,
  checkAccountInput,
  LoginAnswer,
  loginByMobileInput,
  loginInput,
  loginSendMsgCodeInput,
  modifyMobileInput,
  modifyPasswordByMobileInput,
  modifyPasswordInput,
  SendMsgCodeAnswer,
  SwitchLoginList,
} from '@px/api/contract';
import type { z } from 'zod';
import { type RequestOptions, request } from './request';

/**
 * The WeChat binding scene (contract wechat.ts `zScene`): `login/login`, `login/login-by-mobile` and
 * `register/do-register` accept it and bind the visitor's WeChat to the account they sign in or create.
 */
export interface WithScene {
  scene?: string;
}

/** Step one of the sign-in: the encrypted account and the door (`roleType` 3: the student H5). */
export type CheckAccountPayload = z.infer<typeof checkAccountInput>;
/** Step two: encrypted account and password, the slider proof when step one asked for it, the scene. */
export type LoginPayload = z.infer<typeof loginInput> & WithScene;
/** Sign-in by SMS code; `idCardNo` and `realName` create the account when `loginAsRegister` allows it. */
export type LoginByMobilePayload = z.infer<typeof loginByMobileInput> & WithScene;
export type LoginSendMsgCodePayload = z.infer<typeof loginSendMsgCodeInput>;
export type ModifyPasswordPayload = z.infer<typeof modifyPasswordInput>;
export type ModifyPasswordByMobilePayload = z.infer<typeof modifyPasswordByMobileInput>;
export type ModifyMobilePayload = z.infer<typeof modifyMobileInput>;

/**
 * Step one of the two-step sign-in: whether a captcha must accompany the password (and which) and
 * whether sign-in is locked. Rejects with an ApiError; `options.quiet` shows nothing on failure.
 */
export function checkAccountBeforeLogin(
  payload: CheckAccountPayload,
  options?: RequestOptions,
): Promise<CheckAccountAnswer> {
  return request<CheckAccountAnswer>(
    { url: '/login/check-account-before-login.action', method: 'post', data: payload },
    options,
  );
}

/** Step two: signs in and answers the session token (`tokenCode`). Rejects with an ApiError. */
export function login(payload: LoginPayload): Promise<LoginAnswer> {
  return request<LoginAnswer>({ url: '/login/login.action', method: 'post', data: payload });
}

/** Sends a sign-in code to a student's mobile; answers the seconds before another may be sent. Rejects with an ApiError. */
export function sendMsgCodeByLogin(payload: LoginSendMsgCodePayload): Promise<SendMsgCodeAnswer> {
  return request<SendMsgCodeAnswer>({
    url: '/login/send-msg-code-by-login.action',
    method: 'post',
    data: payload,
  });
}

/**
 * Signs in with mobile + SMS code. An unknown mobile under `loginAsRegister` is refused naming
 * `idCardNo` / `realName` (an ApiFieldsError) until they are sent. Rejects with an ApiError.
 */
export function loginByMobile(payload: LoginByMobilePayload): Promise<LoginAnswer> {
  return request<LoginAnswer>({ url: '/login/login-by-mobile.action', method: 'post', data: payload });
}

/** Who is signed in: name and role. Rejects with an ApiError (401 when the token is dead). */
export function getAccountInfo(): Promise<AccountInfo> {
  return request<AccountInfo>({ url: '/login/get-account-info.action', method: 'get' });
}

/** Ends the session on the server; quiet, because signing out goes on whatever the answer. */
export function loginOut(): Promise<void> {
  return request<void>({ url: '/login/login-out.action', method: 'post' }, { quiet: true });
}

/** Changes the password with the old one (both encrypted). Rejects with an ApiError. */
export function modifyPassword(payload: ModifyPasswordPayload): Promise<void> {
  return request<void>({ url: '/login/modify-password.action', method: 'post', data: payload });
}

/** Changes the password with a code sent to the account's mobile (password encrypted). Rejects with an ApiError. */
export function modifyPasswordByMobile(payload: ModifyPasswordByMobilePayload): Promise<void> {
  return request<void>({ url: '/login/modify-password-by-mobile.action', method: 'post', data: payload });
}

/** Binds a new mobile with the code sent to it. Rejects with an ApiError. */
export function modifyMobile(payload: ModifyMobilePayload): Promise<void> {
  return request<void>({ url: '/login/modify-mobile.action', method: 'post', data: payload });
}

/** The student accounts of the same person (other projects), the current one flagged. Rejects with an ApiError. */
export function listSwitchAccounts(): Promise<SwitchLoginList> {
  return request<SwitchLoginList>({ url: '/login/switch-login.action', method: 'post', data: {} });
}

/** Signs in as another account of the same person; the current session ends. Rejects with an ApiError. */
export function switchAccount(accountId: number): Promise<LoginAnswer> {
  return request<LoginAnswer>({ url: '/login/switch-login.action', method: 'post', data: { accountId } });
}
