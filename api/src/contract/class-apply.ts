import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zAuditInput,
  zEmptyAsAbsent,
  zInput,
  zOptionalText,
  zPage,
} from './common';

/**
 * Enrolment applications (报名申请, docs/product-decisions.md "Enrolment applications"): a class
 * marked 报名需审核 (`applyRequired`) is bought only by students whose application staff approved;
 * a student applies from the class's H5 page, staff approve or reject it in 报名审核, and once
 * approved the student enrols as for any class (cart, order, payment; a free class at once).
 */

export const CLASS_APPLY_STATUS = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ClassApplyStatus = (typeof CLASS_APPLY_STATUS)[number];
export const CLASS_APPLY_STATUS_LABEL: Readonly<Record<ClassApplyStatus, string>> = {
  PENDING: '待审核',
  APPROVED: '已通过',
  REJECTED: '已驳回',
};

/** The refusals of applying, shared with the apps and the tests. */
export const CLASS_APPLY_MESSAGES = {
  NOT_REQUIRED: '该班级无需申请，可直接报名',
  ENROLLED: '您已报名该班级',
  PENDING: '已提交报名申请，请等待审核',
  APPROVED: '报名申请已通过，可直接报名',
  NOT_APPROVED: '需报名申请审核通过后才能报名',
  NOT_FOUND: '报名申请不存在',
  NOT_PENDING: '该申请已处理',
} as const;

/** The signed-in student's application of a class (the latest), as the class's H5 page shows it. */
export interface MyClassApply {
  id: number;
  status: ClassApplyStatus;
  /** Staff's remark (the reason of a rejection). */
  remark: string | null;
  createdAt: string;
}

/** `my-class/apply`: the student applies to enrol in a class marked 报名需审核. */
export const classApplyInput = z.object({
  classId: zInput.id(),
  /** What the student tells staff (单位、岗位、报名理由); optional. */
  reason: zOptionalText(200),
});

/** An application in 报名审核. */
export interface ClassApplyRow extends Abilities<'approve' | 'reject'> {
  id: number;
  status: ClassApplyStatus;
  accountId: number;
  realName: string;
  idCardNo: string | null;
  mobile: string | null;
  unitName: string | null;
  classId: number;
  className: string;
  classYear: number;
  amountFen: number;
  reason: string;
  remark: string | null;
  auditedByName: string | null;
  auditedAt: string | null;
  createdAt: string;
}

/** `class-apply/page`: the project's applications, pending first, newest first. */
export const classApplyPageInput = z.object({
  ...zPage,
  status: zEmptyAsAbsent(z.enum(CLASS_APPLY_STATUS, { error: '状态不正确' })),
  classId: zInput.optionalId(),
  /** Name, ID number or mobile of the student. */
  student: zOptionalText(50),
});
export type ClassApplyPage = PageAnswer<ClassApplyRow>;

/** `class-apply/audit` (body): approve, or reject with a remark the student reads. */
export const classApplyAuditInput = zAuditInput;

export const CLASS_APPLY_PAGE = '/train-manage/class-apply' as const;

/** The student's side (`my-class/apply`). */
export const classApplyStudentCalls = defineCalls('my-class', {
  /** Applies to enrol in a class marked 报名需审核 (spec: my class apply). */
  apply: { input: classApplyInput, answer: answer<MyClassApply>(), access: student },
});

/** The back office's side (报名审核). */
export const classApplyCalls = defineCalls('class-apply', {
  /** The project's applications. */
  page: { input: classApplyPageInput, answer: answer<ClassApplyPage>(), access: staff(CLASS_APPLY_PAGE) },
  /** Approves or rejects a pending application. */
  audit: { input: classApplyAuditInput, answer: answer<ClassApplyRow>(), access: staff(CLASS_APPLY_PAGE) },
});

/** `class/notify-study-class` (body): reminds the class's students who have not finished studying. */
export const notifyStudyClassInput = z.object({ classId: zInput.id() });

/**
 * What a reminder did: the students still studying, those reminded now and those already reminded
 * today (never twice a day); of those reminded now, SMS written to the outbox and WeChat template
 * messages queued (sent by a job; a student without a WeChat binding, or a project without an
 * official account or template, gets the SMS only).
 */
export interface NotifyStudyAnswer {
  students: number;
  notified: number;
  alreadyToday: number;
  sms: number;
  wechat: number;
}

/** Study reminders (`class/notify-study-class`), from the class list (班级管理). */
export const classNotifyCalls = defineCalls('class', {
  /** Reminds the class's students who have not finished, by WeChat template message and SMS, once a day. */
  'notify-study-class': {
    input: notifyStudyClassInput,
    answer: answer<NotifyStudyAnswer>(),
    access: staff('/train-manage/class'),
  },
});
