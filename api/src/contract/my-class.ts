import { z } from 'zod';
import { student } from './access';
import { answer, defineCalls } from './call';
import { type PageAnswer, zPage } from './common';
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

/** An enrolment of the signed-in student with its class. */
export interface MyClassItem {
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
  enrolledAt: string;
}

/** `my-class/page`: the student's enrolments, newest first, optionally of one state. */
export const myClassPageInput = z.object({
  ...zPage,
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(MY_CLASS_STATUS, { error: '状态不正确' }).optional(),
  ),
});
export type MyClassPage = PageAnswer<MyClassItem>;

/** The student's own classes (`my-class/...`). */
export const myClassCalls = defineCalls('my-class', {
  /** The student's enrolments with their state, newest first. */
  page: { input: myClassPageInput, answer: answer<MyClassPage>(), access: student },
});
