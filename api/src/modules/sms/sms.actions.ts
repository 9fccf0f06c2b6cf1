import { ROLE_SYSTEM, zPassword } from '@px/config';
import type { Sequelize } from 'sequelize';
import {
  doRegisterInput,
  forgetPasswordInput,
  forgetSendMsgCodeInput,
  loginByMobileInput,
  loginSendMsgCodeInput,
  modifyMobileInput,
  modifyPasswordByMobileInput,
  registerSendMsgCodeInput,
  smsOutboxInput,
  smsSendMsgCodeInput,
} from '../../contract/sms';
import { defineAction } from '../../core/action';
import { ValidationError } from '../../core/errors';
import { decryptLoginField } from '../../core/login-key';
import { requirePrincipal } from '../../core/tenant';
import { toFieldErrors } from '../../core/validation';
import { sceneBinder } from '../wechat/oauth.service';
import {
  forgetPassword,
  loginByMobile,
  modifyMobile,
  modifyPasswordByMobile,
  registerStudent,
  resolveSmsProject,
  sendForgetCode,
  sendLoginCode,
  sendRegisterCode,
  sendSignedInCode,
} from './sms-account.service';
import { listOutbox } from './sms-outbox.service';

const ALL_ROLE_SYSTEMS = [ROLE_SYSTEM.PLATFORM, ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.STUDENT, ROLE_SYSTEM.UNIT];

/** Decrypts a new password of the payload and applies the password rule; throws naming the field. */
async function newPassword(sequelize: Sequelize, field: string, cipherText: string): Promise<string> {
  const plain = await decryptLoginField(sequelize, field, cipherText);
  const result = zPassword.safeParse(plain);
  if (!result.success) {
    throw new ValidationError(toFieldErrors(result.error).map((error) => ({ ...error, field })));
  }
  return plain;
}

/** `register/send-msg-code`: a registration code to a mobile not registered in the project. */
export const registerSendMsgCode = defineAction({
  group: 'register',
  name: 'send-msg-code',
  auth: 'public',
  input: registerSendMsgCodeInput,
  async handler(ctx, input) {
    const project = await resolveSmsProject({ unitId: input.unitId, host: ctx.request.host });
    return sendRegisterCode(ctx.sequelize, {
      project,
      mobile: input.mobile,
      ip: ctx.request.ip,
      log: ctx.log,
    });
  },
});

/** `register/do-register`: creates a student account and signs it in (`{ tokenCode, roleSystem: 3 }`). */
export const doRegister = defineAction({
  group: 'register',
  name: 'do-register',
  auth: 'public',
  input: doRegisterInput,
  async handler(ctx, input) {
    const password = await newPassword(ctx.sequelize, 'password', input.password);
    const project = await resolveSmsProject({ unitId: input.unitId, host: ctx.request.host });
    return registerStudent(
      ctx.sequelize,
      project,
      { ...input, password },
      ctx.request,
      sceneBinder(ctx, input.scene),
    );
  },
});

/** `login/send-msg-code-by-login` (noToken): a sign-in code to a student's mobile. */
export const sendMsgCodeByLogin = defineAction({
  group: 'login',
  name: 'send-msg-code-by-login',
  auth: 'public',
  input: loginSendMsgCodeInput,
  async handler(ctx, input) {
    const project = await resolveSmsProject({ unitId: input.unitId, host: ctx.request.host });
    return sendLoginCode(ctx.sequelize, { project, mobile: input.mobile, ip: ctx.request.ip, log: ctx.log });
  },
});

/** `login/login-by-mobile` (noToken): mobile + code; answers `{ tokenCode, roleSystem }`. */
export const loginByMobileAction = defineAction({
  group: 'login',
  name: 'login-by-mobile',
  auth: 'public',
  input: loginByMobileInput,
  async handler(ctx, input) {
    const project = await resolveSmsProject({ unitId: input.unitId, host: ctx.request.host });
    return loginByMobile(ctx.sequelize, project, input, ctx.request, sceneBinder(ctx, input.scene));
  },
});

/** `forget/send-msg-code-by-forget`: the same answer whether or not the mobile is registered. */
export const sendMsgCodeByForget = defineAction({
  group: 'forget',
  name: 'send-msg-code-by-forget',
  auth: 'public',
  input: forgetSendMsgCodeInput,
  async handler(ctx, input) {
    const project = await resolveSmsProject({ unitId: input.unitId, host: ctx.request.host });
    return sendForgetCode(ctx.sequelize, { project, mobile: input.mobile, ip: ctx.request.ip, log: ctx.log });
  },
});

/** `forget/forget-password`: a new password by SMS code; ends every session of the account. */
export const forgetPasswordAction = defineAction({
  group: 'forget',
  name: 'forget-password',
  auth: 'public',
  input: forgetPasswordInput,
  async handler(ctx, input) {
    const password = await newPassword(ctx.sequelize, 'password', input.password);
    const project = await resolveSmsProject({ unitId: input.unitId, host: ctx.request.host });
    await forgetPassword(ctx.sequelize, project, { ...input, password }, ctx);
    return null;
  },
});

/** `sms/send-msg-code` (signed in): codes for `modify-mobile` (to the new mobile) and `modify-password`. */
export const smsSendMsgCode = defineAction({
  group: 'sms',
  name: 'send-msg-code',
  auth: 'signed-in',
  roles: ALL_ROLE_SYSTEMS,
  input: smsSendMsgCodeInput,
  async handler(ctx, input) {
    return sendSignedInCode(ctx.sequelize, requirePrincipal(ctx), input, {
      host: ctx.request.host,
      ip: ctx.request.ip,
      log: ctx.log,
    });
  },
});

/** `login/modify-mobile`: binds a new mobile with the code sent to it. */
export const modifyMobileAction = defineAction({
  group: 'login',
  name: 'modify-mobile',
  auth: 'signed-in',
  roles: ALL_ROLE_SYSTEMS,
  input: modifyMobileInput,
  async handler(ctx, input) {
    await modifyMobile(ctx.sequelize, requirePrincipal(ctx), input, ctx);
    return null;
  },
});

/** `login/modify-password-by-mobile`: a new password with the code sent to the account's mobile. */
export const modifyPasswordByMobileAction = defineAction({
  group: 'login',
  name: 'modify-password-by-mobile',
  auth: 'signed-in',
  roles: ALL_ROLE_SYSTEMS,
  input: modifyPasswordByMobileInput,
  async handler(ctx, input) {
    const password = await newPassword(ctx.sequelize, 'password', input.password);
    await modifyPasswordByMobile(
      ctx.sequelize,
      requirePrincipal(ctx),
      { msgCode: input.msgCode, password },
      ctx,
    );
    return null;
  },
});

/**
 * `sms/outbox`: the messages the outbox provider kept, newest first (a demo reads its codes here).
 * Project staff see their project's only; platform staff every project's.
 */
export const smsOutbox = defineAction({
  group: 'sms',
  name: 'outbox',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.PLATFORM, ROLE_SYSTEM.PROJECT],
  permission: ['/account-manage/administrator-list'],
  input: smsOutboxInput,
  async handler(ctx, input) {
    return listOutbox({ ...input, scopeProjectId: requirePrincipal(ctx).projectId });
  },
});

export const smsActions = [
  registerSendMsgCode,
  doRegister,
  sendMsgCodeByLogin,
  loginByMobileAction,
  sendMsgCodeByForget,
  forgetPasswordAction,
  smsSendMsgCode,
  modifyMobileAction,
  modifyPasswordByMobileAction,
  smsOutbox,
];
