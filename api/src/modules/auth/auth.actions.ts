import { forgetCalls, loginCalls, registerCalls } from '../../contract/login';
import { type ActionContext, implement } from '../../core/action';
import { type FieldError, ValidationError } from '../../core/errors';
import { decryptLoginField } from '../../core/login-key';
import { readNewPassword } from '../account/password';
import type { CaptchaProof } from '../captcha/captcha.service';
import { sceneBinder } from '../wechat/oauth.service';
import { presentAboutUs, presentAgreement, presentIndex2 } from './auth.presenter';
import {
  checkAccountBeforeLogin,
  getAccountInfo,
  listSwitchOptions,
  modifyPassword,
  signInAtIndex2,
  signInWithPassword,
  signOut,
  switchLogin,
} from './login.service';
import {
  checkUnitOfHost,
  forgetPassword,
  loginByMobile,
  registerStudent,
  sendForgetCode,
  sendLoginCode,
  sendRegisterCode,
} from './sms-sign-in.service';

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

const captchaProof = (input: {
  vcode?: string;
  codeToken?: string;
  captchaVO?: { token: string };
}): CaptchaProof => ({
  vcode: input.vcode,
  codeToken: input.codeToken,
  sliderToken: input.captchaVO?.token,
});

/**
 * The sign-in calls (`login/...`) but the image code (captcha) and the mobile changes (account):
 * password sign-in, SMS sign-in, /index2, the session, password changes and switching accounts.
 */
const loginActions = implement(loginCalls, {
  'check-account-before-login': async (ctx, input) => {
    const { account } = await decryptFields(ctx, { account: { value: input.account, label: '账号' } });
    return checkAccountBeforeLogin(ctx, { roleType: input.roleType, account });
  },
  login: async (ctx, input) => {
    const credentials = await decryptFields(ctx, {
      account: { value: input.account, label: '账号' },
      password: { value: input.password, label: '密码' },
    });
    return signInWithPassword(ctx, {
      roleType: input.roleType,
      ...credentials,
      captcha: captchaProof(input),
      afterSignIn: sceneBinder(ctx, input.scene),
    });
  },
  'get-account-info': (ctx) => getAccountInfo(ctx),
  'login-out': async (ctx) => {
    await signOut(ctx);
    return null;
  },
  'check-login': async (ctx) => ({ valid: ctx.principal !== null }),
  'modify-password': async (ctx, input) => {
    const passwords = await decryptFields(ctx, {
      oldPassword: { value: input.oldPassword, label: '原密码' },
      newPassword: { value: input.newPassword, label: '新密码' },
    });
    await modifyPassword(ctx, passwords);
    return null;
  },
  'switch-login': (ctx, input) =>
    input.accountId === undefined ? listSwitchOptions(ctx) : switchLogin(ctx, input.accountId),
  index2: async (ctx) => presentIndex2(ctx.project),
  index2Login: async (ctx, input) => {
    const credentials = await decryptFields(ctx, {
      account: { value: input.account, label: '身份证号' },
      password: { value: input.password, label: '密码' },
    });
    const { tokenCode } = await signInAtIndex2(ctx, { ...credentials, captcha: captchaProof(input) });
    return { data: { tokenCode } };
  },
  'get-agreement': async (ctx) => presentAgreement(ctx.project),
  'about-us': async (ctx) => presentAboutUs(ctx.project),
  'send-msg-code-by-login': async (ctx, input) => {
    await checkUnitOfHost(ctx, input.unitId);
    return sendLoginCode(ctx, input.mobile);
  },
  'login-by-mobile': async (ctx, input) => {
    await checkUnitOfHost(ctx, input.unitId);
    return loginByMobile(ctx, input, sceneBinder(ctx, input.scene));
  },
});

/** Student sign-up by SMS code (`register/...`). */
const registerActions = implement(registerCalls, {
  'send-msg-code': async (ctx, input) => {
    await checkUnitOfHost(ctx, input.unitId);
    return sendRegisterCode(ctx, input.mobile);
  },
  'do-register': async (ctx, input) => {
    const password = await readNewPassword(ctx.sequelize, 'password', input.password);
    await checkUnitOfHost(ctx, input.unitId);
    return registerStudent(ctx, { ...input, password }, sceneBinder(ctx, input.scene));
  },
});

/** A forgotten password reset by SMS code (`forget/...`). */
const forgetActions = implement(forgetCalls, {
  'send-msg-code-by-forget': async (ctx, input) => {
    await checkUnitOfHost(ctx, input.unitId);
    return sendForgetCode(ctx, input.mobile);
  },
  'forget-password': async (ctx, input) => {
    const password = await readNewPassword(ctx.sequelize, 'password', input.password);
    await checkUnitOfHost(ctx, input.unitId);
    await forgetPassword(ctx, { ...input, password });
    return null;
  },
});

/** The sign-in, sign-up and forgotten-password calls bound by the auth module. */
export const authActions = [...loginActions, ...registerActions, ...forgetActions];
