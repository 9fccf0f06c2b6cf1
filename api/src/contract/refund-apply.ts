import { z } from 'zod';
import { staff, student } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  zEmptyAsAbsent,
  zIdInput,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { REFUND_PAGE } from './order';
import { CREATED_IN_ORDER, zCreatedRange } from './train-plan';

/**
 * Students' refund applications (docs/product-decisions.md "Refund applications"): a student asks
 * for a paid order (or one class of it) back within the project's rules; staff holding 退款申请
 * approve it (the refund engine gives the money back through WeChat Pay) or reject it with a reason.
 * `PENDING -> APPROVED -> REFUNDING -> SUCCESS | FAILED`, or `REJECTED` (staff), `CANCELLED` (the
 * student, while pending).
 */

export const REFUND_APPLY_STATUS = [
  'PENDING',
  'APPROVED',
  'REFUNDING',
  'SUCCESS',
  'FAILED',
  'REJECTED',
  'CANCELLED',
] as const;
export type RefundApplyStatus = (typeof REFUND_APPLY_STATUS)[number];
export const REFUND_APPLY_STATUS_LABEL: Readonly<Record<RefundApplyStatus, string>> = {
  PENDING: '待审核',
  APPROVED: '已通过',
  REFUNDING: '退款中',
  SUCCESS: '已退款',
  FAILED: '退款失败',
  REJECTED: '已驳回',
  CANCELLED: '已撤销',
};
/** The states of an application still open (one at a time per order). */
export const OPEN_REFUND_APPLY_STATUS = ['PENDING', 'APPROVED', 'REFUNDING'] as const;

/** An application's own fields, as the student and the back office both see them. */
export interface RefundApplyFields {
  id: number;
  orderId: number;
  orderNo: string;
  /** The one class applied for (null: the whole order, what is left of it). */
  orderItemId: number | null;
  /** The classes applied for, joined. */
  className: string;
  /** Fen. */
  amount: number;
  status: RefundApplyStatus;
  reason: string;
  rejectReason: string | null;
  failure: string | null;
  createdAt: string;
  auditedAt: string | null;
  finishedAt: string | null;
}

/** An application as the student sees it, with what they may do to it (撤销申请). */
export interface RefundApplyView extends RefundApplyFields {
  abilities: MyRefundApplyAbilities;
}

/**
 * The student's abilities on their application (docs/api-conventions.md "Abilities"): withdraw
 * (撤销申请), as `refund-apply/cancel` judges it.
 */
export type MyRefundApplyAbilities = Abilities<'withdraw'>;

/** An application in the back office's list. */
export interface RefundApplyRow extends RefundApplyFields {
  accountId: number;
  studentName: string;
  /** Masked (first 6 and last 4 digits). */
  idCardNo: string | null;
  mobile: string | null;
  /** Fen paid for the order. */
  paidAmount: number;
  paidAt: string | null;
  auditorName: string | null;
  outRefundNo: string | null;
  /** What the caller may do to it (通过, 驳回), and what to confirm before approving. */
  abilities: RefundApplyAbilities;
}

/**
 * Staff's abilities on an application (docs/api-conventions.md "Abilities"), with `approveWarning`:
 * what approving does beyond the refund (the order's invoice and what happens to it), to confirm
 * before approving; null when there is nothing to say.
 */
export type RefundApplyAbilities = Abilities<'approve' | 'reject'> & { approveWarning: string | null };

/** `refund-apply/refund-text`: the project's refund rules and text, shown before applying. */
export interface RefundTextAnswer {
  studentRefund: boolean;
  refundText: string;
  refundOrderDays: number;
  refundClassProcess: number;
  refundOrderTimes: number;
}

/** One class of an order as a refund application sees it. */
export interface RefundableItem {
  orderItemId: number;
  className: string;
  /** Fen that would go back. */
  amount: number;
  /** Study progress of its enrolment (percent, 0..100). */
  progress: number;
  refunded: boolean;
}

