import type { WechatEndpoints } from './endpoints';
import { type FetchLike, wechatJson } from './http';

/** snsapi_base: silent, openid only; snsapi_userinfo: the user agrees, nickname and avatar too. */
export type OAuthScope = 'snsapi_base' | 'snsapi_userinfo';

const STATE = /^[a-zA-Z0-9]{1,128}$/;

/**
 * The web OAuth authorize URL, with the parameters in WeChat's order (appid, redirect_uri,
 * response_type, scope, state) and `#wechat_redirect`. Throws TypeError for a state that is not
 * 1..128 letters and digits, a redirect URI that is not absolute http(s), or an unknown scope.
 */
export function oauthAuthorizeUrl(input: {
  appId: string;
  redirectUri: string;
  scope: OAuthScope;
  state: string;
  endpoints: Pick<WechatEndpoints, 'open'>;
}): string {
  if (!STATE.test(input.state)) throw new TypeError('state must be 1..128 letters and digits');
  if (input.scope !== 'snsapi_base' && input.scope !== 'snsapi_userinfo') {
    throw new TypeError('scope must be snsapi_base or snsapi_userinfo');
  }
  let redirect: URL;
  try {
    redirect = new URL(input.redirectUri);
  } catch {
    throw new TypeError('redirectUri must be an absolute URL');
  }
  if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') {
    throw new TypeError('redirectUri must be http or https');
  }
  if (!input.appId) throw new TypeError('appId is required');
  const base = input.endpoints.open.replace(/\/+$/, '');
  return (
    `${base}/connect/oauth2/authorize?appid=${encodeURIComponent(input.appId)}` +
    `&redirect_uri=${encodeURIComponent(input.redirectUri)}&response_type=code` +
    `&scope=${input.scope}&state=${input.state}#wechat_redirect`
  );
}

/** What exchanging an OAuth code gives (the web access token is per user, not the basic one). */
export interface OAuthGrant {
  openId: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
  scope: string;
  /** Only with snsapi_userinfo and an account bound to an open platform. */
  unionId?: string;
}

/** A user's public profile (snsapi_userinfo only). */
export interface OAuthUserInfo {
  openId: string;
  nickname: string;
  /** 1 male, 2 female, 0 unknown. */
  sex: number;
  province: string;
  city: string;
  country: string;
  /** Empty when the user has none. */
  headImgUrl: string;
  privilege: string[];
  unionId?: string;
}

interface GrantAnswer {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  openid: string;
  scope: string;
  unionid?: string;
}

interface UserInfoAnswer {
  openid: string;
  nickname: string;
  sex: number;
  province: string;
  city: string;
  country: string;
  headimgurl: string;
  privilege?: string[];
  unionid?: string;
}

/**
 * Exchanges the code WeChat returned to our redirect URI (`GET /sns/oauth2/access_token`).
 * A code works once (40163 when reused) and for 5 minutes (40029): both throw WechatApiError.
 */
export async function exchangeOAuthCode(input: {
  appId: string;
  appSecret: string;
  code: string;
  endpoints: Pick<WechatEndpoints, 'api'>;
  fetch?: FetchLike;
}): Promise<OAuthGrant> {
  if (!input.code) throw new TypeError('code is required');
  const answer = await wechatJson<GrantAnswer>({
    base: input.endpoints.api,
    path: '/sns/oauth2/access_token',
    query: {
      appid: input.appId,
      secret: input.appSecret,
      code: input.code,
      grant_type: 'authorization_code',
    },
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });
  return {
    openId: answer.openid,
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresIn: answer.expires_in,
    scope: answer.scope,
    ...(answer.unionid ? { unionId: answer.unionid } : {}),
  };
}

/**
 * The user's profile with a snsapi_userinfo grant (`GET /sns/userinfo`). Throws WechatApiError:
 * 48001 for a snsapi_base grant, 40001/42001 for an invalid or expired web access token.
 */
export async function oauthUserInfo(input: {
  accessToken: string;
  openId: string;
  endpoints: Pick<WechatEndpoints, 'api'>;
  fetch?: FetchLike;
}): Promise<OAuthUserInfo> {
  const answer = await wechatJson<UserInfoAnswer>({
    base: input.endpoints.api,
    path: '/sns/userinfo',
    query: { access_token: input.accessToken, openid: input.openId, lang: 'zh_CN' },
    ...(input.fetch ? { fetch: input.fetch } : {}),
  });
  return {
    openId: answer.openid,
    nickname: answer.nickname,
    sex: answer.sex,
    province: answer.province,
    city: answer.city,
    country: answer.country,
    headImgUrl: answer.headimgurl,
    privilege: answer.privilege ?? [],
    ...(answer.unionid ? { unionId: answer.unionid } : {}),
  };
}
