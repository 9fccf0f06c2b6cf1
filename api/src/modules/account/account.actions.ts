import { accountCalls } from '../../contract/account';
import { loginCalls } from '../../contract/login';
import { projectCalls } from '../../contract/project';
import { smsCalls } from '../../contract/sms';
import { implement } from '../../core/action';
import {
  completeInfo,
  createFirstProjectAdmin,
  deleteStaffAccount,
  needComplete,
  queryStaffAccounts,
  resetStaffPassword,
  saveStaffAccount,
  setStaffStatus,
} from './account.service';
import { modifyMobile, modifyPasswordByMobile, sendSignedInCode } from './mobile.service';
import { readNewPassword } from './password';

/**
 * The accounts calls: the administrator list (project staff on their project's staff), a
 * project's first administrator (platform staff), a student's profile completion, and the signed-in caller's mobile and password by SMS code.
 */
export const accountActions = [
  ...implement(accountCalls, {
    query: (ctx, input) => queryStaffAccounts(ctx, input),
    add: (ctx, input) => saveStaffAccount(ctx, input),
    disable: async (ctx, input) => {
      await setStaffStatus(ctx, input.id, input.status);
      return null;
    },
    delete: async (ctx, input) => {
      await deleteStaffAccount(ctx, input.id);
      return null;
    },
    'reset-password': (ctx, input) => resetStaffPassword(ctx, input.id, input.password),
    'is-need-complete': (ctx) => needComplete(ctx),
    'complete-info': (ctx, input) => completeInfo(ctx, input),
  }),
  ...implement(projectCalls, {
    'create-admin': (ctx, input) => createFirstProjectAdmin(ctx, input),
  }),
  ...implement(smsCalls, {
    'send-msg-code': (ctx, input) => sendSignedInCode(ctx, input),
  }),
  ...implement(loginCalls, {
    'modify-mobile': async (ctx, input) => {
      await modifyMobile(ctx, input);
      return null;
    },
    'modify-password-by-mobile': async (ctx, input) => {
      const password = await readNewPassword(ctx.sequelize, 'password', input.password);
      await modifyPasswordByMobile(ctx, { msgCode: input.msgCode, password });
      return null;
    },
  }),
];
