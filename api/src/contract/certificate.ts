import { z } from 'zod';
import { staff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type PageAnswer,
  type RecordStatus,
  zIdInput,
  zIdStatusInput,
  zInput,
  zOptional,
  zPage,
  zRequiredText,
  zStatus,
} from './common';

/**
 * The values a certificate prints, one field each at most: the student's name, the masked ID
 * number, the class, its year, hours per type and in total, the score, the issue date, the
 * certificate's number and verification code, the QR code to `/query-certificate?code=...` and the
 * project's title.
 */
export const CERTIFICATE_DATA_KEYS = [
  'studentName',
  'idCardNo',
  'className',
  'year',
  'publicHours',
  'specializedHours',
  'electiveHours',
  'totalHours',
  'score',
  'issueDate',
  'skillName',
  'skillLevel',
  'assessDate',
  'certificateNo',
  'verifyCode',
  'qrCode',
  'projectTitle',
] as const;
export type CertificateDataKey = (typeof CERTIFICATE_DATA_KEYS)[number];
/** A field's key: a certificate value, or `text` (a fixed text, any number of them). */
export type CertificateFieldKey = CertificateDataKey | 'text';

/** What each key shows, as the editor names it. */
export const CERTIFICATE_FIELD_LABELS: Record<CertificateFieldKey, string> = {
  studentName: '姓名',
  idCardNo: '身份证号',
  className: '班级名称',
  year: '年度',
  publicHours: '公需学时',
  specializedHours: '专业学时',
  electiveHours: '选修学时',
  totalHours: '总学时',
  score: '考试成绩',
  issueDate: '发证日期',
  skillName: '职业/工种',
  skillLevel: '技能等级',
  assessDate: '考核日期',
  certificateNo: '证书编号',
  verifyCode: '验证码',
  qrCode: '二维码',
  projectTitle: '项目名称',
  text: '固定文字',
};

export const CERTIFICATE_FIELD_ALIGNS = ['left', 'center', 'right'] as const;
export type CertificateFieldAlign = (typeof CERTIFICATE_FIELD_ALIGNS)[number];

/** Font sizes a field may have, in pixels of the page. */
export const CERTIFICATE_FONT_SIZE = { min: 8, max: 96 } as const;
/** Width and height a page may have, in pixels at 96 dpi (A4 is 1123 x 794). */
export const CERTIFICATE_PAGE_SIZE = { min: 200, max: 4000 } as const;
/** The most fields a template holds. */
export const CERTIFICATE_MAX_FIELDS = 50;
/** The longest fixed text. */
export const CERTIFICATE_TEXT_MAX = 200;
/** A text line is this many times its font size high. */
export const CERTIFICATE_LINE_HEIGHT = 1.25;
/** The largest background image: 5 MB. */
export const CERTIFICATE_BACKGROUND_LIMIT_BYTES = 5 * 1024 * 1024;

/** The page sizes the editor offers (px at 96 dpi); any other size is custom. */
export const CERTIFICATE_PAGE_PRESETS = [
  { code: 'A4_LANDSCAPE', label: 'A4 横向', width: 1123, height: 794 },
  { code: 'A4_PORTRAIT', label: 'A4 纵向', width: 794, height: 1123 },
] as const;

/**
 * The height a field takes on the page: the QR code is a square (its width), a text one line of
 * CERTIFICATE_LINE_HEIGHT times its font size.
 */
export function certificateFieldHeight(field: Pick<CertificateField, 'key' | 'width' | 'fontSize'>): number {
  return field.key === 'qrCode' ? field.width : Math.ceil(field.fontSize * CERTIFICATE_LINE_HEIGHT);
}

