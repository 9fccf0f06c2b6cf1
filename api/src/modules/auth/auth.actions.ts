import { z } from 'zod';
import {
  checkAccountInput,
  index2LoginInput,
  loginInput,
  modifyPasswordInput,
  projectPageInput,
  switchLoginInput,
} from '../../contract/login';
import { type ActionContext, defineAction } from '../../core/action';
import { type FieldError, ValidationError } from '../../core/errors';
import { decryptLoginField } from '../../core/login-key';
import { requirePrincipal } from '../../core/tenant';
import type { CaptchaProof } from '../captcha/captcha.service';
import { resolveRequestProject } from '../project/project.service';
import { sceneBinder } from '../wechat/oauth.service';
import {
  checkAccountBeforeLogin,
  getAccountInfo,
  listSwitchOptions,
  modifyPassword,
  presentAboutUs,
  presentAgreement,
  presentIndex2,
  signInAtIndex2,
  signInWithPassword,
  signOut,
  switchLogin,
} from './login.service';

const noInput = z.object({});

/** Decrypts encrypted login fields (plain text refused) and requires each to be non-blank. */
async function decryptFields<K extends string>(
  ctx: ActionContext,
  fields: Record<K, { value: string; label: string }>,
): Promise<Record<K, string>> {
  const plain = {} as Record<K, string>;
  const missing: FieldError[] = [];
  for (const field of Object.keys(fields) as K[]) {
    plain[field] = await decryptLoginField(ctx.sequelize, field, fields[field].value);
    if (!plain[field]) missing.push({ field, rule: 'required', message: `请输入${fields[field].label}` });
  }
  if (missing.length) throw new ValidationError(missing);
  return plain;
}

const client = (ctx: ActionContext) => ({
  ip: ctx.request.ip || 'unknown',
  userAgent: ctx.request.userAgent,
});

const captchaProof = (input: {
  vcode?: string;
  codeToken?: string;
  captchaVO?: { token: string };
}): CaptchaProof => ({
  vcode: input.vcode,
  codeToken: input.codeToken,
  sliderToken: input.captchaVO?.token,
});

/** Step one: does the password need a captcha, is sign-in locked (never tells whether the account exists). */
export const checkAccountBeforeLoginAction = defineAction({
  group: 'login',
  name: 'check-account-before-login',
  auth: 'public',
  input: checkAccountInput,
  async handler(ctx, input) {
    const { account } = await decryptFields(ctx, { account: { value: input.account, label: '账号' } });
    const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
    return checkAccountBeforeLogin(ctx.sequelize, {
      project,
      roleType: input.roleType,
      account,
      ip: client(ctx).ip,
    });
  },
});

/** Step two: account and password (encrypted), a captcha when needed; answers the session token. */
export const loginAction = defineAction({
  group: 'login',
  name: 'login',
  auth: 'public',
  input: loginInput,
  async handler(ctx, input) {
    const credentials = await decryptFields(ctx, {
      account: { value: input.account, label: '账号' },
      password: { value: input.password, label: '密码' },
    });
    const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
    return signInWithPassword(ctx.sequelize, {
      project,
      roleType: input.roleType,
      ...credentials,
      captcha: captchaProof(input),
      client: client(ctx),
      afterSignIn: sceneBinder(ctx, input.scene),
    });
  },
});

/** The caller's name, avatar, role and menu tree (spec section 3). */
export const getAccountInfoAction = defineAction({
  group: 'login',
  name: 'get-account-info',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  input: noInput,
  handler: (ctx) => getAccountInfo(requirePrincipal(ctx)),
});

/** Logout: ends the session of the token sent; succeeds also when it has ended already. */
export const loginOutAction = defineAction({
  group: 'login',
  name: 'login-out',
  methods: ['GET', 'POST'],
  auth: 'optional',
  input: noInput,
  async handler(ctx) {
    await signOut(ctx.principal);
    return null;
  },
});

/** Whether the token sent is a live session. */
export const checkLoginAction = defineAction({
  group: 'login',
  name: 'check-login',
  methods: ['GET', 'POST'],
  auth: 'optional',
  input: noInput,
  handler: async (ctx) => ({ valid: ctx.principal !== null }),
});

/** The caller changes their password (old and new encrypted); their other sessions end. */
export const modifyPasswordAction = defineAction({
  group: 'login',
  name: 'modify-password',
  auth: 'signed-in',
  input: modifyPasswordInput,
  async handler(ctx, input) {
    const passwords = await decryptFields(ctx, {
      oldPassword: { value: input.oldPassword, label: '原密码' },
      newPassword: { value: input.newPassword, label: '新密码' },
    });
    await modifyPassword(ctx, passwords);
    return null;
  },
});

/** A student lists the accounts of the same person in other projects, or switches to one. */
export const switchLoginAction = defineAction({
  group: 'login',
  name: 'switch-login',
  auth: 'signed-in',
  roles: [3],
  input: switchLoginInput,
  async handler(ctx, input) {
    const principal = requirePrincipal(ctx);
    if (input.accountId === undefined) return listSwitchOptions(principal);
    return switchLogin(ctx.sequelize, principal, input.accountId, client(ctx));
  },
});

/** Whether the project's alternative entry page /index2 is open, and its title. */
export const index2Action = defineAction({
  group: 'login',
  name: 'index2',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: projectPageInput,
  async handler(ctx, input) {
    return presentIndex2(await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host }));
  },
});

/** Student sign-in on /index2 (ID number + password, encrypted); answers `{ data: { tokenCode } }`. */
export const index2LoginAction = defineAction({
  group: 'login',
  name: 'index2Login',
  auth: 'public',
  input: index2LoginInput,
  async handler(ctx, input) {
    const credentials = await decryptFields(ctx, {
      account: { value: input.account, label: '身份证号' },
      password: { value: input.password, label: '密码' },
    });
    const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
    const { tokenCode } = await signInAtIndex2(ctx.sequelize, {
      project,
      ...credentials,
      captcha: captchaProof(input),
      client: client(ctx),
    });
    return { data: { tokenCode } };
  },
});

/** The user agreement and privacy policy, the project's title filled in. */
export const getAgreementAction = defineAction({
  group: 'login',
  name: 'get-agreement',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: projectPageInput,
  async handler(ctx, input) {
    return presentAgreement(await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host }));
  },
});

/** About us: the project's titles, customer phone and version. */
export const aboutUsAction = defineAction({
  group: 'login',
  name: 'about-us',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: projectPageInput,
  async handler(ctx, input) {
    return presentAboutUs(await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host }));
  },
});

export const authActions = [
  checkAccountBeforeLoginAction,
  loginAction,
  getAccountInfoAction,
  loginOutAction,
  checkLoginAction,
  modifyPasswordAction,
  switchLoginAction,
  index2Action,
  index2LoginAction,
  getAgreementAction,
  aboutUsAction,
];
