import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import {
  accountAddInput,
  accountDisableInput,
  accountIdInput,
  accountQueryInput,
  accountResetPasswordInput,
  completeInfoInput,
} from '../../contract/account';
import { defineAction } from '../../core/action';
import { requirePrincipal, requireProjectId } from '../../core/tenant';
import {
  completeInfo,
  deleteStaffAccount,
  needComplete,
  queryStaffAccounts,
  resetStaffPassword,
  saveStaffAccount,
  setStaffStatus,
} from './account.service';

/** The administrator list screen grants the staff-account calls. */
const ADMIN_LIST = ['/account-manage/administrator-list'];
const PROJECT_STAFF = [ROLE_SYSTEM.PROJECT];

/** `account/query`: paged staff accounts (role systems 2 and 4) of the caller's project. */
export const accountQuery = defineAction({
  group: 'account',
  name: 'query',
  auth: 'signed-in',
  roles: PROJECT_STAFF,
  permission: ADMIN_LIST,
  input: accountQueryInput,
  async handler(ctx, input) {
    return queryStaffAccounts(requireProjectId(ctx), input);
  },
});

/** `account/add`: creates or updates a staff account. */
export const accountAdd = defineAction({
  group: 'account',
  name: 'add',
  auth: 'signed-in',
  roles: PROJECT_STAFF,
  permission: ADMIN_LIST,
  input: accountAddInput,
  async handler(ctx, input) {
    return saveStaffAccount(ctx, requireProjectId(ctx), input);
  },
});

/** `account/disable`: enables or disables a staff account (`status`). */
export const accountDisable = defineAction({
  group: 'account',
  name: 'disable',
  auth: 'signed-in',
  roles: PROJECT_STAFF,
  permission: ADMIN_LIST,
  input: accountDisableInput,
  async handler(ctx, input) {
    await setStaffStatus(ctx, requireProjectId(ctx), input.id, input.status);
    return null;
  },
});

/** `account/delete`: deletes a staff account. */
export const accountDelete = defineAction({
  group: 'account',
  name: 'delete',
  auth: 'signed-in',
  roles: PROJECT_STAFF,
  permission: ADMIN_LIST,
  input: accountIdInput,
  async handler(ctx, input) {
    await deleteStaffAccount(ctx, requireProjectId(ctx), input.id);
    return null;
  },
});

/** `account/reset-password`: sets the given password, or a random one answered once. */
export const accountResetPassword = defineAction({
  group: 'account',
  name: 'reset-password',
  auth: 'signed-in',
  roles: PROJECT_STAFF,
  permission: ADMIN_LIST,
  input: accountResetPasswordInput,
  async handler(ctx, input) {
    return resetStaffPassword(ctx, requireProjectId(ctx), input.id, input.password);
  },
});

/** `account/is-need-complete`: whether the signed-in student must complete the profile first. */
export const accountIsNeedComplete = defineAction({
  group: 'account',
  name: 'is-need-complete',
  methods: ['GET', 'POST'],
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  input: z.object({}),
  async handler(ctx) {
    return needComplete(requirePrincipal(ctx));
  },
});

/** `account/complete-info`: the signed-in student fills the missing profile fields. */
export const accountCompleteInfo = defineAction({
  group: 'account',
  name: 'complete-info',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.STUDENT],
  input: completeInfoInput,
  async handler(ctx, input) {
    return completeInfo(ctx, input);
  },
});

export const accountActions = [
  accountQuery,
  accountAdd,
  accountDisable,
  accountDelete,
  accountResetPassword,
  accountIsNeedComplete,
  accountCompleteInfo,
];
