import { escapeHtml, formBody, htmlPage, type SimResponse } from '../http';
import { openIdOf, type SimApp, unionIdOf } from '../registry';
import type { SimContext } from '../server';
import {
  MP_ERRORS,
  MP_TIMES,
  type MpState,
  type OAuthCodeRecord,
  type OAuthTokenRecord,
  randomCode,
  randomCredential,
  wxError,
} from './state';

/** Where the consent page's forms are posted (a simulator page, not a WeChat path). */
export const CONSENT_PATH = '/__sim/oauth/consent';
const SCOPES = ['snsapi_base', 'snsapi_userinfo'];
const STATE = /^[a-zA-Z0-9]{0,128}$/;

interface AuthorizeRequest {
  app: SimApp;
  redirectUri: string;
  scope: string;
  state: string;
}

/** WeChat's error page of the authorize step (it shows a page, not JSON). */
function oauthErrorPage(errcode: number, message: string): SimResponse {
  return htmlPage(
    '微信授权',
    `<main><div class="card"><h1>Oops! Something went wrong:(</h1><p>${escapeHtml(message)}</p><p class="muted">errcode ${errcode}</p></div></main>`,
    400,
  );
}

/** Checks the authorize parameters as WeChat does; the error page when one is wrong. */
function checkAuthorize(
  context: SimContext,
  params: URLSearchParams,
): { request: AuthorizeRequest; error?: undefined } | { request?: undefined; error: SimResponse } {
  if (params.has('sim_user')) {
    return { error: oauthErrorPage(10016, '真实微信没有 sim_user 参数：请在授权页选择用户') };
  }
  const appId = params.get('appid');
  if (!appId) return { error: oauthErrorPage(10012, 'appid不能为空') };
  const app = context.registry.app(appId);
  if (!app) return { error: oauthErrorPage(40013, 'appid参数错误') };
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return { error: oauthErrorPage(10011, 'redirect_uri不能为空') };
  let target: URL | null = null;
  try {
    target = new URL(redirectUri);
  } catch {
    target = null;
  }
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) {
    return { error: oauthErrorPage(10003, 'redirect_uri参数错误') };
  }
  if (params.get('response_type') !== 'code')
    return { error: oauthErrorPage(10004, 'response_type参数错误') };
  const scope = params.get('scope');
  if (!scope) return { error: oauthErrorPage(10010, 'scope不能为空') };
  if (!SCOPES.includes(scope)) return { error: oauthErrorPage(10005, 'scope参数错误或没有scope权限') };
  const state = params.get('state') ?? '';
  if (!STATE.test(state)) return { error: oauthErrorPage(10013, 'state参数错误') };
  return { request: { app, redirectUri, scope, state } };
}

