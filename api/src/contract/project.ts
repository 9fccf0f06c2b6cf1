import { type ProjectSettings, zMobile } from '@px/config';
import { z } from 'zod';
import { platform, staff, visitor } from './access';
import { answer, defineCalls } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zBoolean,
  zIdInput,
  zIdStatusInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
  zStatus,
  zStringList,
} from './common';

/** `/api/project/system-info.action`: the unit whose project to describe; the request's host otherwise. */
export const systemInfoInput = z.object({ unitId: zInput.optionalId() });
export type SystemInfoInput = z.input<typeof systemInfoInput>;

/**
 * The project settings of spec section 3 with defaults filled, the project's identity, and the
 * public key (PEM, RSA-OAEP/SHA-256) with which clients encrypt the login payload.
 */
export type SystemInfo = ProjectSettings & { projectId: number; projectName: string; loginPublicKey: string };

/** `project/list`: paged projects (platform staff); `name` matches part of the name or the code. */
export const projectListInput = z.object({
  ...zPage,
  name: zOptionalText(60),
  status: zOptional(zStatus),
});
/** A row of `project/list`. */
export interface ProjectItem {
  id: number;
  code: string;
  name: string;
  status: RecordStatus;
  isDefault: boolean;
  domains: string[];
  /** Living accounts and units; a project with either cannot be deleted. */
  accountCount: number;
  /** Enabled back-office staff (role system 2); 0 for a new project, which then needs its first administrator. */
  staffCount: number;
  unitCount: number;
  createdAt: string;
}

const DOMAIN_MESSAGE = '域名格式不正确';
/** A host name (`px.example.com`, `localhost`, `127.0.0.1`), lower-cased, no port. */
const zDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, { error: DOMAIN_MESSAGE })
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    error: DOMAIN_MESSAGE,
  });

/**
 * `project/save`: creates (without `id`) or updates a project. `domains` is a JSON array or
 * comma-separated text. Creating a project also creates its built-in roles.
 */
export const projectSaveInput = z.object({
  id: zInput.optionalId(),
  code: z
    .string({ error: '请填写项目编码' })
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/, {
      error: '项目编码须为 1-32 位小写字母、数字或连字符，且不以连字符开头或结尾',
    }),
  name: zRequiredText('项目名称', 60),
  /** Omitted: unchanged (none for a new project). */
  domains: zStringList(zDomain).optional(),
  /** Omitted: unchanged (false for a new project). */
  isDefault: zOptional(zBoolean()),
});
export type ProjectSaveInput = z.input<typeof projectSaveInput>;

/**
 * `project/create-admin`: the first administrator of a project without enabled back-office staff,
 * created by platform staff with the project's built-in role 项目管理员 and a random password
 * answered once.
 */
export const projectCreateAdminInput = z.object({
  projectId: zInput.id(),
  accountName: z
    .string({ error: '请填写账号' })
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{3,40}$/, { error: '账号须为 3-40 位字母、数字或 _ - . @' }),
  realName: zRequiredText('姓名', 50),
  mobile: zOptional(zMobile),
});
export type ProjectCreateAdminInput = z.input<typeof projectCreateAdminInput>;
/** Answer of `project/create-admin`: the account and its initial password, shown this once and never again. */
export interface ProjectAdminCreated {
  accountId: number;
  accountName: string;
  realName: string;
  password: string;
}

/** `project/disable`: enables or disables a project (not the default project). */
export const projectDisableInput = zIdStatusInput;

/** `project/delete` and `project/get-setting`. */
export const projectIdInput = zIdInput;

/**
 * `project/save-setting`: some settings of spec section 3 (JSON body); they are merged over the
 * stored settings and the result must satisfy the settings schema.
 */
export const projectSaveSettingInput = z.object({
  id: zInput.id(),
  settings: z.record(z.string(), z.unknown(), { error: '请提交设置项' }),
});
export type ProjectSaveSettingInput = z.input<typeof projectSaveSettingInput>;

/**
 * `project/save-own-setting`: some settings of the caller's own project (JSON body); only those its
 * staff may change (`PROJECT_STAFF_SETTING_KEYS`), merged like `save-setting`.
 */
export const projectSaveOwnSettingInput = z.object({
  settings: z.record(z.string(), z.unknown(), { error: '请提交设置项' }),
});
export type ProjectSaveOwnSettingInput = z.input<typeof projectSaveOwnSettingInput>;

/** Answer of `project/get-setting` and `project/save-setting`: every setting, defaults filled. */
export interface ProjectSettingsAnswer {
  projectId: number;
  projectName: string;
  settings: ProjectSettings;
}

/**
 * The project calls (`project/...`): the public `system-info` (the project of the request: the
 * unit's, else the host's, else the default one) and project management by platform staff.
 */
export const projectCalls = defineCalls('project', {
  /** The project's settings, identity and login key: the first call both apps make. */
  'system-info': {
    input: systemInfoInput,
    answer: answer<SystemInfo>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** Paged projects; filter by name (or code) and status. */
  list: {
    input: projectListInput,
    answer: answer<PageAnswer<ProjectItem>>(),
    access: platform('/project-manage/list'),
  },
  /** Creates (with its built-in roles and base class categories) or updates a project. */
  save: { input: projectSaveInput, answer: answer<ProjectItem>(), access: platform('/project-manage/list') },
  /** The first administrator of a project without staff, with a one-time initial password (account module). */
  'create-admin': {
    input: projectCreateAdminInput,
    answer: answer<ProjectAdminCreated>(),
    access: platform('/project-manage/list'),
  },
  /** Enables or disables a project (`status`). */
  disable: { input: projectDisableInput, answer: answer<null>(), access: platform('/project-manage/list') },
  /** Deletes a project without accounts and units. */
  delete: { input: projectIdInput, answer: answer<null>(), access: platform('/project-manage/list') },
  /** Every setting of a project, defaults filled. */
  'get-setting': {
    input: projectIdInput,
    answer: answer<ProjectSettingsAnswer>(),
    access: platform('/project-manage/setting'),
    methods: ['GET', 'POST'],
  },
  /** Changes some settings of a project. */
  'save-setting': {
    input: projectSaveSettingInput,
    answer: answer<ProjectSettingsAnswer>(),
    access: platform('/project-manage/setting'),
  },
  /** Every setting of the caller's own project (project staff), defaults filled. */
  'own-setting': {
    input: z.object({}),
    answer: answer<ProjectSettingsAnswer>(),
    access: staff('/account-manage/project-setting'),
    methods: ['GET', 'POST'],
  },
  /**
   * Changes some settings of the caller's own project, those its staff may change; a platform
   * setting among them answers 403 naming it, and nothing is saved.
   */
  'save-own-setting': {
    input: projectSaveOwnSettingInput,
    answer: answer<ProjectSettingsAnswer>(),
    access: staff('/account-manage/project-setting'),
  },
});
