import { randomBytes } from 'node:crypto';
import { AUTH_REDIRECT_PATH, ROLE_SYSTEM } from '@px/config';
import { exchangeOAuthCode, oauthAuthorizeUrl, oauthUserInfo } from '@px/wechat';
import { QueryTypes, type Transaction } from 'sequelize';
import type { z } from 'zod';
import type { OauthLoginAnswer, OauthUrlAnswer, oauthLoginInput, oauthUrlInput } from '../../contract/wechat';
import type { Scope, TenantScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { withBypass, withProject } from '../../db/tenant-access';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { type AfterSignIn, signInAccount } from '../account/sign-in';
import { publicOrigin } from './wechat.gateway';
import { Wxapp } from './wxapp.model';
import { bindOpenId, requireWxappOfProject, WXAPP_MESSAGES } from './wxapp.service';

/** How long a visitor may take on WeChat's consent page. */
const STATE_TTL_MS = 10 * 60 * 1000;
/** How long a visitor may take to bind an account or register after OAuth. */
const SCENE_TTL_MS = 30 * 60 * 1000;

export const OAUTH_MESSAGES = {
  WECHAT_LOGIN_CLOSED: '当前项目未开放微信登录',
  STATE_INVALID: '授权状态无效，请重新进入',
  CODE_INVALID: '微信授权已失效，请重新进入',
  SCENE_INVALID: '微信授权已失效，请重新进入',
  ACCOUNT_DISABLED: '账号已停用，请联系管理员',
} as const;

const token = (bytes: number) => randomBytes(bytes).toString('hex');

function checkWechatLogin(scope: TenantScope): void {
  if (!scope.project.settings.loginType.includes('wechat')) {
    throw new BusinessError(OAUTH_MESSAGES.WECHAT_LOGIN_CLOSED);
  }
}

/**
 * `wechat/oauth-url`: records a single-use state (our CSRF token, 10 minutes) and answers WeChat's
 * authorize URL returning to `/auth-redirect`. Throws BusinessError when the project has no
 * official account or WeChat sign-in is closed.
 */
export async function createOauthUrl(
  scope: TenantScope,
  input: z.output<typeof oauthUrlInput>,
): Promise<OauthUrlAnswer> {
  const { project } = scope;
  checkWechatLogin(scope);
  const wxapp = await requireWxappOfProject(project.id);
  const state = token(16);
  const oauthScope = input.scope ?? 'snsapi_base';
  await scope.sequelize.query(
    `INSERT INTO wechat_oauth_state (state, project_id, wxapp_id, unit_id, scope, redirect, expires_at)
     VALUES (:state, :projectId, :wxappId, :unitId, :scope, :redirect, :expiresAt)`,
    {
      replacements: {
        state,
        projectId: project.id,
        wxappId: wxapp.id,
        unitId: input.unitId ?? null,
        scope: oauthScope,
        redirect: input.redirect ?? '/my',
        expiresAt: new Date(Date.now() + STATE_TTL_MS),
      },
    },
  );
  const gateway = scope.providers.wechat;
  const url = oauthAuthorizeUrl({
    appId: wxapp.appId,
    redirectUri: `${publicOrigin(gateway, scope.request)}${AUTH_REDIRECT_PATH}`,
    scope: oauthScope,
    state,
    endpoints: gateway.endpoints,
  });
  return { url };
}

interface StateRow {
  project_id: number;
  wxapp_id: number;
  scope: string;
  redirect: string;
}

/**
 * `wechat/oauth-login`: uses the state once (unknown, used or expired: BusinessError), exchanges
 * the code with WeChat (a reused or dead code: BusinessError), then signs in the account bound to
 * the openid, or answers a binding scene for an unknown openid.
 */
export async function loginWithOauthCode(
  scope: Scope,
  input: z.output<typeof oauthLoginInput>,
): Promise<OauthLoginAnswer> {
  // The state is found by its own unguessable value; the project it names is where the rest happens.
  const [state] = await withBypass('wechat oauth state', () =>
    scope.sequelize.query<StateRow>(
      `UPDATE wechat_oauth_state SET used_at = CURRENT_TIMESTAMP
       WHERE state = :state AND used_at IS NULL AND expires_at > CURRENT_TIMESTAMP
       RETURNING project_id, wxapp_id, scope, redirect`,
      { replacements: { state: input.state }, type: QueryTypes.SELECT },
    ),
  );
  if (!state) throw new BusinessError(OAUTH_MESSAGES.STATE_INVALID);
  return withProject(state.project_id, () => signInOrBind(scope, input.code, state));
}

/** The rest of `loginWithOauthCode` in the state's project: the code exchanged, then sign-in or a binding scene. */
async function signInOrBind(scope: Scope, code: string, state: StateRow): Promise<OauthLoginAnswer> {
  const { sequelize } = scope;
  const wxapp = await Wxapp.findByPk(state.wxapp_id);
  if (wxapp?.status !== 'ENABLED') throw new BusinessError(WXAPP_MESSAGES.DISABLED);
  const { endpoints } = scope.providers.wechat;
  let grant: Awaited<ReturnType<typeof exchangeOAuthCode>>;
  try {
    grant = await exchangeOAuthCode({
      appId: wxapp.appId,
      appSecret: wxapp.appSecret,
      code,
      endpoints,
      fetch: scope.providers.wechat.fetch,
    });
  } catch (error) {
    if (isWechatError(error)) throw new BusinessError(OAUTH_MESSAGES.CODE_INVALID);
    throw error;
  }
  const binding = await sequelize.query<{ account_id: number }>(
    'SELECT account_id FROM wechat_binding WHERE wxapp_id = :wxappId AND open_id = :openId AND project_id = :projectId',
    {
      replacements: { wxappId: wxapp.id, openId: grant.openId, projectId: state.project_id },
      type: QueryTypes.SELECT,
    },
  );
  const accountId = binding[0]?.account_id;
  if (accountId !== undefined) {
    const account = await Account.findOne({ where: { id: accountId, projectId: state.project_id } });
    if (account && !account.deletedAt) {
      if (account.status !== ACCOUNT_STATUS.ENABLED) throw new BusinessError(OAUTH_MESSAGES.ACCOUNT_DISABLED);
      const { tokenCode } = await sequelize.transaction((transaction) =>
        signInAccount(scope, account, transaction),
      );
      return { status: 'signed-in', tokenCode, redirect: state.redirect };
    }
  }
  let profile: { nickname: string | null; avatarUrl: string | null } = { nickname: null, avatarUrl: null };
  if (state.scope === 'snsapi_userinfo') {
    const info = await oauthUserInfo({
      accessToken: grant.accessToken,
      openId: grant.openId,
      endpoints,
      fetch: scope.providers.wechat.fetch,
    });
    profile = { nickname: info.nickname ?? null, avatarUrl: info.headImgUrl || null };
  }
  const scene = token(24);
  await sequelize.query(
    `INSERT INTO wechat_bind_scene (scene, project_id, wxapp_id, open_id, union_id, nickname, avatar_url, expires_at)
     VALUES (:scene, :projectId, :wxappId, :openId, :unionId, :nickname, :avatarUrl, :expiresAt)`,
    {
      replacements: {
        scene,
        projectId: state.project_id,
        wxappId: wxapp.id,
        openId: grant.openId,
        unionId: grant.unionId ?? null,
        nickname: profile.nickname,
        avatarUrl: profile.avatarUrl,
        expiresAt: new Date(Date.now() + SCENE_TTL_MS),
      },
    },
  );
  return { status: 'bind', scene, redirect: state.redirect, ...profile };
}

/**
 * Binds the openid of a binding scene to a student who just signed in or registered, in the
 * caller's transaction: the scene is used once, must be alive and of the student's project.
 * Throws ValidationError naming `scene`, or the binding refusals of bindOpenId.
 */
export async function bindScene(
  scope: Scope,
  scene: string,
  account: Account,
  transaction: Transaction,
): Promise<void> {
  const refused = new ValidationError([
    { field: 'scene', rule: 'alive', message: OAUTH_MESSAGES.SCENE_INVALID },
  ]);
  if (account.roleSystem !== ROLE_SYSTEM.STUDENT) throw refused;
  const [row] = await scope.sequelize.query<{
    wxapp_id: number;
    open_id: string;
    union_id: string | null;
    nickname: string | null;
    avatar_url: string | null;
  }>(
    `UPDATE wechat_bind_scene SET used_at = CURRENT_TIMESTAMP
     WHERE scene = :scene AND project_id = :projectId AND used_at IS NULL AND expires_at > CURRENT_TIMESTAMP
     RETURNING wxapp_id, open_id, union_id, nickname, avatar_url`,
    { replacements: { scene, projectId: account.projectId }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw refused;
  const wxapp = await Wxapp.findByPk(row.wxapp_id, { transaction });
  if (!wxapp) throw refused;
  await bindOpenId(
    scope,
    wxapp,
    account,
    {
      openId: row.open_id,
      unionId: row.union_id,
      nickname: row.nickname,
      avatarUrl: row.avatar_url,
    },
    transaction,
  );
}

function isWechatError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errcode' in error;
}

/** The sign-in hook binding a scene's openid, or undefined when no scene was sent. */
export function sceneBinder(scope: Scope, scene: string | undefined): AfterSignIn | undefined {
  if (!scene) return undefined;
  return (account, transaction) => bindScene(scope, scene, account, transaction);
}
