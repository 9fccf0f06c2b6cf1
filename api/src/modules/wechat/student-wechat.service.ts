import { maskIdCardNumber, ROLE_SYSTEM } from '@px/config';
import type {
  CheckFollowAnswer,
  JsSdkConfigAnswer,
  MyProfile,
  WxappCheckFollowAnswer,
} from '../../contract/wechat';
import type { ActionContext, Caller, Principal } from '../../core/action';
import { BusinessError, UnauthorizedError } from '../../core/errors';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { resolveRequestProject } from '../project/project.service';
import { Unit } from '../unit/unit.model';
import { createPgCredentialStore } from './credential-store';
import { qrImageUrl, wechatGateway } from './wechat.gateway';
import { WechatBinding, type Wxapp } from './wxapp.model';
import { officialAccountOf, requireWxappOfProject, WXAPP_MESSAGES, wxappOfProject } from './wxapp.service';

async function loadOwnAccount(principal: Principal): Promise<Account> {
  const account = await Account.findByPk(principal.accountId);
  if (!account || account.deletedAt) throw new UnauthorizedError();
  return account;
}

/** `account/my-profile`: the signed-in student's profile and WeChat binding (masked ID number). */
export async function myProfile(principal: Principal): Promise<MyProfile> {
  const account = await loadOwnAccount(principal);
  const wxapp = account.projectId ? await wxappOfProject(account.projectId) : null;
  const binding = wxapp
    ? await WechatBinding.findOne({ where: { accountId: account.id, wxappId: wxapp.id } })
    : null;
  const unit = account.unitId ? await Unit.findByPk(account.unitId, { attributes: ['name'] }) : null;
  return {
    accountId: account.id,
    realName: account.realName,
    idCardNo: account.idCardNo ? maskIdCardNumber(account.idCardNo) : '',
    mobile: account.mobile,
    email: account.email,
    unitName: unit?.name ?? null,
    wechat: {
      bound: Boolean(binding),
      nickname: binding?.nickname ?? null,
      avatarUrl: binding?.avatarUrl ?? null,
    },
  };
}

/**
 * `wechat/check-follow`: whether the student's bound WeChat user follows the project's official
 * account (asked of WeChat's `user/info`), and the account's follow QR code when not.
 */
export async function checkFollow(ctx: Caller, principal: Principal): Promise<CheckFollowAnswer> {
  const projectId = principal.projectId;
  const wxapp = projectId ? await wxappOfProject(projectId) : null;
  if (!wxapp) return { bound: false, followed: false, qrCodeUrl: null, appName: null };
  const binding = await WechatBinding.findOne({
    where: { accountId: principal.accountId, wxappId: wxapp.id },
  });
  if (!binding) return { bound: false, followed: false, qrCodeUrl: null, appName: wxapp.name };
  const info = await officialAccountOf(ctx.sequelize, wxapp).userInfo(binding.openId);
  if (info.subscribed) return { bound: true, followed: true, qrCodeUrl: null, appName: wxapp.name };
  return { bound: true, followed: false, qrCodeUrl: await followQrCode(ctx, wxapp), appName: wxapp.name };
}

/** A follow QR code of the official account lasts 30 days; one is kept and shared until then. */
const FOLLOW_QR_SECONDS = 30 * 24 * 3600;

/** The official account's follow QR image (a temporary code, kept in the shared credential store). */
export async function followQrCode(ctx: Caller, wxapp: Wxapp): Promise<string> {
  const store = createPgCredentialStore(ctx.sequelize);
  const key = `follow_qr:${wxapp.appId}`;
  const kept = await store.get(key);
  if (kept && kept.expiresAt > Date.now() + 60_000) return qrImageUrl(kept.value);
  const code = await officialAccountOf(ctx.sequelize, wxapp).createQrCode({
    scene: 'follow',
    expireSeconds: FOLLOW_QR_SECONDS,
  });
  await store.set(key, {
    value: code.ticket,
    expiresAt: Date.now() + (code.expireSeconds ?? FOLLOW_QR_SECONDS) * 1000,
  });
  return qrImageUrl(code.ticket);
}

/**
 * `wechat/js-sdk-config`: `wx.config` values for the page URL, signed with the project's
 * official account's jsapi_ticket (shared through the database). Throws BusinessError when the
 * project has no official account.
 */
export async function jsSdkConfig(
  ctx: Pick<ActionContext, 'sequelize' | 'request'>,
  input: { url: string; unitId?: number },
): Promise<JsSdkConfigAnswer> {
  const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
  const wxapp = await requireWxappOfProject(project.id);
  const config = await officialAccountOf(ctx.sequelize, wxapp).jsSdkConfig(input.url);
  return { ...config, bridgeScript: wechatGateway().bridgeScript };
}

/**
 * `account/unbind-openId`: removes every WeChat binding of a student of the caller's project
 * (the student then signs in by password or SMS, and OAuth asks to bind again). Audited.
 */
export async function unbindAccountWechat(ctx: Caller, projectId: number, accountId: number): Promise<void> {
  await ctx.sequelize.transaction(async (transaction) => {
    const account = await Account.findOne({ where: { id: accountId, projectId }, transaction });
    if (!account || account.deletedAt || account.roleSystem !== ROLE_SYSTEM.STUDENT) {
      throw new BusinessError('学员不存在');
    }
    const removed = await WechatBinding.destroy({ where: { accountId, projectId }, transaction });
    if (removed === 0) throw new BusinessError(WXAPP_MESSAGES.NOT_BOUND);
    await audit(
      ctx,
      { action: 'wechat.unbind', projectId, targetType: 'account', targetId: accountId },
      transaction,
    );
  });
}

/**
 * `wxapp/check-follow`: whether the WeChat user bound to an account follows the official account,
 * asked of WeChat. Throws BusinessError when the account has no binding there.
 */
export async function wxappFollowState(
  ctx: Caller,
  wxapp: Wxapp,
  accountId: number,
): Promise<WxappCheckFollowAnswer> {
  const binding = await WechatBinding.findOne({ where: { accountId, wxappId: wxapp.id } });
  if (!binding) throw new BusinessError(WXAPP_MESSAGES.NOT_BOUND);
  const info = await officialAccountOf(ctx.sequelize, wxapp).userInfo(binding.openId);
  const followed = info.subscribed;
  return {
    openId: binding.openId,
    followed,
    followedAt: followed && info.subscribeTime ? new Date(info.subscribeTime * 1000).toISOString() : null,
    qrScene: followed ? info.qrSceneStr || (info.qrScene ? String(info.qrScene) : null) : null,
  };
}
