import type {
  CheckFollowAnswer,
  JsSdkConfigAnswer,
  jsSdkConfigInput,
  OauthLoginAnswer,
  OauthUrlAnswer,
  oauthLoginInput,
  oauthUrlInput,
} from '@px/api/contract';
import type { z } from 'zod';
import { request } from './request';

export type OauthUrlPayload = z.infer<typeof oauthUrlInput>;
export type OauthLoginPayload = z.infer<typeof oauthLoginInput>;
export type JsSdkConfigPayload = z.infer<typeof jsSdkConfigInput>;

/** The WeChat authorize URL that brings the visitor back to `redirect`. Rejects with an ApiError. */
export function getOauthUrl(payload: OauthUrlPayload): Promise<OauthUrlAnswer> {
  return request<OauthUrlAnswer>({ url: '/wechat/oauth-url.action', method: 'post', data: payload });
}

/** Exchanges what WeChat returned: signed in, or a scene to bind an account. Rejects with an ApiError. */
export function oauthLogin(payload: OauthLoginPayload): Promise<OauthLoginAnswer> {
  return request<OauthLoginAnswer>({ url: '/wechat/oauth-login.action', method: 'post', data: payload });
}

/**
 * The `wx.config` values for a page URL (without `#`). Quiet: the JS-SDK is a silent extra, its
 * failure is kept in the hook's state. Rejects with an ApiError.
 */
export function getJsSdkConfig(payload: JsSdkConfigPayload): Promise<JsSdkConfigAnswer> {
  return request<JsSdkConfigAnswer>(
    { url: '/wechat/js-sdk-config.action', method: 'post', data: payload },
    { quiet: true },
  );
}

/** Whether the student follows the project's official account (quiet: only a prompt depends on it). */
export function checkFollow(): Promise<CheckFollowAnswer> {
  return request<CheckFollowAnswer>({ url: '/wechat/check-follow.action', method: 'post' }, { quiet: true });
}
