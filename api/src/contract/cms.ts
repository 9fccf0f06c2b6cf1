import { zIdCardNumber, zMobile } from '@px/config';
import { z } from 'zod';
import { guest, staff, student, visitor } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  zBoolean,
  zEmptyAsAbsent,
  zIdInput,
  zIdList,
  zInput,
  zOptional,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { zVocationCode } from './dictionary';
import type { LoginAnswer } from './login';
import { SKILL_LEVELS, type SkillLevel } from './my-certificate';
import { ORDER_STATUS, type OrderStatus } from './order';
import { type SendMsgCodeAnswer, zMsgCode } from './sms';
import { CREATED_IN_ORDER, zCalendarDate, zCreatedRange } from './train-plan';
import { zScene } from './wechat';

/**
 * Examination registration (CMS, issue 26; docs/product-decisions.md "CMS"): staff open batches of
 * an occupation's skill assessment (levels, fee, registration window, capacity, the fields a
 * candidate fills, subjects with their marks); candidates register on `/registerCms` (creating or
 * binding their account), staff approve or reject, candidates pay the fee through the order engine
 * (free batches skip it), staff seat them in sittings and issue admission tickets, scores are
 * imported and published, and anyone looks their result up on `/cms-api/get-my-score`.
 * Application: `SUBMITTED -> APPROVED | REJECTED -> PAID -> SCORED`; a rejected one is corrected
 * and submitted again; `CANCELLED` when the candidate withdraws an unpaid one or the fee is refunded.
 */

/** The back-office pages of the examinations (spec section 2 `/cms-manage`). */
export const CMS_APPLY_PAGE = '/cms-manage/apply-manage' as const;
export const CMS_EXAM_PAGE = '/cms-manage/apply-exam-manage' as const;
export const CMS_SCORE_PAGE = '/cms-manage/score-manage' as const;
export const CMS_ORDER_PAGE = '/cms-manage/cms-order-manage' as const;

export const CMS_APPLY_STATUS = ['SUBMITTED', 'REJECTED', 'APPROVED', 'PAID', 'SCORED', 'CANCELLED'] as const;
export type CmsApplyStatus = (typeof CMS_APPLY_STATUS)[number];
export const CMS_APPLY_STATUS_LABEL: Readonly<Record<CmsApplyStatus, string>> = {
  SUBMITTED: '待审核',
  REJECTED: '已驳回',
  APPROVED: '待缴费',
  PAID: '已报名',
  SCORED: '已出成绩',
  CANCELLED: '已取消',
};
/** The states that hold a place of the batch (a rejected application waits to be corrected). */
export const CMS_PLACE_STATUS = ['SUBMITTED', 'REJECTED', 'APPROVED', 'PAID', 'SCORED'] as const;
/** The states of a registered candidate (fee paid or free), who may be seated and scored. */
export const CMS_REGISTERED_STATUS = ['PAID', 'SCORED'] as const;

export const EDUCATIONS = ['JUNIOR', 'SENIOR', 'COLLEGE', 'BACHELOR', 'POSTGRADUATE'] as const;
export type Education = (typeof EDUCATIONS)[number];
export const EDUCATION_LABEL: Readonly<Record<Education, string>> = {
  JUNIOR: '初中及以下',
  SENIOR: '高中/中专',
  COLLEGE: '大专',
  BACHELOR: '本科',
  POSTGRADUATE: '研究生',
};

/** The fields of the registration form a batch may require (name, ID number and mobile always are). */
export const CMS_OPTIONAL_FIELDS = ['education', 'workYears', 'unit', 'photo'] as const;
export type CmsOptionalField = (typeof CMS_OPTIONAL_FIELDS)[number];
export const CMS_OPTIONAL_FIELD_LABEL: Readonly<Record<CmsOptionalField, string>> = {
  education: '文化程度',
  workYears: '工作年限',
  unit: '工作单位',
  photo: '证件照',
};

/** The ID photo: a passport-size portrait (width : height = 33 : 48), JPEG or PNG, at most 2 MB. */
export const CMS_PHOTO_RATIO = 33 / 48;
export const CMS_PHOTO_LIMIT_BYTES = 2 * 1024 * 1024;
/** The least width of an ID photo in pixels (a 300 dpi print of 33 mm is 390 px; phones give more). */
export const CMS_PHOTO_MIN_WIDTH = 260;