/** `redirect_uri` with `code` (unless refused) and `state` added before any `#fragment`. */
export function redirectWith(redirectUri: string, params: { code?: string; state: string }): string {
  const hash = redirectUri.indexOf('#');
  const base = hash < 0 ? redirectUri : redirectUri.slice(0, hash);
  const fragment = hash < 0 ? '' : redirectUri.slice(hash);
  const query = `${params.code ? `code=${encodeURIComponent(params.code)}&` : ''}state=${encodeURIComponent(params.state)}`;
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

function hiddenFields(request: AuthorizeRequest): string {
  const fields = {
    appid: request.app.appId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    state: request.state,
  };
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
}

function consentPage(context: SimContext, request: AuthorizeRequest): SimResponse {
  const hidden = hiddenFields(request);
  const users = context.registry.users
    .map(
      (user) =>
        `<form method="post" action="${CONSENT_PATH}">${hidden}<input type="hidden" name="user" value="${escapeHtml(user.key)}"><button type="submit">以 ${escapeHtml(user.nickname)} 身份授权</button></form>`,
    )
    .join('');
  const silentNote =
    request.scope === 'snsapi_base'
      ? '<p class="note">snsapi_base 在真实微信中静默授权，用户看不到此页。模拟器需要知道当前是哪位微信用户，所以仍请选择。</p>'
      : '<p class="muted">申请获得以下权限：获得你的公开信息（昵称、头像等）</p>';
  return htmlPage(
    '微信授权',
    `<main><h1>${escapeHtml(request.app.name)}</h1>${silentNote}<div class="card"><h2>选择微信用户</h2>${users}<form method="post" action="${CONSENT_PATH}">${hidden}<input type="hidden" name="decision" value="refuse"><button type="submit" class="secondary">拒绝</button></form></div></main>`,
  );
}

/**
 * Web OAuth as WeChat plays it: `GET /connect/oauth2/authorize` (checks the parameters, shows a
 * consent page where the person picks a test user, even for the silent snsapi_base), the consent
 * form (`POST /__sim/oauth/consent`: a single-use code living 5 minutes, bound to the app, then a
 * 302 to `redirect_uri?code&state`; refused: `redirect_uri?state`), `GET /sns/oauth2/access_token`
 * (40013, 40125, 40002, 40029 unknown or expired code, 40163 used code) and `GET /sns/userinfo`
 * (40001/42001 bad or expired web token, 40003, 48001 with snsapi_base).
 */
export function installOAuthRoutes(context: SimContext, state: MpState): void {
  context.route('GET', '/connect/oauth2/authorize', (request) => {
    const checked = checkAuthorize(context, request.query);
    if (!checked.request) return checked.error;
    return consentPage(context, checked.request);
  });

  context.route('POST', CONSENT_PATH, (request) => {
    const form = formBody(request);
    const checked = checkAuthorize(context, form);
    if (!checked.request) return checked.error;
    const { app, redirectUri, scope, state: oauthState } = checked.request;
    if (form.get('decision') === 'refuse') {
      context.record('oauth.refused', { appId: app.appId, scope });
      return { status: 302, headers: { location: redirectWith(redirectUri, { state: oauthState }) } };
    }
    const user = context.registry.user(form.get('user') ?? '');
    if (!user) return oauthErrorPage(40003, '未知的测试用户');
    const code: OAuthCodeRecord = {
      code: randomCode(32),
      appId: app.appId,
      userKey: user.key,
      scope,
      expiresAt: context.clock.now() + MP_TIMES.oauthCodeMs,
      used: false,
    };
    state.oauthCodes.set(code.code, code);
    context.record('oauth.consent', { appId: app.appId, user: user.key, scope });
    return {
      status: 302,
      headers: { location: redirectWith(redirectUri, { code: code.code, state: oauthState }) },
    };
  });

  context.route('GET', '/sns/oauth2/access_token', (request) => {
    const appId = request.query.get('appid');
    if (!appId) return wxError(MP_ERRORS.APPID_MISSING);
    const app = context.registry.app(appId);
    if (!app) return wxError(MP_ERRORS.INVALID_APPID);
    const secret = request.query.get('secret');
    if (!secret) return wxError(MP_ERRORS.SECRET_MISSING);
    if (secret !== app.appSecret) return wxError(MP_ERRORS.INVALID_APPSECRET);
    if (request.query.get('grant_type') !== 'authorization_code')
      return wxError(MP_ERRORS.INVALID_GRANT_TYPE);
    const codeValue = request.query.get('code');
    if (!codeValue) return wxError(MP_ERRORS.CODE_MISSING);
    const code = state.oauthCodes.get(codeValue);
    if (!code || code.appId !== app.appId) return wxError(MP_ERRORS.INVALID_CODE);
    if (code.used) return wxError(MP_ERRORS.CODE_BEEN_USED);
    const now = context.clock.now();
    if (now >= code.expiresAt) return wxError(MP_ERRORS.INVALID_CODE);
    code.used = true;
    const token: OAuthTokenRecord = {
      token: randomCredential(96),
      appId: app.appId,
      userKey: code.userKey,
      openId: openIdOf(app.appId, code.userKey),
      scope: code.scope,
      expiresAt: now + MP_TIMES.oauthTokenMs,
    };
    state.oauthTokens.set(token.token, token);
    return {
      body: {
        access_token: token.token,
        expires_in: MP_TIMES.oauthTokenMs / 1000,
        refresh_token: randomCredential(96),
        openid: token.openId,
        scope: token.scope,
        // The MP docs: unionid only comes with snsapi_userinfo.
        ...(token.scope === 'snsapi_userinfo' ? { unionid: unionIdOf(code.userKey) } : {}),
      },
    };
  });

  context.route('GET', '/sns/userinfo', (request) => {
    const value = request.query.get('access_token');
    if (!value) return wxError(MP_ERRORS.ACCESS_TOKEN_MISSING);
    const token = state.oauthTokens.get(value);
    if (!token) return wxError(MP_ERRORS.INVALID_CREDENTIAL);
    if (context.clock.now() >= token.expiresAt) return wxError(MP_ERRORS.ACCESS_TOKEN_EXPIRED);
    if (request.query.get('openid') !== token.openId) return wxError(MP_ERRORS.INVALID_OPENID);
    if (token.scope !== 'snsapi_userinfo') return wxError(MP_ERRORS.API_UNAUTHORIZED);
    const user = context.registry.user(token.userKey);
    if (!user) return wxError(MP_ERRORS.INVALID_OPENID);
    // Since October 2021 WeChat answers sex 0 and empty places here.
    return {
      body: {
        openid: token.openId,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: `${request.origin}/__sim/mp/avatar/${encodeURIComponent(user.key)}`,
        privilege: [],
        unionid: unionIdOf(user.key),
      },
    };
  });
}
