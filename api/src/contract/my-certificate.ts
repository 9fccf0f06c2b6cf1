import { zIdCardNumber } from '@px/config';
import { z } from 'zod';
import { staff, student, visitor } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  zIdInput,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { zVocationCode } from './dictionary';
import { type ReportClassOption, reportClassOptionsInput } from './study-report';

/**
 * Issued certificates (docs/product-decisions.md "Certificates"): a class certificate for each
 * enrolment that passed, a year certificate per student and year, and skill certificates staff
 * issue for a passed skill assessment; staff list, correct, disable, delete and reprint them,
 * students read and download theirs, anyone verifies one on `/query-certificate` by its code, or
 * by ID number and name behind a captcha.
 */

export const CERTIFICATE_KINDS = ['CLASS', 'YEAR', 'SKILL'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_STATES = ['VALID', 'DISABLED'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** How the apps name a kind and a state. */
export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, string> = {
  CLASS: '班级证书',
  YEAR: '年度学时证书',
  SKILL: '技能证书',
};

/** The levels of a skill certificate (职业技能等级), lowest first. */
export const SKILL_LEVELS = ['L5', 'L4', 'L3', 'L2', 'L1'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const SKILL_LEVEL_LABELS: Record<SkillLevel, string> = {
  L5: '五级/初级工',
  L4: '四级/中级工',
  L3: '三级/高级工',
  L2: '二级/技师',
  L1: '一级/高级技师',
};

/** The name a skill certificate shows in place of a class: `电工 四级/中级工`. */
export const skillCertificateTitle = (skillName: string, level: SkillLevel) =>
  `${skillName} ${SKILL_LEVEL_LABELS[level]}`;
export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  VALID: '有效',
  DISABLED: '已停用',
};

/** The path of the public query page, `?code=` the certificate's verification code or number. */
export const QUERY_CERTIFICATE_PATH = '/query-certificate';

/** What a certificate prints, as taken when it was issued (hours with one decimal). */
export interface CertificateSnapshot {
  kind: CertificateKind;
  studentName: string;
  /** Masked: the first 6 and last 4 characters. */
  idCardNo: string;
  /**
   * The class; for a year certificate `<year>年度学时证明`; for a skill certificate its skill and
   * level (`skillCertificateTitle`).
   */
  className: string;
  /** The year (of the class; of the assessment for a skill certificate). */
  year: number;
  publicHours: number;
  specializedHours: number;
  electiveHours: number;
  totalHours: number;
  /** The exam score (the assessment score of a skill certificate); null without one (and on year certificates). */
  score: number | null;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  /** Skill certificates only (null on the others): the occupation / skill (职业/工种). */
  skillName: string | null;
  /** Skill certificates only: the level. */
  skillLevel: SkillLevel | null;
  /** Skill certificates only: the assessment date, `YYYY-MM-DD`. */
  assessDate: string | null;
  /** Skill certificates only: the issuing organisation (the project's title unless staff named another). */
  issuer: string | null;
}

/** A certificate as its owner and staff see it. */
export interface CertificateItem extends CertificateSnapshot {
  id: number;
  certificateNo: string;
  verifyCode: string;
  status: CertificateState;
  printCount: number;
  accountId: number;
  classId: number | null;
  myClassId: number | null;
  /** Skill certificates: the vocational resource tree's code of `skillName` (null on the others, and on one from before codes were kept whose name the tree lacks). */
  skillCode: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What staff may do to a certificate (docs/api-conventions.md "Abilities"), by the certificate
 * policy: reprint (补打: granted 证书打印, not a disabled certificate); edit, toggle (停用 / 启用) and
 * delete (granted 证书管理).
 */
export type CertificateAbilities = Abilities<'reprint' | 'edit' | 'toggle' | 'delete'>;

/** `my-certificate/page`: a certificate of the back-office list with what the caller may do to it. */
export interface CertificateManageItem extends CertificateItem {
  abilities: CertificateAbilities;
}

/** One reprint: who and when. */
export interface CertificatePrint {
  id: number;
  actorId: number | null;
  actorName: string | null;
  createdAt: string;
}

/** `my-certificate/find`: a certificate with its template, query address and reprints (newest first). */
export interface CertificateDetail extends CertificateItem {
  templateId: number | null;
  templateName: string | null;
  /** The public query page of this certificate (what its QR code holds). */
  queryUrl: string;
  prints: CertificatePrint[];
  /** What the caller may do to it, by the certificate policy (as the list's rows). */
  abilities: CertificateAbilities;
}

/** `my-certificate/mine`: the student's certificates the project's settings show. */
export interface MyCertificates {
  list: CertificateItem[];
  /** `hideClassCertificate` / `hideYearCertificate`: kinds the H5 does not show (skill certificates always show). */
  hiddenKinds: CertificateKind[];
}

/** `my-certificate/view`: one of the student's certificates with its QR code. */
export interface MyCertificateView extends CertificateItem {
  queryUrl: string;
  /** The QR code of `queryUrl`, `data:image/png;base64,...`. */
  qrCode: string;
}

/** A certificate as the public query shows it: the state, and the snapshot with the name masked too. */
export interface PublicCertificate extends CertificateSnapshot {
  certificateNo: string;
  status: CertificateState;
  /** The issuer: the project's title; a skill certificate's issuing organisation. */
  issuer: string;
}

/** `my-certificate/page` (staff): the project's certificates (not deleted), newest first. */
export const certificatePageInput = z.object({
  ...zPage,
  /** Part of the student's name on the certificate. */
  name: zOptionalText(50),
  /** The student's whole ID number. */
  idCardNo: zOptional(zIdCardNumber),
  classId: zInput.optionalId(),
  /** The whole certificate number or verification code. */
  certificateNo: zOptionalText(32),
  status: zOptional(z.enum(CERTIFICATE_STATES, { error: '状态应为 VALID 或 DISABLED' })),
  kind: zOptional(z.enum(CERTIFICATE_KINDS, { error: '证书类型应为 CLASS、YEAR 或 SKILL' })),
  /** `DUE`: only the certificates waiting for a reprint (待补打: corrected since last reprinted). */
  reprint: zOptional(z.enum(['DUE'], { error: '补打状态应为 DUE' })),
});
export type CertificatePageInput = z.input<typeof certificatePageInput>;

/** One certificate of the project (or of the student, on the student's calls). */
export const certificateIdInput = zIdInput;

const dateText = (label: string) =>
  z
    .string({ error: `${label}应为 YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}应为 YYYY-MM-DD` })
    .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), {
      error: `${label}不是有效日期`,
    });

const optionalScore = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .number({ error: `${label}应为 0 到 100 的整数` })
      .int({ error: `${label}应为 0 到 100 的整数` })
      .min(0, { error: `${label}应为 0 到 100 的整数` })
      .max(100, { error: `${label}应为 0 到 100 的整数` })
      .nullable(),
  );

