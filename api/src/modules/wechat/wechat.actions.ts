import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { accountIdInput } from '../../contract/account';
import { zInput } from '../../contract/common';
import {
  h5RegisterQrCodeInput,
  jsSdkConfigInput,
  oauthLoginInput,
  oauthUrlInput,
  registerConfigByUnitInput,
  unitRegisterStudentsInput,
  wxappBindInput,
  wxappBindingsInput,
  wxappCheckFollowInput,
  wxappConfigProjectsInput,
  wxappListInput,
  wxappProjectIdInput,
  wxappSaveInput,
  wxappUnbindInput,
} from '../../contract/wechat';
import { type ActionDefinition, defineAction } from '../../core/action';
import { projectStaffActions, requirePrincipal } from '../../core/tenant';
import { unitScope } from '../unit/unit.service';
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

const noInput = z.object({});
const idInput = z.object({ id: zInput.id() });

// ---- /wxapp-manage: platform staff ----
const PLATFORM = [ROLE_SYSTEM.PLATFORM];
const WXAPP_SCREENS = ['/wxapp-manage/list', '/wxapp-manage/setting'];
const platform = { auth: 'signed-in', roles: PLATFORM, permission: WXAPP_SCREENS } as const;

const wxappList = defineAction({
  group: 'wxapp',
  name: 'list',
  ...platform,
  input: wxappListInput,
  handler: async (_ctx, input) => listWxapps(input),
});

const wxappGet = defineAction({
  group: 'wxapp',
  name: 'get',
  methods: ['GET', 'POST'],
  ...platform,
  input: idInput,
  handler: async (_ctx, input) => getWxapp(input.id),
});

const wxappSave = defineAction({
  group: 'wxapp',
  name: 'save',
  ...platform,
  input: wxappSaveInput,
  handler: async (ctx, input) => saveWxapp(ctx, input),
});

const wxappDisable = defineAction({
  group: 'wxapp',
  name: 'disable',
  ...platform,
  input: z.object({
    id: zInput.id(),
    status: z.enum(['ENABLED', 'DISABLED'], { error: '状态应为 ENABLED 或 DISABLED' }),
  }),
  async handler(ctx, input) {
    await setWxappStatus(ctx, input.id, input.status);
    return null;
  },
});

const wxappDelete = defineAction({
  group: 'wxapp',
  name: 'delete',
  ...platform,
  input: idInput,
  async handler(ctx, input) {
    await deleteWxapp(ctx, input.id);
    return null;
  },
});

/** `wxapp/config-project-list` (body): the projects the official account serves. */
const wxappConfigProjectList = defineAction({
  group: 'wxapp',
  name: 'config-project-list',
  ...platform,
  input: wxappConfigProjectsInput,
  handler: async (ctx, input) => configWxappProjects(ctx, input),
});

const wxappProjectId = defineAction({
  group: 'wxapp',
  name: 'project-id',
  methods: ['GET', 'POST'],
  ...platform,
  input: wxappProjectIdInput,
  handler: async (_ctx, input) => ({ projectIds: await projectIdsOfAppId(input.appId) }),
});

/** `wxapp/qr-code`: the official account's follow QR code. */
const wxappQrCode = defineAction({
  group: 'wxapp',
  name: 'qr-code',
  methods: ['GET', 'POST'],
  ...platform,
  input: idInput,
  handler: async (ctx, input) => ({ imageUrl: await followQrCode(ctx, await loadWxapp(input.id)) }),
});

const wxappCheckFollow = defineAction({
  group: 'wxapp',
  name: 'check-follow',
  ...platform,
  input: wxappCheckFollowInput,
  handler: async (ctx, input) => wxappFollowState(ctx, await loadWxapp(input.id), input.accountId),
});

const wxappBindings = defineAction({
  group: 'wxapp',
  name: 'bindings',
  ...platform,
  input: wxappBindingsInput,
  handler: async (ctx, input) => listWxappBindings(ctx.sequelize, input),
});