/** Marks are kept in tenths: at most one decimal. */
const zMark = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .min(0, { error: `${label}不能小于 0` })
    .max(1000, { error: `${label}不能超过 1000` })
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
      error: `${label}最多一位小数`,
    });

const zLevel = z.enum(SKILL_LEVELS, { error: '等级不正确' });
const zStatusFilter = zEmptyAsAbsent(z.enum(CMS_APPLY_STATUS, { error: '报名状态不正确' }));

// ---------------------------------------------------------------------------------------------
// Batches

/** A subject of a batch as saved: `id` of an existing one to keep it (its scores stay). */
export const cmsSubjectInput = z
  .object({
    id: zInput.optionalId(),
    name: zRequiredText('科目名称', 30),
    fullMark: zMark('满分'),
    passMark: zMark('及格分'),
  })
  .refine((value) => value.fullMark > 0, { error: '满分应大于 0', path: ['fullMark'] })
  .refine((value) => value.passMark <= value.fullMark, { error: '及格分不能高于满分', path: ['passMark'] });

/** `cms-batch/save` (body): a batch created (no `id`) or changed. Money in fen. */
export const cmsBatchSaveInput = z
  .object({
    id: zInput.optionalId(),
    name: zRequiredText('批次名称', 100),
    /**
     * A 职业 or 工种 of the vocational resource tree by its code (the batch keeps the node's name to
     * print). An unknown or disabled one is refused on this field, unless it is the batch's own.
     */
    occupationCode: zVocationCode('职业（工种）'),
    levels: z
      .array(zLevel, { error: '请选择报考等级' })
      .min(1, { error: '请选择报考等级' })
      .transform((levels) => SKILL_LEVELS.filter((level) => levels.includes(level))),
    fee: z
      .number({ error: '报名费应为整数（分）' })
      .int({ error: '报名费应为整数（分）' })
      .min(0, { error: '报名费不能小于 0' })
      .max(10_000_000, { error: '报名费不能超过 100000 元' }),
    applyFrom: zCalendarDate('报名开始日期'),
    applyTo: zCalendarDate('报名截止日期'),
    capacity: z
      .number({ error: '报名人数上限应为整数' })
      .int({ error: '报名人数上限应为整数' })
      .min(1, { error: '报名人数上限至少为 1' })
      .max(100_000, { error: '报名人数上限不能超过 100000' }),
    requiredFields: z
      .array(z.enum(CMS_OPTIONAL_FIELDS, { error: '必填项不正确' }))
      .default([])
      .transform((fields) => CMS_OPTIONAL_FIELDS.filter((field) => fields.includes(field))),
    notice: zOptionalText(2000),
    enabled: zBoolean(),
    subjects: z
      .array(cmsSubjectInput, { error: '请填写考试科目' })
      .min(1, { error: '至少需要一个考试科目' })
      .max(10, { error: '考试科目不能超过 10 个' }),
    issueCertificate: zBoolean(),
    certificateTemplateId: zInput.optionalId(),
    issuer: zOptionalText(100),
  })
  .superRefine((value, ctx) => {
    if (value.applyFrom && value.applyTo && value.applyTo < value.applyFrom)
      ctx.addIssue({ code: 'custom', path: ['applyTo'], message: '报名截止日期不能早于开始日期' });
    const names = new Set<string>();
    value.subjects.forEach((subject, index) => {
      if (names.has(subject.name))
        ctx.addIssue({ code: 'custom', path: ['subjects', index, 'name'], message: '科目名称不能重复' });
      names.add(subject.name);
    });
  });
export type CmsBatchSaveInput = z.input<typeof cmsBatchSaveInput>;

/** A subject of a batch (marks with one decimal). */
export interface CmsSubject {
  id: number;
  name: string;
  fullMark: number;
  passMark: number;
}

/** How many applications of a batch are in each state. */
export type CmsApplyCounts = Record<CmsApplyStatus, number>;

export type CmsBatchAbilities = Abilities<'delete' | 'publish' | 'unpublish'>;