const hours = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .min(0, { error: `${label}不能小于 0` })
    .max(9999, { error: `${label}不能大于 9999` })
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
      error: `${label}最多一位小数`,
    });

/** `my-certificate/save` (staff, JSON body): corrects a certificate's snapshot; audited. */
export const certificateSaveInput = z.object({
  id: zInput.id(),
  studentName: zRequiredText('姓名', 50),
  className: zRequiredText('班级名称', 100),
  publicHours: hours('公需学时'),
  specializedHours: hours('专业学时'),
  electiveHours: hours('选修学时'),
  score: optionalScore('考试成绩'),
  issueDate: dateText('发证日期'),
});
export type CertificateSaveInput = z.input<typeof certificateSaveInput>;

/**
 * `my-certificate/skill-init` (staff, JSON body): issues a skill certificate to a student of the
 * project; audited. The assessment date is not in the future (checked by the service, China day).
 */
export const skillInitInput = z.object({
  /** The student (an account of the project), chosen through `student-options`. */
  accountId: zInput.id(),
  /**
   * The occupation: a 职业 or 工种 of the vocational resource tree by its code (the certificate
   * prints the node's name). An unknown or disabled one is refused on this field.
   */
  skillCode: zVocationCode('职业/工种'),
  skillLevel: z.enum(SKILL_LEVELS, { error: '请选择技能等级' }),
  score: optionalScore('考核成绩'),
  assessDate: dateText('考核日期'),
  /** The issuing organisation; blank: the project's title. */
  issuer: zOptionalText(100),
  /** An enabled certificate template of the project to print with; none: the default layout. */
  templateId: zInput.optionalId(),
});
export type SkillInitInput = z.input<typeof skillInitInput>;

/** `my-certificate/student-options` (staff): students by part of the name or the whole ID number. */
export const certificateStudentOptionsInput = z.object({
  keyword: zRequiredText('姓名或身份证号', 50),
});

/** A student to issue a skill certificate to: the ID number masked. */
export interface CertificateStudentOption {
  id: number;
  realName: string;
  idCardNo: string;
  mobile: string | null;
}

