import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls } from './call';
import {
  type Abilities,
  type PageAnswer,
  zAuditInput,
  zEmptyAsAbsent,
  zIdInput,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';

/**
 * Class changes (转班, docs/product-decisions.md "Class changes"): a student asks to move a paid
 * enrolment to another offered class within the project's `openChangeClass*` rules; the back office
 * approves (the old enrolment becomes CHANGED_OUT, a new one starts STUDYING and the order now pays
 * for it), rejects or cancels it. Money never moves in a change.
 */

export const CHANGE_CLASS_STATUS = ['PENDING', 'DONE', 'REJECTED', 'CANCELLED'] as const;
export type ChangeClassStatus = (typeof CHANGE_CLASS_STATUS)[number];
export const CHANGE_CLASS_STATUS_LABEL: Readonly<Record<ChangeClassStatus, string>> = {
  PENDING: '待审核',
  DONE: '已转班',
  REJECTED: '已驳回',
  CANCELLED: '已撤销',
};

/** The refusals of the change rules, shared with the apps and the tests. */
export const CHANGE_CLASS_MESSAGES = {
  CLOSED: '本项目未开放转班',
  NOT_YOURS: '班级不存在',
  STATE: '当前班级状态不能转班',
  NOT_PAID: '只有本人已支付的班级可以转班',
  DAYS: (days: number) => `已超过支付后 ${days} 天的转班期限`,
  PROGRESS: (percent: number) => `学习进度已超过 ${percent}%，不能转班`,
  PENDING: '该班级已有待审核的转班申请',
  SAME_CLASS: '请选择其他班级',
  TARGET: '目标班级不存在或不在报名期内',
  ENROLLED: '您已报名目标班级',
  SAME_AMOUNT: '只能转到与原班级价格相同的班级',
  DEARER: '目标班级价格高于已支付金额，不能转班',
  NOT_PENDING: '该申请已处理',
} as const;

/** The rules of the project as the student sees them before applying. */
export interface ChangeClassRules {
  /** Target price must equal what was paid. */
  sameAmount: boolean;
  /** Highest study progress (percent) that still allows a change. */
  maxProgress: number;
  /** Days after payment within which a change may be asked for. */
  days: number;
}

/** A class the enrolment may move to. */
export interface ChangeClassTarget {
  id: number;
  name: string;
  year: number;
  amountFen: number;
  studyStartDate: string;
  studyEndDate: string;
}

/** One application as both sides see it. */
export interface ChangeClassView {
  id: number;
  status: ChangeClassStatus;
  accountId: number;
  realName: string;
  idCardNo: string | null;
  mobile: string | null;
  myClassId: number;
  fromClassId: number;
  fromClassName: string;
  toClassId: number;
  toClassName: string;
  orderId: number;
  orderNo: string;
  /** What the order paid for the enrolment (the item's price). */
  paidFen: number;
  toAmountFen: number;
  /** Required-hours progress of the enrolment when applying, percent. */
  progressPercent: number;
  reason: string;
  /** The back office's remark on approval, rejection or cancellation. */
  remark: string | null;
  auditedByName: string | null;
  auditedAt: string | null;
  /** The enrolment the change started (DONE). */
  newMyClassId: number | null;
  /**
   * What the caller may do to it (docs/api-conventions.md "Abilities"), by the class change policy:
   * approve (通过), reject (驳回) and cancel (撤销) a pending application (staff granted 转班管理;
   * approval checks the rules again), withdraw (撤销申请) their own pending one (the student).
   */
  abilities: ChangeClassAbilities;
  createdAt: string;
}

export type ChangeClassAbilities = Abilities<'approve' | 'reject' | 'cancel' | 'withdraw'>;

/** `change-class/options`: whether and where the student's enrolment may move. */
export const changeClassOptionsInput = z.object({ myClassId: zInput.id() });
export interface ChangeClassOptions {
  rules: ChangeClassRules;
  /** Null when a change may be asked for; else why not. */
  refusal: string | null;
  className: string;
  paidFen: number;
  progressPercent: number;
  targets: ChangeClassTarget[];
  /** The application waiting for the back office, if any. */
  pending: ChangeClassView | null;
}

/** `change-class/do-change-my-class` (body): the student asks to move an enrolment. */
export const changeClassApplyInput = z.object({
  myClassId: zInput.id(),
  toClassId: zInput.id(),
  reason: zRequiredText('转班原因', 200),
});

/** `change-class/my-list`: the student's applications, newest first. */
export const changeClassMyListInput = z.object({ ...zPage });

/** `change-class/page`: the project's applications, newest first. */
export const changeClassPageInput = z.object({
  ...zPage,
  status: zEmptyAsAbsent(z.enum(CHANGE_CLASS_STATUS, { error: '状态不正确' })),
  /** Name, ID number or mobile of the student. */
  keyword: zOptionalText(50),
});
export type ChangeClassPage = PageAnswer<ChangeClassView>;

export const changeClassIdInput = zIdInput;

/** `change-class/audit` (body): approve (the change happens) or reject with a remark. */
export const changeClassAuditInput = zAuditInput;

/** `change-class/cancel` (body): the back office withdraws a pending application. */
export const changeClassCancelInput = z.object({
  id: zInput.id(),
  remark: zRequiredText('撤销原因', 200),
});

/** The grant of deciding applications (转班管理). */
export const CHANGE_CLASS_MANAGE_PAGE = '/train-manage/change-class-manage';
const MANAGE = CHANGE_CLASS_MANAGE_PAGE;
const DETAIL = '/train-manage/change-class-manage/detail';

/** Class changes (`change-class/...`): the student's side and the back office's. */
export const changeClassCalls = defineCalls('change-class', {
  /** The rules, the refusal if any, the target classes and the pending application of an enrolment. */
  options: { input: changeClassOptionsInput, answer: answer<ChangeClassOptions>(), access: student },
  /** The student asks to move a paid enrolment to another class (spec: do-change-my-class). */
  'do-change-my-class': {
    input: changeClassApplyInput,
    answer: answer<ChangeClassView>(),
    access: student,
  },
  /** The student's applications. */
  'my-list': {
    input: changeClassMyListInput,
    answer: answer<ChangeClassPage>(),
    access: student,
  },
  /** The student withdraws a pending application of their own. */
  'my-cancel': { input: changeClassIdInput, answer: answer<ChangeClassView>(), access: student },
  /** The project's applications (转班管理). */
  page: { input: changeClassPageInput, answer: answer<ChangeClassPage>(), access: staff(MANAGE) },
  /** One application (转班详情). */
  detail: {
    input: changeClassIdInput,
    answer: answer<ChangeClassView>(),
    access: staff(MANAGE, DETAIL),
  },
  /** Approves (the change happens) or rejects a pending application. */
  audit: { input: changeClassAuditInput, answer: answer<ChangeClassView>(), access: staff(MANAGE) },
  /** Withdraws a pending application. */
  cancel: { input: changeClassCancelInput, answer: answer<ChangeClassView>(), access: staff(MANAGE) },
});