/**
 * `refund-apply/get-data` (student): whether the caller may apply for the order now, why not
 * (`refusal`, the first rule that stops it), its classes, what would go back, the open
 * application and the project's refund text.
 */
export interface RefundApplyData {
  orderId: number;
  orderNo: string;
  allowed: boolean;
  refusal: string | null;
  /** Fen left to refund (paid minus refunded). */
  refundable: number;
  items: RefundableItem[];
  open: RefundApplyView | null;
  /** Earlier applications of the order that count against `refundOrderTimes`. */
  usedTimes: number;
  refundText: string;
}

export const refundOrderIdInput = z.object({ orderId: zInput.id() });

/** `refund-apply/submit` (body): the caller applies for the order, or one class of it, with a reason. */
export const refundApplySubmitInput = z.object({
  orderId: zInput.id(),
  orderItemId: zInput.optionalId(),
  reason: zRequiredText('退款原因', 200),
});

export const refundApplyIdInput = zIdInput;

/** `refund-apply/reject` (body): staff reject a pending application with a reason. */
export const refundApplyRejectInput = z.object({
  id: zInput.id(),
  reason: zRequiredText('驳回原因', 200),
});

const zApplyStatus = z.enum(REFUND_APPLY_STATUS, { error: '申请状态不正确' });

const refundApplyFilterFields = {
  status: zEmptyAsAbsent(zApplyStatus),
  /** Order number (exact). */
  orderNo: zOptionalText(64),
  /** Student name (part), ID number or mobile (exact). */
  student: zOptionalText(50),
  /** Applied from / to (`YYYY-MM-DD`, China time, inclusive). */
  ...zCreatedRange,
};

/** `refund-apply/list`: one page of the project's applications, newest first. */
export const refundApplyPageInput = z
  .object({ ...zPage, ...refundApplyFilterFields })
  .refine(...CREATED_IN_ORDER);
/** `refund-apply/export` (GET or POST, `.xlsx`): every application of the filters. */
export const refundApplyExportInput = z.object(refundApplyFilterFields).refine(...CREATED_IN_ORDER);
export type RefundApplyFilters = z.output<typeof refundApplyExportInput>;
export type RefundApplyPage = PageAnswer<RefundApplyRow>;

/** The refund application calls (`refund-apply/...`). */
export const refundApplyCalls = defineCalls('refund-apply', {
  /** The project's refund rules and 退款说明. */
  'refund-text': { input: z.object({}), answer: answer<RefundTextAnswer>(), access: student },
  /** Whether the caller may apply for a refund of one of their orders, and what would go back. */
  'get-data': { input: refundOrderIdInput, answer: answer<RefundApplyData>(), access: student },
  /** The caller applies for a refund of a paid order (or one class of it). */
  submit: { input: refundApplySubmitInput, answer: answer<RefundApplyView>(), access: student },
  /** The caller withdraws a pending application. */
  cancel: { input: refundApplyIdInput, answer: answer<RefundApplyView>(), access: student },
  /** The caller's applications, newest first. */
  'my-list': { input: z.object({}), answer: answer<RefundApplyView[]>(), access: student },
  /** The project's applications, filtered, newest first. */
  list: { input: refundApplyPageInput, answer: answer<RefundApplyPage>(), access: staff(REFUND_PAGE) },
  /** Approves a pending application: the order (or the class) is refunded through the refund engine. */
  do: { input: refundApplyIdInput, answer: answer<RefundApplyRow>(), access: staff(REFUND_PAGE) },
  /** Rejects a pending application with a reason. */
  reject: { input: refundApplyRejectInput, answer: answer<RefundApplyRow>(), access: staff(REFUND_PAGE) },
  /** The filtered applications as a streamed `.xlsx`. */
  export: {
    input: refundApplyExportInput,
    answer: fileAnswer(),
    access: staff(REFUND_PAGE),
    methods: ['GET', 'POST'],
  },
});