/** A batch as the back office lists and edits it. */
export interface CmsBatchRow {
  id: number;
  name: string;
  occupation: string;
  /** The vocational resource tree's code of `occupation` (null on a batch from before codes were kept whose name the tree lacks). */
  occupationCode: string | null;
  levels: SkillLevel[];
  /** Fen. */
  fee: number;
  applyFrom: string;
  applyTo: string;
  capacity: number;
  requiredFields: CmsOptionalField[];
  notice: string | null;
  enabled: boolean;
  subjects: CmsSubject[];
  issueCertificate: boolean;
  certificateTemplateId: number | null;
  issuer: string | null;
  /** Registration is open today (enabled and within the window). */
  open: boolean;
  counts: CmsApplyCounts;
  scoresPublishedAt: string | null;
  createdAt: string;
  abilities: CmsBatchAbilities;
}

/** `cms-batch/page`: the project's batches, newest window first. */
export const cmsBatchPageInput = z.object({
  ...zPage,
  name: zOptionalText(100),
  enabled: zEmptyAsAbsent(zBoolean()),
});

export const cmsIdInput = zIdInput;
export const cmsBatchIdInput = z.object({ batchId: zInput.id() });

/** A batch to choose (the other CMS pages' batch selector). */
export interface CmsBatchOption {
  id: number;
  name: string;
  occupation: string;
  levels: SkillLevel[];
  subjects: CmsSubject[];
  scoresPublished: boolean;
  /** 发布成绩 / 撤回发布 (staff holding 成绩管理; scores to publish, or published). */
  abilities: Abilities<'publish' | 'unpublish'>;
}

/** An open batch as `/registerCms` shows it. */
export interface OpenCmsBatch {
  id: number;
  name: string;
  occupation: string;
  levels: SkillLevel[];
  /** Fen; 0 = free. */
  fee: number;
  applyFrom: string;
  applyTo: string;
  requiredFields: CmsOptionalField[];
  notice: string | null;
  subjects: Pick<CmsSubject, 'name'>[];
  /** Places left (capacity minus applications holding one). */
  placesLeft: number;
}

// ---------------------------------------------------------------------------------------------
// Applications: staff

const applyFilterFields = {
  batchId: zInput.optionalId(),
  status: zStatusFilter,
  skillLevel: zEmptyAsAbsent(zLevel),
  /** Name (part), ID number or mobile (exact). */
  student: zOptionalText(50),
  ...zCreatedRange,
};

/** `cms-apply/page` and `cms-apply/export`: the applications, filtered. */
export const cmsApplyFiltersInput = z.object(applyFilterFields).refine(...CREATED_IN_ORDER);
export const cmsApplyPageInput = z.object({ ...zPage, ...applyFilterFields }).refine(...CREATED_IN_ORDER);

export type CmsApplyAbilities = Abilities<'approve' | 'reject'>;

/** An application in the back office's list. */
export interface CmsApplyRow {
  id: number;
  batchId: number;
  batchName: string;
  occupation: string;
  skillLevel: SkillLevel;
  realName: string;
  /** Masked (first 6 and last 4). */
  idCardNo: string;
  mobile: string;
  education: Education | null;
  workYears: number | null;
  unitName: string | null;
  hasPhoto: boolean;
  status: CmsApplyStatus;
  rejectReason: string | null;
  /** Fen the batch costs (0: free). */
  fee: number;
  paidAt: string | null;
  /** `考场 · 座位`, once seated. */
  seat: string | null;
  ticketNo: string | null;
  createdAt: string;
  auditedAt: string | null;
  auditorName: string | null;
  abilities: CmsApplyAbilities;
}

/** A state change of an application. */
export interface CmsApplyLogEntry {
  fromStatus: CmsApplyStatus | null;
  toStatus: CmsApplyStatus;
  actorName: string | null;
  reason: string | null;
  createdAt: string;
}

/** `cms-apply/detail`: an application with the full ID number, its sitting, orders and history. */
export interface CmsApplyDetail extends CmsApplyRow {
  fullIdCardNo: string;
  accountId: number;
  sitting: CmsSittingPlace | null;
  orders: { id: number; orderNo: string; status: OrderStatus; amount: number; paidAt: string | null }[];
  logs: CmsApplyLogEntry[];
}

/** `cms-apply/reject` (body): a reason the candidate reads. */
export const cmsApplyRejectInput = z.object({ id: zInput.id(), reason: zRequiredText('驳回原因', 200) });
export const cmsApplyIdsInput = z.object({
  ids: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择报名记录' }).max(500, { error: '一次最多 500 条' }),
  ),
});

