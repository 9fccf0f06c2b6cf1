import type {
  AccountInfo,
  CheckAccountAnswer,
  checkAccountInput,
  ImageCaptcha,
  LoginAnswer,
  loginInput,
} from '@px/api/contract';
import type { z } from 'zod';
import { type RequestOptions, request } from './request';

/** Step one of the sign-in: the encrypted account, which door (`roleType` 1: back office). */
export type CheckAccountPayload = z.infer<typeof checkAccountInput>;
/** Step two: encrypted account and password, and the image code when step one asked for it. */
export type LoginPayload = z.infer<typeof loginInput>;

/** An image code of `login/get-login-vcode`: its token (sent back with the typed code) and the picture. */
export type LoginVcode = ImageCaptcha;

/**
 * Step one of the two-step sign-in: whether a captcha must accompany the password and whether the
 * account is locked. The payload goes in the body (credentials never in a URL). Rejects with an
 * ApiError; `options.quiet` shows nothing on failure.
 */
export function checkAccountBeforeLogin(
  payload: CheckAccountPayload,
  ...options: [RequestOptions?]
): Promise<CheckAccountAnswer> {
  const config = { url: '/login/check-account-before-login.action', method: 'post', data: payload } as const;
  return request<CheckAccountAnswer>(config, ...options);
}

/** Step two: signs in and answers the session token (`tokenCode`). Rejects with an ApiError. */
export function login(payload: LoginPayload): Promise<LoginAnswer> {
  return request<LoginAnswer>({ url: '/login/login.action', method: 'post', data: payload });
}

/** A new image code (each is single use). Rejects with an ApiError. */
export function getLoginVcode(): Promise<LoginVcode> {
  return request<LoginVcode>({ url: '/login/get-login-vcode.action', method: 'post' });
}

/** Who is signed in: name, avatar and role with its menu tree. Rejects with an ApiError (401 when the token is dead). */
export function getAccountInfo(): Promise<AccountInfo> {
  return request<AccountInfo>({ url: '/login/get-account-info.action', method: 'get' });
}

/** Ends the session on the server; quiet, because signing out goes on whatever the answer. */
export function loginOut(): Promise<void> {
  return request<void>({ url: '/login/login-out.action', method: 'post' }, { quiet: true });
}
