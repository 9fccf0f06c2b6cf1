import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** The WeChat authorize URL that brings the visitor back to `redirect`. Rejects with an ApiError. */
export const getOauthUrl = (payload: InputOf<Calls['wechat/oauth-url']>) =>
  api.call('wechat/oauth-url', payload);

/** Exchanges what WeChat returned: signed in, or a scene to bind an account. Rejects with an ApiError. */
export const oauthLogin = (payload: InputOf<Calls['wechat/oauth-login']>) =>
  api.call('wechat/oauth-login', payload);

/**
 * The `wx.config` values for a page URL (without `#`). Quiet: the JS-SDK is a silent extra, its
 * failure is kept in the hook's state. Rejects with an ApiError.
 */
export const getJsSdkConfig = (payload: InputOf<Calls['wechat/js-sdk-config']>) =>
  api.call('wechat/js-sdk-config', payload, { quiet: true });

/** Whether the student follows the project's official account (quiet: only a prompt depends on it). */
export const checkFollow = () => api.call('wechat/check-follow', {}, { quiet: true });