/** `cms-apply/batch-approve`: how many were approved, and why the others were not. */
export interface CmsBatchApproveAnswer {
  approved: number;
  refused: { id: number; realName: string; reason: string }[];
}

// ---------------------------------------------------------------------------------------------
// Applications: the candidate

/** Where and when a candidate sits the examination. */
export interface CmsSittingPlace {
  sittingId: number;
  room: string;
  place: string;
  startsAt: string;
  endsAt: string;
  seatNo: number;
}

/** A published result of an application. */
export interface CmsResult {
  subjects: { name: string; score: number | null; absent: boolean; passMark: number; fullMark: number }[];
  passed: boolean;
  certificateNo: string | null;
}

export type MyCmsApplyAbilities = Abilities<'resubmit' | 'pay' | 'cancel' | 'ticket'>;

/** An application as its candidate sees it under /my. */
export interface MyCmsApply {
  id: number;
  batchId: number;
  batchName: string;
  occupation: string;
  skillLevel: SkillLevel;
  status: CmsApplyStatus;
  rejectReason: string | null;
  realName: string;
  idCardNo: string;
  mobile: string;
  education: Education | null;
  workYears: number | null;
  unitId: number | null;
  unitName: string | null;
  hasPhoto: boolean;
  requiredFields: CmsOptionalField[];
  /** Fen; 0 = free. */
  fee: number;
  /** The open (unpaid) fee order, to go on paying it. */
  unpaidOrderId: number | null;
  paidAt: string | null;
  sitting: CmsSittingPlace | null;
  ticketNo: string | null;
  result: CmsResult | null;
  createdAt: string;
  abilities: MyCmsApplyAbilities;
}

const candidateFields = {
  skillLevel: zLevel,
  education: zOptional(z.enum(EDUCATIONS, { error: '文化程度不正确' })),
  workYears: zOptional(
    z
      .number({ error: '工作年限应为整数' })
      .int({ error: '工作年限应为整数' })
      .min(0, { error: '工作年限不能小于 0' })
      .max(60, { error: '工作年限不能超过 60' }),
  ),
  /** The candidate's unit (one of the project's, optional). */
  workUnitId: zInput.optionalId(),
};

/** `cms-apply/send-msg-code`: a code to the mobile registering (registered or not). */
export const cmsSendMsgCodeInput = z.object({ mobile: zMobile });

/**
 * `cms-apply/submit` (multipart, the ID photo in `file`): an application to an open batch. Signed
 * out, the SMS code proves the mobile and the account is created or bound (and signed in); signed in
 * as a student, the identity must be the account's.
 */
export const cmsApplySubmitInput = z.object({
  batchId: zInput.id(),
  realName: zRequiredText('姓名', 50),
  idCardNo: zIdCardNumber,
  mobile: zMobile,
  msgCode: zOptional(zMsgCode),
  /** Registering after WeChat OAuth: the binding scene; its openid is bound to the account. */
  scene: zOptional(zScene),
  ...candidateFields,
});

/** `cms-apply/submit`: the application, and the session when the candidate was signed in by it. */
export interface CmsApplySubmitAnswer {
  apply: MyCmsApply;
  session: LoginAnswer | null;
}

/** `cms-apply/resubmit` (multipart, a new photo in `file` or none to keep it): a rejected application corrected. */
export const cmsApplyResubmitInput = z.object({ id: zInput.id(), ...candidateFields });

/** `cms-apply/pay`: the fee order to pay (created or the open one), paid through `order/pay`. */
export interface CmsPayAnswer {
  orderId: number;
  orderNo: string;
  status: OrderStatus;
  amount: number;
  expiresAt: string | null;
}