const pixel = (label: string, min: number) =>
  z
    .number({ error: `${label}应为整数` })
    .int({ error: `${label}应为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(CERTIFICATE_PAGE_SIZE.max, { error: `${label}不能大于 ${CERTIFICATE_PAGE_SIZE.max}` });

const pageSide = (label: string) =>
  z
    .number({ error: `${label}应为整数` })
    .int({ error: `${label}应为整数` })
    .min(CERTIFICATE_PAGE_SIZE.min, {
      error: `${label}应为 ${CERTIFICATE_PAGE_SIZE.min} 到 ${CERTIFICATE_PAGE_SIZE.max} 像素`,
    })
    .max(CERTIFICATE_PAGE_SIZE.max, {
      error: `${label}应为 ${CERTIFICATE_PAGE_SIZE.min} 到 ${CERTIFICATE_PAGE_SIZE.max} 像素`,
    });

/** One positioned field of a template (x, y: its top-left corner on the page, in pixels). */
export const certificateFieldSchema = z
  .object({
    key: z.enum([...CERTIFICATE_DATA_KEYS, 'text'], { error: '字段类型不正确' }),
    text: zOptional(
      z
        .string()
        .trim()
        .max(CERTIFICATE_TEXT_MAX, { error: `文字不能超过 ${CERTIFICATE_TEXT_MAX} 个字符` }),
    ),
    x: pixel('横坐标', 0),
    y: pixel('纵坐标', 0),
    width: pixel('宽度', 1),
    fontSize: z
      .number({ error: '字号应为整数' })
      .int({ error: '字号应为整数' })
      .min(CERTIFICATE_FONT_SIZE.min, {
        error: `字号应为 ${CERTIFICATE_FONT_SIZE.min} 到 ${CERTIFICATE_FONT_SIZE.max}`,
      })
      .max(CERTIFICATE_FONT_SIZE.max, {
        error: `字号应为 ${CERTIFICATE_FONT_SIZE.min} 到 ${CERTIFICATE_FONT_SIZE.max}`,
      }),
    color: z.string({ error: '颜色应为 #RRGGBB' }).regex(/^#[0-9A-Fa-f]{6}$/, { error: '颜色应为 #RRGGBB' }),
    bold: z.boolean({ error: '加粗应为是或否' }),
    align: z.enum(CERTIFICATE_FIELD_ALIGNS, { error: '对齐方式应为 left、center 或 right' }),
  })
  .superRefine((field, ctx) => {
    if (field.key === 'text' && !field.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: '请填写固定文字' });
  })
  .transform(({ text, ...field }): CertificateField => (field.key === 'text' ? { ...field, text } : field));

/** A field of a template as stored and answered (`text` only on fixed-text fields). */
export interface CertificateField {
  key: CertificateFieldKey;
  text?: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  color: string;
  bold: boolean;
  align: CertificateFieldAlign;
}

const isPageSide = (side: number) =>
  Number.isInteger(side) && side >= CERTIFICATE_PAGE_SIZE.min && side <= CERTIFICATE_PAGE_SIZE.max;

/**
 * Adds an issue for each field outside the page (`fields.<i>.x` right edge, `fields.<i>.y` bottom
 * edge) and each repeated certificate value (`fields.<i>.key`); nothing while the page size itself
 * is refused.
 */
function checkLayout(
  page: { width: number; height: number; fields: CertificateField[] },
  ctx: z.RefinementCtx,
): void {
  if (!isPageSide(page.width) || !isPageSide(page.height)) return;
  const seen = new Set<CertificateFieldKey>();
  for (const [index, field] of page.fields.entries()) {
    if (field.x + field.width > page.width)
      ctx.addIssue({
        code: 'custom',
        path: ['fields', index, 'x'],
        message: '字段超出页面右边（横坐标 + 宽度不能大于页面宽度）',
      });
    if (field.y + certificateFieldHeight(field) > page.height)
      ctx.addIssue({
        code: 'custom',
        path: ['fields', index, 'y'],
        message: '字段超出页面底边（纵坐标 + 高度不能大于页面高度）',
      });
    if (field.key !== 'text' && seen.has(field.key))
      ctx.addIssue({
        code: 'custom',
        path: ['fields', index, 'key'],
        message: `「${CERTIFICATE_FIELD_LABELS[field.key]}」只能添加一次`,
      });
    seen.add(field.key);
  }
}

/**
 * `certificate/template-save` (JSON body): creates (without `id`, enabled) or updates a template.
 * The name is unique in the project; the background is a key answered by
 * `certificate/template-upload-background` in the same project (absent: a plain page); every field
 * lies inside the page and each certificate value appears at most once.
 */
export const certificateTemplateSaveInput = z
  .object({
    id: zInput.optionalId(),
    name: zRequiredText('模板名称', 50),
    width: pageSide('页面宽度'),
    height: pageSide('页面高度'),
    backgroundImage: zOptional(z.string().trim().max(100, { error: '背景图不存在，请重新上传' })),
    fields: z
      .array(certificateFieldSchema, { error: '请提交字段列表' })
      .max(CERTIFICATE_MAX_FIELDS, { error: `字段不能超过 ${CERTIFICATE_MAX_FIELDS} 个` }),
  })
  .superRefine(checkLayout);
export type CertificateTemplateSaveInput = z.input<typeof certificateTemplateSaveInput>;

/** `certificate/template-page`: the project's templates, newest change first; `name` matches a part. */
export const certificateTemplatePageInput = z.object({
  ...zPage,
  name: zOptional(z.string().trim().max(50)),
  status: zOptional(zStatus),
});

/** `certificate/template-get` and `template-delete`: one template of the project. */
export const certificateTemplateIdInput = zIdInput;

/** `certificate/template-status`: enables or disables a template (a disabled one is not offered to new classes). */
export const certificateTemplateStatusInput = zIdStatusInput;

/** `certificate/template-background`: the stored background image of `key` (of the caller's project). */
export const certificateBackgroundInput = z.object({
  key: z.string({ error: '请指定背景图' }).trim().min(1, { error: '请指定背景图' }).max(100),
});

/** The answer of `certificate/template-upload-background`: the stored image to put in a template. */
export interface CertificateBackground {
  /** The storage key `template-save` takes as `backgroundImage`. */
  key: string;
  /** Where staff read the image (`certificate/template-background`, signed-in; fetch it as a blob). */
  url: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  size: number;
}

/** A row of `certificate/template-page`. */
export interface CertificateTemplateItem {
  id: number;
  name: string;
  status: RecordStatus;
  width: number;
  height: number;
  fieldCount: number;
  /** The background's storage key, or null for a plain page. */
  backgroundImage: string | null;
  /** Where staff read the background (see CertificateBackground.url), or null. */
  backgroundUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer of `certificate/template-get`, `template-save` and `template-status`. */
export interface CertificateTemplateDetail extends CertificateTemplateItem {
  fields: CertificateField[];
}

/** `certificate/template-upload-background`: no fields beside the file (multipart `file`). */
export const certificateUploadBackgroundInput = z.object({});

/** 证书模板: the screen that manages the project's certificate templates. */
const TEMPLATES = '/resource-manage/certificate';
const managers = staff(TEMPLATES);

/** The certificate template calls (`certificate/...`): project staff on the templates of their project. */
export const certificateCalls = defineCalls('certificate', {
  /**
   * The project's templates, newest change first; the class screens and 证书管理 (for a skill
   * certificate) read it to choose a template.
   */
  'template-page': {
    input: certificateTemplatePageInput,
    answer: answer<PageAnswer<CertificateTemplateItem>>(),
    access: staff(
      TEMPLATES,
      '/train-manage/class',
      '/train-manage/train-class-detail',
      '/customer/my-certificate-manage',
    ),
  },
  /** One template with its fields. */
  'template-get': {
    input: certificateTemplateIdInput,
    answer: answer<CertificateTemplateDetail>(),
    access: managers,
  },
  /** JSON body: creates or updates a template. */
  'template-save': {
    input: certificateTemplateSaveInput,
    answer: answer<CertificateTemplateDetail>(),
    access: managers,
  },
  /** Enables or disables a template. */
  'template-status': {
    input: certificateTemplateStatusInput,
    answer: answer<CertificateTemplateDetail>(),
    access: managers,
  },
  /** Deletes a template no class uses. */
  'template-delete': { input: certificateTemplateIdInput, answer: answer<null>(), access: managers },
  /** Multipart `file`: stores a PNG/JPEG/WebP background of at most 5 MB. */
  'template-upload-background': {
    input: certificateUploadBackgroundInput,
    answer: answer<CertificateBackground>(),
    access: managers,
    upload: true,
  },
  /** `key`: the background image itself, raw (GET with `?key=` too). */
  'template-background': {
    input: certificateBackgroundInput,
    answer: fileAnswer(),
    access: managers,
    methods: ['GET', 'POST'],
  },
});