/** `my-certificate/mine`: no input. */
export const myCertificatesInput = z.object({});

/** `my-certificate/query` (public): by the code of the QR code, the verification code or the number. */
export const certificateQueryInput = z.object({
  code: z
    .string({ error: '请输入证书编号或验证码' })
    .trim()
    .min(1, { error: '请输入证书编号或验证码' })
    .max(32, { error: '证书编号或验证码不正确' })
    .transform((value) => value.toUpperCase().replace(/[\s-]/g, '')),
});

/** `my-certificate/query-by-id` (public): by ID number and real name, with a verified slider captcha. */
export const certificateQueryByIdInput = z.object({
  idCardNo: zIdCardNumber,
  realName: zRequiredText('姓名', 50),
  /** The token of a slider verified through `captcha/check` (single use). */
  captchaToken: z.string({ error: '请先完成滑块验证' }).uuid({ error: '请先完成滑块验证' }),
});

/** The grant of managing certificates (证书管理: edit, stop, delete, issue skill certificates). */
export const CERTIFICATE_MANAGE_PAGE = '/customer/my-certificate-manage' as const;
const MANAGE = CERTIFICATE_MANAGE_PAGE;
/** The grant of reprinting certificates (证书打印). */
export const CERTIFICATE_PRINT_PAGE = '/train-manage/second-certificate-print' as const;
const PRINT = CERTIFICATE_PRINT_PAGE;

/** The certificate calls (`my-certificate/...`): staff, the student, and the public query. */
export const myCertificateCalls = defineCalls('my-certificate', {
  /** Staff: the project's certificates by the filters, newest first. */
  page: {
    input: certificatePageInput,
    answer: answer<PageAnswer<CertificateManageItem>>(),
    access: staff(MANAGE, PRINT),
  },
  /** Staff: classes of the project by part of the name (newest year first, at most 50), to filter by. */
  'class-options': {
    input: reportClassOptionsInput,
    answer: answer<ReportClassOption[]>(),
    access: staff(MANAGE, PRINT),
  },
  /** Staff: one certificate with its reprints. */
  find: { input: certificateIdInput, answer: answer<CertificateDetail>(), access: staff(MANAGE, PRINT) },
  /** Staff: the certificate's PDF (not counted as a print). */
  preview: {
    input: certificateIdInput,
    answer: fileAnswer(),
    access: staff(MANAGE, PRINT),
    methods: ['GET', 'POST'],
  },
  /** Staff: stops a certificate (the public query then says 已停用). */
  disable: { input: certificateIdInput, answer: answer<CertificateDetail>(), access: staff(MANAGE) },
  /** Staff: makes a stopped certificate valid again. */
  enable: { input: certificateIdInput, answer: answer<CertificateDetail>(), access: staff(MANAGE) },
  /** Staff: deletes a certificate (soft; it is then found nowhere). */
  delete: { input: certificateIdInput, answer: answer<null>(), access: staff(MANAGE) },
  /** Staff, JSON body: issues a skill certificate to a student of the project. */
  'skill-init': { input: skillInitInput, answer: answer<CertificateDetail>(), access: staff(MANAGE) },
  /** Staff: students of the project by part of the name or the whole ID number (at most 20). */
  'student-options': {
    input: certificateStudentOptionsInput,
    answer: answer<CertificateStudentOption[]>(),
    access: staff(MANAGE),
  },
  /** Staff, JSON body: corrects the snapshot. */
  save: { input: certificateSaveInput, answer: answer<CertificateDetail>(), access: staff(MANAGE) },
  /** Staff: reprints: counts and logs the print, answers the PDF. */
  reprint: { input: certificateIdInput, answer: fileAnswer(), access: staff(PRINT) },
  /** The student: their certificates as the settings show them. */
  mine: { input: myCertificatesInput, answer: answer<MyCertificates>(), access: student },
  /** The student: one of their certificates with its QR code. */
  view: { input: certificateIdInput, answer: answer<MyCertificateView>(), access: student },
  /** The student: the PDF of one of their certificates. */
  download: {
    input: certificateIdInput,
    answer: fileAnswer(),
    access: student,
    methods: ['GET', 'POST'],
  },
  /** Anyone: the certificate of a code (rate-limited per address on misses). */
  query: { input: certificateQueryInput, answer: answer<PublicCertificate>(), access: visitor },
  /** Anyone, with a verified slider captcha: the certificates of an ID number and name. */
  'query-by-id': {
    input: certificateQueryByIdInput,
    answer: answer<PublicCertificate[]>(),
    access: visitor,
  },
});