const wxappBind = defineAction({
  group: 'wxapp',
  name: 'bind',
  ...platform,
  input: wxappBindInput,
  async handler(ctx, input) {
    await bindByStaff(ctx, input);
    return null;
  },
});

const wxappUnbind = defineAction({
  group: 'wxapp',
  name: 'unbind',
  ...platform,
  input: wxappUnbindInput,
  async handler(ctx, input) {
    await unbindOpenId(ctx, input.id, input.openId);
    return null;
  },
});

// ---- Students in the WeChat browser ----

/** `wechat/oauth-url`: WeChat's authorize URL for a visitor to be recognised. */
const oauthUrl = defineAction({
  group: 'wechat',
  name: 'oauth-url',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: oauthUrlInput,
  handler: async (ctx, input) => createOauthUrl(ctx, input),
});

/** `wechat/oauth-login`: `/auth-redirect` hands over WeChat's code and our state. */
const oauthLogin = defineAction({
  group: 'wechat',
  name: 'oauth-login',
  auth: 'public',
  input: oauthLoginInput,
  handler: async (ctx, input) => loginWithOauthCode(ctx, input),
});

const jsSdkConfigAction = defineAction({
  group: 'wechat',
  name: 'js-sdk-config',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: jsSdkConfigInput,
  handler: async (ctx, input) => jsSdkConfig(ctx, input),
});

const checkFollowAction = defineAction({
  group: 'wechat',
  name: 'check-follow',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  input: noInput,
  handler: async (ctx) => checkFollow(ctx, requirePrincipal(ctx)),
});

const myProfileAction = defineAction({
  group: 'account',
  name: 'my-profile',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  input: noInput,
  handler: async (ctx) => myProfile(requirePrincipal(ctx)),
});

/** `account/unbind-openId`: staff remove a student's WeChat binding (student management). */
const unbindOpenIdAction = projectStaffActions('account')(
  'unbind-openId',
  ['/student-manage/student', '/student-manage/student-detail'],
  accountIdInput,
  async (ctx, input, projectId) => {
    await unbindAccountWechat(ctx, projectId, input.id);
    return null;
  },
);

// ---- Units' registration by QR code ----
const UNIT_SCREENS = ['/unit-manage/list', '/unit-manage/detail'];
const STAFF_AND_UNIT = [ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT];

const h5RegisterQrCode = defineAction({
  group: 'unit',
  name: 'h5-register-qr-code',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: STAFF_AND_UNIT,
  permission: UNIT_SCREENS,
  input: h5RegisterQrCodeInput,
  handler: async (ctx, input) => unitRegisterQrCode(ctx, unitScope(ctx), input.unitId),
});

const registerConfigByUnitAction = defineAction({
  group: 'unit',
  name: 'register-config-by-unit',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: registerConfigByUnitInput,
  handler: async (_ctx, input) => registerConfigByUnit(input.unitId),
});

const unitRegisterStudentsAction = defineAction({
  group: 'unit',
  name: 'register-students',
  auth: 'signed-in',
  roles: STAFF_AND_UNIT,
  permission: UNIT_SCREENS,
  input: unitRegisterStudentsInput,
  handler: async (ctx, input) => unitRegisterStudents(ctx, unitScope(ctx), input),
});

export const wechatActions: ActionDefinition[] = [
  wxappList,
  wxappGet,
  wxappSave,
  wxappDisable,
  wxappDelete,
  wxappConfigProjectList,
  wxappProjectId,
  wxappQrCode,
  wxappCheckFollow,
  wxappBindings,
  wxappBind,
  wxappUnbind,
  oauthUrl,
  oauthLogin,
  jsSdkConfigAction,
  checkFollowAction,
  myProfileAction,
  unbindOpenIdAction,
  h5RegisterQrCode,
  registerConfigByUnitAction,
  unitRegisterStudentsAction,
];
