import { z } from 'zod';
import { DEFAULT_CLASS_START_YEAR, DEFAULT_PROJECT_AREA } from './constants';

/**
 * The tenant (project) settings of spec section 3, with their defaults.
 * Stored per project in the database; served by `/api/project/system-info.action`.
 * Flags are 0/1 integers, as the clients and the spec's wording ("index2Open is 0") expect.
 * Meanings: docs/domain.md.
 */
const flag = (fallback: 0 | 1) => z.union([z.literal(0), z.literal(1)]).default(fallback);
const nonNegativeInt = (fallback: number) => z.number().int().min(0).default(fallback);
const percent = (fallback: number) => z.number().int().min(0).max(100).default(fallback);

export const LOGIN_TYPES = ['password', 'sms', 'wechat'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Base class types of the three-level class-type tree (base type -> major type -> major child). */
export const BASE_CLASS_TYPES = ['public', 'specialized'] as const;
export type BaseClassType = (typeof BASE_CLASS_TYPES)[number];

export const STUDY_MODEL = { CLASS_PACKAGE: 1, FREE_SELECTION: 2 } as const;
/** How the H5 class centre shows class types: 1 as tabs of base types, 2 as the full three-level tree. */
export const SHOW_CLASS_TYPE_MODEL = { TABS: 1, TREE: 2 } as const;

/** Where a project's new videos are kept and played from: 1 本平台存储 (local), 2 腾讯云点播 (docs/vod.md). */
export const VIDEO_PROVIDER = { LOCAL: 1, TENCENT_VOD: 2 } as const;

export const h5ConfigSchema = z
  .object({
    /** Base class types the H5 class centre offers, in order. */
    showClassType: z.array(z.enum(BASE_CLASS_TYPES)).default([...BASE_CLASS_TYPES]),
  })
  .default({ showClassType: [...BASE_CLASS_TYPES] });

/** The face agreement a project starts with (its platform staff may rewrite it in 项目设置). */
export const DEFAULT_FACE_AGREEMENT = [
  '为核验参加培训学习的是您本人，本平台将在您上传人脸照片及学习过程中采集您的面部图像，并与您上传的人脸照片进行比对。',
  '一、采集的信息：您上传的人脸照片，以及学习开始时和学习过程中随机拍摄的面部照片。',
  '二、使用目的：仅用于核验学习者身份、认定有效学时及培训监管部门的学时核查，不用于其他用途。',
  '三、保存与保护：照片加密存储于本平台，仅项目管理人员因学时核查需要可以查看，不向无关第三方提供；培训档案保存期满后删除。',
  '四、您的权利：您可以拒绝同意，但本项目要求人脸核验的班级将无法计入学时；如需更正或删除照片，请联系平台客服。',
  '点击“同意”即表示您已阅读并同意以上内容。',
].join('\n');

export const projectSettingsSchema = z.object({
  title: z.string().trim().min(1).max(60).default('职业培训平台'),
  shortTitle: z.string().trim().max(20).default('培训平台'),
  projectTitle: z.string().trim().min(1).max(60).default('职业培训管理后台'),
  versionCode: z.string().trim().max(20).default('1.0.0'),
  /** Six-digit administrative division code where the region tree starts. */
  projectArea: z.number().int().min(100000).max(999999).default(DEFAULT_PROJECT_AREA),
  index2Open: flag(0),
  h5Config: h5ConfigSchema,
  studyModel: z.union([z.literal(1), z.literal(2)]).default(STUDY_MODEL.CLASS_PACKAGE),
  loginAsRegister: flag(0),
  /**
   * 实名核验: students' name and ID number are checked through the identity-verification service
   * when they register (and when they complete a missing ID number); a mismatch is refused.
   */
  idCardVerify: flag(0),
  trySeeVideo: flag(1),
  videoShowHd: flag(1),
  /** 视频服务: where new uploads go (VIDEO_PROVIDER); videos already uploaded stay where they are. */
  videoProvider: z.union([z.literal(1), z.literal(2)]).default(VIDEO_PROVIDER.LOCAL),
  videoCanSeek: flag(0),
  videoLanguage: flag(0),
  videoCanSpeed: flag(0),
  /** Minutes between anti-idle prompts while a video plays; 0 switches them off. */
  videoTaskTime: nonNegativeInt(15),
  videoCanSeekByLimitTime: flag(1),
  finishVideoCanSeek: flag(1),
  classStartYear: z.number().int().min(2000).max(2100).default(DEFAULT_CLASS_START_YEAR),
  hideElective: flag(0),
  showClassTypeModel: z.union([z.literal(1), z.literal(2)]).default(SHOW_CLASS_TYPE_MODEL.TABS),
  hidePublicType: flag(0),
  hideSpecializedType: flag(0),
  hideMajorType: flag(0),
  hideMajorChildType: flag(0),
  studentRefund: flag(1),
  /** Highest study progress (percent) that still allows a refund. */
  refundClassProcess: percent(20),
  /** Most refund applications per order. */
  refundOrderTimes: nonNegativeInt(1),
  /** Days after payment during which a student may apply for a refund. */
  refundOrderDays: nonNegativeInt(7),
  /** What students read before they apply for a refund (退款说明); empty: nothing shown. */
  refundText: z.string().trim().max(2000).default(''),
  loginType: z
    .array(z.enum(LOGIN_TYPES))
    .min(1)
    .refine((types) => new Set(types).size === types.length, { message: '登录方式不能重复' })
    .default([...LOGIN_TYPES]),
  hideYearCertificate: flag(0),
  hideClassCertificate: flag(0),
  hideAccountSettings: flag(0),
  hideStudentLoginPage: flag(0),
  hideStudentOtherMenu: flag(0),
  customerPhone: z.string().trim().max(30).default(''),
  openChangeClass: flag(0),
  openChangeClassSameAmount: flag(1),
  openChangeClassProcess: percent(20),
  openChangeClassDays: nonNegativeInt(7),
  needCheckFacePass: flag(0),
  /**
   * 人脸识别授权协议: what a student reads and agrees to before their first face photo or capture
   * (the face calls refuse a student who has not agreed).
   */
  faceAgreement: z.string().trim().min(1).max(4000).default(DEFAULT_FACE_AGREEMENT),
  payTip: z.string().trim().max(500).default(''),
  /**
   * The official account's template (模板消息 template id) of study reminders
   * (`class/notify-study-class`); empty: reminders go by SMS only.
   */
  studyRemindTemplateId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,64}$/, { message: '模板 ID 只能包含字母、数字、- 和 _，最多 64 个字符' })
    .default(''),
});

