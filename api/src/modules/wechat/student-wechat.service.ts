import { maskIdCardNumber, ROLE_SYSTEM } from '@px/config';
import type {
  CheckFollowAnswer,
  JsSdkConfigAnswer,
  MyProfile,
  WxappCheckFollowAnswer,
} from '../../contract/wechat';
import type { ActorScope, Scope, SignedInScope, TenantScope } from '../../core/action';
import { BusinessError, UnauthorizedError } from '../../core/errors';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { Unit } from '../unit/unit.model';
import { createPgCredentialStore } from './credential-store';
import { qrImageUrl } from './wechat.gateway';
import { WechatBinding, type Wxapp } from './wxapp.model';
import { officialAccountOf, requireWxappOfProject, WXAPP_MESSAGES, wxappOfProject } from './wxapp.service';

/** `account/my-profile`: the signed-in student's profile and WeChat binding (masked ID number). */
export async function myProfile(scope: ActorScope): Promise<MyProfile> {
  const projectId = scope.project.id;
  const account = await Account.findOne({ where: { id: scope.principal.accountId, projectId } });
  if (!account) throw new UnauthorizedError();
  const wxapp = await wxappOfProject(projectId);
  const binding = wxapp
    ? await WechatBinding.findOne({ where: { accountId: account.id, wxappId: wxapp.id, projectId } })
    : null;
  const unit = account.unitId
    ? await Unit.findOne({ where: { id: account.unitId, projectId }, attributes: ['name'] })
    : null;
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
export async function checkFollow(scope: ActorScope): Promise<CheckFollowAnswer> {
  const projectId = scope.project.id;
  const wxapp = await wxappOfProject(projectId);
  if (!wxapp) return { bound: false, followed: false, qrCodeUrl: null, appName: null };
  const binding = await WechatBinding.findOne({
    where: { accountId: scope.principal.accountId, wxappId: wxapp.id, projectId },
  });
  if (!binding) return { bound: false, followed: false, qrCodeUrl: null, appName: wxapp.name };
  const info = await officialAccountOf(scope, wxapp).userInfo(binding.openId);
  if (info.subscribed) return { bound: true, followed: true, qrCodeUrl: null, appName: wxapp.name };
  return { bound: true, followed: false, qrCodeUrl: await followQrCode(scope, wxapp), appName: wxapp.name };
}

/** A follow QR code of the official account lasts 30 days; one is kept and shared until then. */
const FOLLOW_QR_SECONDS = 30 * 24 * 3600;

/** The official account's follow QR image (a temporary code, kept in the shared credential store). */
export async function followQrCode(scope: Scope, wxapp: Wxapp): Promise<string> {
  const gateway = scope.providers.wechat;
  const store = createPgCredentialStore(scope.sequelize);
  const key = `follow_qr:${wxapp.appId}`;
  const kept = await store.get(key);
  if (kept && kept.expiresAt > Date.now() + 60_000) return qrImageUrl(gateway, kept.value);
  const code = await officialAccountOf(scope, wxapp).createQrCode({
    scene: 'follow',
    expireSeconds: FOLLOW_QR_SECONDS,
  });
  await store.set(key, {
    value: code.ticket,
    expiresAt: Date.now() + (code.expireSeconds ?? FOLLOW_QR_SECONDS) * 1000,
  });
  return qrImageUrl(gateway, code.ticket);
}

/**
 * `wechat/js-sdk-config`: `wx.config` values for the page URL, signed with the project's
 * official account's jsapi_ticket (shared through the database). Throws BusinessError when the
 * project has no official account.
 */
export async function jsSdkConfig(scope: TenantScope, url: string): Promise<JsSdkConfigAnswer> {
  const wxapp = await requireWxappOfProject(scope.project.id);
  const config = await officialAccountOf(scope, wxapp).jsSdkConfig(url);
  return { ...config, bridgeScript: scope.providers.wechat.bridgeScript };
}

/**
 * `account/unbind-openId`: removes every WeChat binding of a student of the caller's project
 * (the student then signs in by password or SMS, and OAuth asks to bind again). Audited.
 */
export async function unbindAccountWechat(scope: ActorScope, accountId: number): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    const account = await Account.findOne({ where: { id: accountId, projectId }, transaction });
    if (!account || account.deletedAt || account.roleSystem !== ROLE_SYSTEM.STUDENT) {
      throw new BusinessError('学员不存在');
    }
    const removed = await WechatBinding.destroy({ where: { accountId, projectId }, transaction });
    if (removed === 0) throw new BusinessError(WXAPP_MESSAGES.NOT_BOUND);
    await audit(
      scope,
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
  scope: SignedInScope,
  wxapp: Wxapp,
  accountId: number,
): Promise<WxappCheckFollowAnswer> {
  const binding = await WechatBinding.findOne({
    where: { accountId, wxappId: wxapp.id },
    // Platform staff look up an account of any project the official account serves.
    allTenants: true,
  });
  if (!binding) throw new BusinessError(WXAPP_MESSAGES.NOT_BOUND);
  const info = await officialAccountOf(scope, wxapp).userInfo(binding.openId);
  const followed = info.subscribed;
  return {
    openId: binding.openId,
    followed,
    followedAt: followed && info.subscribeTime ? new Date(info.subscribeTime * 1000).toISOString() : null,
    qrScene: followed ? info.qrSceneStr || (info.qrScene ? String(info.qrScene) : null) : null,
  };
}