/** `cms-apply/unit-options`: units of the project by part of the name (the form's 工作单位). */
export const cmsUnitOptionsInput = z.object({ keyword: zOptionalText(50) });
export interface CmsUnitOption {
  id: number;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Sittings, seats and tickets

/** `cms-exam/sitting-save` (body): a room at a time and place. Times are ISO instants. */
export const cmsSittingSaveInput = z
  .object({
    id: zInput.optionalId(),
    batchId: zInput.id(),
    room: zRequiredText('考场名称', 50),
    place: zRequiredText('考试地点', 200),
    startsAt: z.iso.datetime({ offset: true, error: '开始时间不正确' }),
    endsAt: z.iso.datetime({ offset: true, error: '结束时间不正确' }),
    capacity: z
      .number({ error: '座位数应为整数' })
      .int({ error: '座位数应为整数' })
      .min(1, { error: '座位数至少为 1' })
      .max(999, { error: '座位数不能超过 999' }),
  })
  .refine((value) => value.endsAt > value.startsAt, { error: '结束时间应晚于开始时间', path: ['endsAt'] });
export type CmsSittingSaveInput = z.input<typeof cmsSittingSaveInput>;

/** A sitting with how many seats are taken. */
export interface CmsSittingRow {
  id: number;
  batchId: number;
  room: string;
  place: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  seated: number;
  ticketsIssued: number;
  abilities: Abilities<'delete'>;
}

/** `cms-exam/candidates`: the registered candidates of a batch and their seats. */
export const cmsCandidatePageInput = z.object({
  ...zPage,
  batchId: zInput.id(),
  sittingId: zInput.optionalId(),
  seated: zEmptyAsAbsent(z.enum(['YES', 'NO'], { error: '排座状态不正确' })),
  student: zOptionalText(50),
});

/** A registered candidate and their seat. */
export interface CmsCandidateRow {
  id: number;
  realName: string;
  idCardNo: string;
  mobile: string;
  skillLevel: SkillLevel;
  status: CmsApplyStatus;
  paidAt: string | null;
  sitting: CmsSittingPlace | null;
  ticketNo: string | null;
  ticketIssuedAt: string | null;
}

/** `cms-exam/assign` (body): a candidate to a sitting, at a seat (the first free one when absent). */
export const cmsAssignInput = z.object({
  applyId: zInput.id(),
  sittingId: zInput.id(),
  seatNo: zInput.optionalId(),
});
export const cmsApplyIdInput = z.object({ applyId: zInput.id() });

/** `cms-exam/auto-assign`: candidates seated now, and those left without a seat (no room left). */
export interface CmsAutoAssignAnswer {
  assigned: number;
  unseated: number;
}

/** `cms-exam/issue-tickets`: tickets issued now (seated candidates without one). */
export interface CmsIssueTicketsAnswer {
  issued: number;
}

/** `cms-exam/attendance-export`: the sign-in sheet of a sitting. */
export const cmsSittingIdInput = z.object({ sittingId: zInput.id() });

// ---------------------------------------------------------------------------------------------
// Fee orders

const cmsOrderFilterFields = {
  batchId: zInput.optionalId(),
  status: zEmptyAsAbsent(z.enum(ORDER_STATUS, { error: '订单状态不正确' })),
  orderNo: zOptionalText(64),
  student: zOptionalText(50),
  ...zCreatedRange,
};
export const cmsOrderPageInput = z.object({ ...zPage, ...cmsOrderFilterFields }).refine(...CREATED_IN_ORDER);

/** A fee order of an application. */
export interface CmsOrderRow {
  id: number;
  orderNo: string;
  applyId: number;
  batchName: string;
  skillLevel: SkillLevel;
  realName: string;
  idCardNo: string;
  mobile: string;
  status: OrderStatus;
  channel: string | null;
  amount: number;
  paidAmount: number;
  refundedAmount: number;
  transactionId: string | null;
  createdAt: string;
  paidAt: string | null;
  applyStatus: CmsApplyStatus;
  abilities: Abilities<'refund'>;
}

/** `cms-order/refund` (body): the fee back, in full, with a reason; the application is cancelled. */
export const cmsOrderRefundInput = z.object({ id: zInput.id(), reason: zRequiredText('退款原因', 200) });

const APPLY = staff(CMS_APPLY_PAGE);
/** Batches are read by every CMS page (their batch selector). */
const ANY_CMS = staff(CMS_APPLY_PAGE, CMS_EXAM_PAGE, CMS_SCORE_PAGE, CMS_ORDER_PAGE);
const EXAM = staff(CMS_EXAM_PAGE);
const ORDERS = staff(CMS_ORDER_PAGE);

/** Examination batches (`cms-batch/...`). */
export const cmsBatchCalls = defineCalls('cms-batch', {
  page: { input: cmsBatchPageInput, answer: answer<PageAnswer<CmsBatchRow>>(), access: APPLY },
  detail: { input: cmsIdInput, answer: answer<CmsBatchRow>(), access: APPLY },
  save: { input: cmsBatchSaveInput, answer: answer<CmsBatchRow>(), access: APPLY },
  delete: { input: cmsIdInput, answer: answer<null>(), access: APPLY },
  options: { input: z.object({}), answer: answer<CmsBatchOption[]>(), access: ANY_CMS },
  /** Public: the batches open for registration today (`/registerCms`). */
  'open-list': { input: z.object({}), answer: answer<OpenCmsBatch[]>(), access: visitor },
});

/** Applications (`cms-apply/...`, spec section 7 "CMS apply"): staff review them, candidates make them. */
export const cmsApplyCalls = defineCalls('cms-apply', {
  page: { input: cmsApplyPageInput, answer: answer<PageAnswer<CmsApplyRow>>(), access: APPLY },
  detail: { input: cmsIdInput, answer: answer<CmsApplyDetail>(), access: APPLY },
  photo: { input: cmsIdInput, answer: fileAnswer(), access: APPLY },
  approve: { input: cmsIdInput, answer: answer<CmsApplyRow>(), access: APPLY },
  reject: { input: cmsApplyRejectInput, answer: answer<CmsApplyRow>(), access: APPLY },
  'batch-approve': { input: cmsApplyIdsInput, answer: answer<CmsBatchApproveAnswer>(), access: APPLY },
  export: { input: cmsApplyFiltersInput, answer: fileAnswer(), access: APPLY },
  'send-msg-code': { input: cmsSendMsgCodeInput, answer: answer<SendMsgCodeAnswer>(), access: visitor },
  'unit-options': { input: cmsUnitOptionsInput, answer: answer<CmsUnitOption[]>(), access: visitor },
  submit: { input: cmsApplySubmitInput, answer: answer<CmsApplySubmitAnswer>(), access: guest, upload: true },
  'my-list': { input: z.object({}), answer: answer<MyCmsApply[]>(), access: student },
  resubmit: { input: cmsApplyResubmitInput, answer: answer<MyCmsApply>(), access: student, upload: true },
  cancel: { input: cmsIdInput, answer: answer<MyCmsApply>(), access: student },
  pay: { input: cmsIdInput, answer: answer<CmsPayAnswer>(), access: student },
  'my-photo': { input: cmsIdInput, answer: fileAnswer(), access: student },
  'my-ticket': { input: cmsIdInput, answer: fileAnswer(), access: student },
});

/** Sittings, seats, tickets and the attendance sheet (`cms-exam/...`). */
export const cmsExamCalls = defineCalls('cms-exam', {
  'sitting-list': { input: cmsBatchIdInput, answer: answer<CmsSittingRow[]>(), access: EXAM },
  'sitting-save': { input: cmsSittingSaveInput, answer: answer<CmsSittingRow>(), access: EXAM },
  'sitting-delete': { input: cmsIdInput, answer: answer<null>(), access: EXAM },
  candidates: { input: cmsCandidatePageInput, answer: answer<PageAnswer<CmsCandidateRow>>(), access: EXAM },
  'auto-assign': { input: cmsBatchIdInput, answer: answer<CmsAutoAssignAnswer>(), access: EXAM },
  assign: { input: cmsAssignInput, answer: answer<CmsCandidateRow>(), access: EXAM },
  unassign: { input: cmsApplyIdInput, answer: answer<CmsCandidateRow>(), access: EXAM },
  'issue-tickets': { input: cmsBatchIdInput, answer: answer<CmsIssueTicketsAnswer>(), access: EXAM },
  'attendance-export': { input: cmsSittingIdInput, answer: fileAnswer(), access: EXAM },
});

/** Fee orders of applications (`cms-order/...`), refunded through the refund engine. */
export const cmsOrderCalls = defineCalls('cms-order', {
  page: { input: cmsOrderPageInput, answer: answer<PageAnswer<CmsOrderRow>>(), access: ORDERS },
  refund: { input: cmsOrderRefundInput, answer: answer<CmsOrderRow>(), access: ORDERS },
});