export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
export type ProjectSettingsInput = z.input<typeof projectSettingsSchema>;

/**
 * The settings a project's own staff change (账号管理 → 项目设置, `project/own-setting`): how the
 * project names and presents itself, what it tells students before they pay, its trial, refund and
 * change-class rules and which H5 menus and class types it shows. The others are the platform's
 * (项目管理 → 项目设置): the project's region and release, how students sign in and register, the study
 * model and the rules that decide credited hours (video seeking, speed, anti-idle prompts, face
 * checks). See docs/product-decisions.md "Who changes which setting".
 */
export const PROJECT_STAFF_SETTING_KEYS = [
  'title',
  'shortTitle',
  'projectTitle',
  'customerPhone',
  'payTip',
  'studyRemindTemplateId',
  'trySeeVideo',
  'h5Config',
  'showClassTypeModel',
  'hideElective',
  'hidePublicType',
  'hideSpecializedType',
  'hideMajorType',
  'hideMajorChildType',
  'hideYearCertificate',
  'hideClassCertificate',
  'hideAccountSettings',
  'hideStudentOtherMenu',
  'studentRefund',
  'refundClassProcess',
  'refundOrderTimes',
  'refundOrderDays',
  'refundText',
  'openChangeClass',
  'openChangeClassSameAmount',
  'openChangeClassProcess',
  'openChangeClassDays',
] as const satisfies readonly (keyof ProjectSettings)[];

export type ProjectStaffSettingKey = (typeof PROJECT_STAFF_SETTING_KEYS)[number];

/** Whether a project's own staff may change a setting (else only platform staff may). */
export function isProjectStaffSetting(key: string): key is ProjectStaffSettingKey {
  return (PROJECT_STAFF_SETTING_KEYS as readonly string[]).includes(key);
}

/** Every setting at its default value. */
export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = projectSettingsSchema.parse({});

/**
 * Reads stored settings: unknown keys are dropped and missing ones take their defaults,
 * so settings added by a later release apply to old projects without a data migration.
 * Throws a ZodError when a stored value has the wrong type.
 */
export function resolveProjectSettings(stored: unknown): ProjectSettings {
  return projectSettingsSchema.parse(stored ?? {});
}
