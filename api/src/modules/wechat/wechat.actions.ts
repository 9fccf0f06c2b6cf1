import { accountCalls } from '../../contract/account';
import { unitRegisterCalls, wechatCalls, wxappCalls } from '../../contract/wechat';
import { implement } from '../../core/action';
import { createOauthUrl, loginWithOauthCode } from './oauth.service';
import {
  checkFollow,
  followQrCode,
  jsSdkConfig,
  myProfile,
  unbindAccountWechat,
  wxappFollowState,
} from './student-wechat.service';
import { registerConfigByUnit, unitRegisterQrCode, unitRegisterStudents } from './unit-register.service';
import {
  bindByStaff,
  configWxappProjects,
  deleteWxapp,
  getWxapp,
  listWxappBindings,
  listWxapps,
  loadWxapp,
  projectIdsOfAppId,
  saveWxapp,
  setWxappStatus,
  unbindOpenId,
} from './wxapp.service';

/** Official accounts (`wxapp/...`): platform staff on /wxapp-manage. */
const wxappActions = implement(wxappCalls, {
  list: (ctx, input) => listWxapps(ctx, input),
  get: (ctx, input) => getWxapp(ctx, input.id),
  save: (ctx, input) => saveWxapp(ctx, input),
  disable: async (ctx, input) => {
    await setWxappStatus(ctx, input.id, input.status);
    return null;
  },
  delete: async (ctx, input) => {
    await deleteWxapp(ctx, input.id);
    return null;
  },
  'config-project-list': (ctx, input) => configWxappProjects(ctx, input),
  'project-id': async (_ctx, input) => ({ projectIds: await projectIdsOfAppId(input.appId) }),
  'qr-code': async (ctx, input) => ({ imageUrl: await followQrCode(ctx, await loadWxapp(input.id)) }),
  'check-follow': async (ctx, input) => wxappFollowState(ctx, await loadWxapp(input.id), input.accountId),
  bindings: (ctx, input) => listWxappBindings(ctx, input),
  bind: async (ctx, input) => {
    await bindByStaff(ctx, input);
    return null;
  },
  unbind: async (ctx, input) => {
    await unbindOpenId(ctx, input.id, input.openId);
    return null;
  },
});

/** Students in the WeChat browser (`wechat/...`). */
const studentWechatActions = implement(wechatCalls, {
  'oauth-url': (ctx, input) => createOauthUrl(ctx, input),
  'oauth-login': (ctx, input) => loginWithOauthCode(ctx, input),
  'js-sdk-config': (ctx, input) => jsSdkConfig(ctx, input.url),
  'check-follow': (ctx) => checkFollow(ctx),
});

/** The student's profile with its binding, and the student screen's unbinding (`account/...`). */
const accountWechatActions = implement(accountCalls, {
  'my-profile': (ctx) => myProfile(ctx),
  'unbind-openId': async (ctx, input) => {
    await unbindAccountWechat(ctx, input.id);
    return null;
  },
});

/** Units' registration by QR code (`unit/...`). */
const unitRegisterActions = implement(unitRegisterCalls, {
  'h5-register-qr-code': (ctx, input) => unitRegisterQrCode(ctx, input.unitId),
  'register-config-by-unit': (ctx, input) => registerConfigByUnit(ctx, input.unitId),
  'register-students': (ctx, input) => unitRegisterStudents(ctx, input),
});

/** The WeChat calls: official accounts, students' OAuth and JS-SDK, bindings, units' registration codes. */
export const wechatActions = [
  ...wxappActions,
  ...studentWechatActions,
  ...accountWechatActions,
  ...unitRegisterActions,
];
