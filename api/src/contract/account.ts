import type { RoleSystem } from '@px/config';
import { zIdCardNumber, zMobile } from '@px/config';
import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zIdInput,
  zIdStatusInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStatus,
} from './common';
import type { MyProfile } from './wechat';

/** RSA-OAEP (SHA-256) cipher text, base64, as the login payload (see `loginPublicKey` in system-info). */
const zEncrypted = z.string().min(16, { error: '须加密后提交，请刷新页面后重试' }).max(1024);

/** `account/query`: the back office's administrator list (role systems 2 and 4 of the project). */
export const accountQueryInput = z.object({
  ...zPage,
  /** Part of the real name or of the account name. */
  name: zOptionalText(50),
  roleId: zInput.optionalId(),
  status: zOptional(zStatus),
  unitId: zInput.optionalId(),
});
/** A row of `account/query`. */
export interface StaffAccountItem {
  id: number;
  accountName: string | null;
  realName: string;
  mobile: string | null;
  roleId: number;
  roleName: string;
  roleSystem: RoleSystem;
  unitId: number | null;
  unitName: string | null;
  status: RecordStatus;
  lastLoginAt: string | null;
  createdAt: string;
}

const ACCOUNT_NAME_MESSAGE = '账号须为 3-40 位字母、数字或 _ - . @';

/**
 * `account/add`: creates (without `id`) or updates a staff account of the caller's project.
 * `password` is encrypted like the login payload; required when creating, a new password when
 * updating. `unitId` is required for a role of role system 4 (unit manager).
 */
export const accountAddInput = z.object({
  id: zInput.optionalId(),
  accountName: z
    .string({ error: '请填写账号' })
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{3,40}$/, { error: ACCOUNT_NAME_MESSAGE }),
  realName: zRequiredText('姓名', 50),
  mobile: zOptional(zMobile),
  roleId: zInput.id(),
  unitId: zInput.optionalId(),
  password: zOptional(zEncrypted),
});
export type AccountAddInput = z.input<typeof accountAddInput>;

/** `account/disable`: enables or disables an account. */
export const accountDisableInput = zIdStatusInput;

/** `account/delete`. */
export const accountIdInput = zIdInput;

/** `account/reset-password`: a new encrypted password, or none for a random one. */
export const accountResetPasswordInput = z.object({
  id: zInput.id(),
  password: zOptional(zEncrypted),
});
/** Answer of `account/reset-password`: the random password, shown once; null when one was given. */
export interface ResetPasswordAnswer {
  password: string | null;
}

/** Profile fields a student must have; `account/is-need-complete` lists the missing ones. */
export const COMPLETE_INFO_FIELDS = ['realName', 'idCardNo', 'mobile'] as const;
export type CompleteInfoField = (typeof COMPLETE_INFO_FIELDS)[number];

/** Answer of `account/is-need-complete`. */
export interface NeedCompleteAnswer {
  needComplete: boolean;
  missing: CompleteInfoField[];
}

/** `account/complete-info`: the student's missing fields (fields already set are left as they are). */
export const completeInfoInput = z.object({
  realName: zOptional(
    z.string().trim().min(2, { error: '姓名至少 2 个字符' }).max(50, { error: '姓名不能超过 50 个字符' }),
  ),
  idCardNo: zOptional(zIdCardNumber),
  mobile: zOptional(zMobile),
});

/**
 * The accounts calls (`account/...`): the administrator list of project staff (their project's
 * staff and unit managers), a student's own profile, and the student screen's WeChat unbinding.
 */
export const accountCalls = defineCalls('account', {
  /** Paged staff accounts (role systems 2 and 4) of the caller's project. */
  query: {
    input: accountQueryInput,
    answer: answer<PageAnswer<StaffAccountItem>>(),
    access: staff('/account-manage/administrator-list'),
  },
  /** Creates or updates a staff account. */
  add: {
    input: accountAddInput,
    answer: answer<StaffAccountItem>(),
    access: staff('/account-manage/administrator-list'),
  },
  /** Enables or disables a staff account (`status`). */
  disable: {
    input: accountDisableInput,
    answer: answer<null>(),
    access: staff('/account-manage/administrator-list'),
  },
  /** Deletes a staff account. */
  delete: {
    input: accountIdInput,
    answer: answer<null>(),
    access: staff('/account-manage/administrator-list'),
  },
  /** Sets the given password, or a random one answered once. */
  'reset-password': {
    input: accountResetPasswordInput,
    answer: answer<ResetPasswordAnswer>(),
    access: staff('/account-manage/administrator-list'),
  },
  /** Whether the signed-in student must complete the profile first. */
  'is-need-complete': {
    input: z.object({}),
    answer: answer<NeedCompleteAnswer>(),
    access: student,
    methods: ['GET', 'POST'],
  },
  /** The signed-in student fills the missing profile fields. */
  'complete-info': { input: completeInfoInput, answer: answer<NeedCompleteAnswer>(), access: student },
  /** The signed-in student's profile and WeChat binding for /my (ID number masked). */
  'my-profile': {
    input: z.object({}),
    answer: answer<MyProfile>(),
    access: student,
    methods: ['GET', 'POST'],
  },
  /** Staff remove a student's WeChat binding (student management). */
  'unbind-openId': {
    input: accountIdInput,
    answer: answer<null>(),
    access: staff('/student-manage/student', '/student-manage/student-detail'),
  },
});
