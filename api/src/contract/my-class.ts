import { z } from 'zod';
import { student } from './access';
import { answer, defineCalls } from './call';
import type { ClassBaseType } from './class-category';
import type { ClassCenterItem } from './class-center';
import { type Abilities, type PageAnswer, zEmptyAsAbsent, zIdInput, zPage } from './common';
import { MY_CLASS_STATUS, type MyClassStatus } from './train-class';

/** My class (enrolment) states in words (domain "Status values"). */
export const MY_CLASS_STATUS_LABEL: Readonly<Record<MyClassStatus, string>> = {
  PENDING_PAY: '待支付',
  STUDYING: '学习中',
  FINISHED_STUDY: '已学完',
  PASSED: '已合格',
  EXPIRED: '已过期',
  REFUNDED: '已退款',
  CHANGED_OUT: '已转班',
};

/**
 * An enrolment of the signed-in student with its class; `canEnd`: 结束班级 (a passed class);
 * `canChangeClass`: 转班 (the change-class policy: the project allows it, the student paid it
 * themselves, within the days and progress; or an application of it is pending, which its 转班 page
 * shows with 撤销申请).
 */
export interface MyClassItem extends Abilities<'end' | 'changeClass'> {
  id: number;
  classId: number;
  className: string;
  year: number;
  status: MyClassStatus;
  /** `YYYY-MM-DD` (China days). */
  studyStartDate: string;
  studyEndDate: string;
  /** Required hours of the class (from its courses). */
  requiredHours: number;
  /** Elective hours to earn (0 when the project hides electives). */
  electiveHours: number;
  /** The class's base type (公需 / 专业): its required hours count to it. */
  baseType: ClassBaseType;
  /** Hours credited by study so far. */
  creditedRequiredHours: number;
  creditedElectiveHours: number;
  /** The study window is over. */
  studyEnded: boolean;
  /** When the student closed the class (结束班级), else null. */
  endedAt: string | null;
  enrolledAt: string;
  /** Data corrections of the enrolment's study by customer service, newest first (usually none). */
  corrections: MyStudyCorrection[];
}

/** A data correction of the student's study as the student reads it: what it was, what it became, why. */
export interface MyStudyCorrection {
  id: number;
  target: 'HOURS' | 'LESSON';
  /** The lesson corrected (`LESSON`), else null. */
  lessonName: string | null;
  /** In words: 必修 0.5 / 选修 0.0 (hours) or 未完成 (a lesson). */
  before: string;
  after: string;
  reason: string;
  createdAt: string;
}

/**
 * Which enrolments `my-class/page` lists: `current` ones (study window not over, not refunded or
 * changed out, not closed by the student) or `ended` ones (the 已结束 list: window over, expired,
 * refunded, changed out or closed by the student with 结束班级).
 */
export const MY_CLASS_SCOPES = ['current', 'ended'] as const;
export type MyClassScope = (typeof MY_CLASS_SCOPES)[number];

/** `my-class/page`: the student's enrolments, newest first, optionally of one state. */
export const myClassPageInput = z.object({
  ...zPage,
  status: zEmptyAsAbsent(z.enum(MY_CLASS_STATUS, { error: '状态不正确' })),
  scope: zEmptyAsAbsent(z.enum(MY_CLASS_SCOPES, { error: '范围应为 current 或 ended' })),
});
export type MyClassPage = PageAnswer<MyClassItem>;

/** `my-class/portfolio`: the student's study so far (档案): hours credited per base type and classes per state. */
export interface MyPortfolio {
  classCount: number;
  countsByStatus: Partial<Record<MyClassStatus, number>>;
  /** Required hours credited, per base type of the class. */
  hoursByBaseType: Record<ClassBaseType, number>;
  electiveHours: number;
}

/** `my-class/end-class`: the student closes a passed class; it moves to 已结束. */
export const myClassEndInput = zIdInput;

/** The refusals of ending a class. */
export const MY_CLASS_END_MESSAGES = {
  NOT_FOUND: '班级不存在',
  NOT_PASSED: '班级合格后才能结束',
  ENDED: '班级已结束',
} as const;

/** The student's own classes (`my-class/...`). */
export const myClassCalls = defineCalls('my-class', {
  /** The student's enrolments with their state, newest first. */
  page: { input: myClassPageInput, answer: answer<MyClassPage>(), access: student },
  /** The student's hours credited per base type and classes per state. */
  portfolio: { input: z.object({}), answer: answer<MyPortfolio>(), access: student },
  /** Offered classes the student has neither enrolled in nor put in the cart. */
  recommended: { input: z.object({}), answer: answer<ClassCenterItem[]>(), access: student },
  /** Closes a passed class (spec: my class end class): it is listed under 已结束 from then. */
  'end-class': { input: myClassEndInput, answer: answer<MyClassItem>(), access: student },
});
