import { z } from 'zod';
import { staff, staffOrUnitManager } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  zEmptyAsAbsent,
  zIdInput,
  zIdList,
  zInput,
  zOptionalText,
  zPage,
} from './common';
import { type OrderStatus, REFUND_PAGE, type RefundAnswer } from './order';
import type { MyClassStatus } from './train-class';

/**
 * Student imports into unit classes and the batch orders they create (docs/product-decisions.md
 * "Unit imports and batch orders"). A unit (or staff for it) uploads an `.xlsx` of the template
 * into an open unit class; a job checks every row before anything is written, then enrols the
 * students (creating the accounts it must) with one unpaid child order each under one batch order,
 * which the unit pays with one WeChat Native payment or staff pass as offline or free.
 */

export const UNIT_IMPORT_STATUS = [
  'VALIDATING',
  'VALIDATED',
  'INVALID',
  'IMPORTING',
  'DONE',
  'PARTIAL',
  'FAILED',
] as const;
export type UnitImportStatus = (typeof UNIT_IMPORT_STATUS)[number];
export const UNIT_IMPORT_STATUS_LABEL: Readonly<Record<UnitImportStatus, string>> = {
  VALIDATING: '校验中',
  VALIDATED: '校验通过',
  INVALID: '校验未通过',
  IMPORTING: '导入中',
  DONE: '导入完成',
  PARTIAL: '部分导入',
  FAILED: '导入失败',
};
/** The states an import ends in (the page stops polling). */
export const UNIT_IMPORT_FINISHED: readonly UnitImportStatus[] = ['INVALID', 'DONE', 'PARTIAL', 'FAILED'];

/** The columns of the unit import template, in order; all must be filled. */
export const UNIT_IMPORT_COLUMNS = [
  { key: 'realName', header: '姓名', required: true },
  { key: 'idCardNo', header: '身份证号', required: true },
  { key: 'mobile', header: '手机号', required: true },
] as const;
export type UnitImportField = (typeof UNIT_IMPORT_COLUMNS)[number]['key'];

/** The most students one import file may hold. */
export const UNIT_IMPORT_MAX_ROWS = 10_000;

/** An import as the page shows it while it runs and after. */
export interface UnitImportView {
  id: number;
  unitId: number;
  unitClassId: number;
  unitClassName: string;
  fileName: string;
  status: UnitImportStatus;
  /** Data rows of the file. */
  total: number;
  /** Rows checked (VALIDATING) or written (IMPORTING) so far. */
  processed: number;
  /** Rows that passed (INVALID: the rows without error; otherwise enrolled). */
  okCount: number;
  failedCount: number;
  /** Why the whole import failed, when it did. */
  message: string | null;
  /** The batch order of the enrolled students (from IMPORTING on). */
  batchOrderId: number | null;
  /** Whether the import has ended (INVALID, DONE, PARTIAL, FAILED). */
  finished: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** `batch-import-order/import` (multipart `file` and `unitClassId`). */
export const unitImportInput = z.object({ unitClassId: zInput.id() });

/** `batch-import-order/progress`, `error-file`: one import. */
export const unitImportIdInput = zIdInput;

/** The states of an import that ended without enrolling everyone it was given (导入异常). */
export const UNIT_IMPORT_FAILED: readonly UnitImportStatus[] = ['INVALID', 'FAILED'];

/**
 * `batch-import-order/page`: imports, newest first, optionally of one unit class and in some states
 * (`statuses=INVALID,FAILED` in a query string).
 */
export const unitImportPageInput = z.object({
  ...zPage,
  unitClassId: zInput.optionalId(),
  statuses: z
    .array(z.enum(UNIT_IMPORT_STATUS, { error: '导入状态不正确' }))
    .max(UNIT_IMPORT_STATUS.length, { error: '导入状态不正确' })
    .optional(),
});

export const BATCH_ORDER_STATUS = ['CREATED', 'PAID', 'CANCELLED'] as const;
export type BatchOrderStatus = (typeof BATCH_ORDER_STATUS)[number];
export const BATCH_ORDER_STATUS_LABEL: Readonly<Record<BatchOrderStatus, string>> = {
  CREATED: '待支付',
  PAID: '已支付',
  CANCELLED: '已取消',
};

export const BATCH_ORDER_CHANNELS = ['WX_NATIVE', 'OFFLINE', 'FREE'] as const;
export type BatchOrderChannel = (typeof BATCH_ORDER_CHANNELS)[number];
export const BATCH_ORDER_CHANNEL_LABEL: Readonly<Record<BatchOrderChannel, string>> = {
  WX_NATIVE: '微信扫码支付',
  OFFLINE: '线下缴费',
  FREE: '免费开通',
};

/** A batch order in lists and as the head of its detail. */
export interface BatchOrderItem {
  id: number;
  batchNo: string;
  unitId: number;
  unitName: string;
  unitClassId: number;
  unitClassName: string;
  className: string;
  status: BatchOrderStatus;
  channel: BatchOrderChannel | null;
  /** Child orders in the batch (one per student). */
  orderCount: number;
  /** Fen. */
  totalAmount: number;
  /** Fen (0 for free passes). */
  paidAmount: number;
  transactionId: string | null;
  remark: string | null;
  /** The import that created it, and whether it is still running (no payment until it ends). */
  importId: number | null;
  importFinished: boolean;
  /** Whether it can be paid now: CREATED, import ended, children left and a total above 0. */
  payable: boolean;
  /**
   * What the caller may do to it (docs/api-conventions.md "Abilities"), by the batch order policy:
   * pay (扫码支付), cancel (取消订单) and remove (移出批量订单) while it is CREATED and its import
   * has ended, pass (线下缴费/免费开通: staff holding 免费开通), refund its students' orders once
   * PAID (staff holding 退款申请).
   */
  abilities: BatchOrderAbilities;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
}

export type BatchOrderAbilities = Abilities<'pay' | 'cancel' | 'remove' | 'pass' | 'refund'>;

/** `batch-order/page`: filters of the batch order list. */
export const batchOrderPageInput = z.object({
  ...zPage,
  unitId: zInput.optionalId(),
  unitClassId: zInput.optionalId(),
  status: zEmptyAsAbsent(z.enum(BATCH_ORDER_STATUS, { error: '批量订单状态不正确' })),
  batchNo: zOptionalText(24),
});

/** `batch-order/detail`, `pay`, `pay-qr`, `is-paid`, `cancel`: one batch order. */
export const batchOrderIdInput = zIdInput;

/** `batch-order/children`: a page of a batch order's child orders. */
export const batchOrderChildrenInput = z.object({ ...zPage, id: zInput.id(), student: zOptionalText(50) });

/** A child order: one student's place in the batch. */
export interface BatchChildOrder {
  orderId: number;
  orderNo: string;
  accountId: number;
  realName: string;
  /** Masked (first 6 and last 4 characters). */
  idCardNo: string | null;
  mobile: string | null;
  /** Fen. */
  amount: number;
  status: OrderStatus;
  myClassId: number | null;
  myClassStatus: MyClassStatus | null;
}

/** `batch-order/pay`: the Native code to scan, or PAID when it turned out paid already. */
export type BatchPayAnswer =
  | { kind: 'NATIVE'; codeUrl: string; simulatorScanUrl: string | null }
  | { kind: 'PAID' };

/** `batch-order/is-paid`: the batch order's state as the server knows it. */
export interface BatchOrderStatusAnswer {
  id: number;
  status: BatchOrderStatus;
  paid: boolean;
}

/** `batch-order/pass` (body): staff mark a batch order paid offline or free, with a reason. */
export const batchOrderPassInput = z.object({
  id: zInput.id(),
  channel: z.enum(['OFFLINE', 'FREE'], { error: '开通方式应为 OFFLINE 或 FREE' }),
  remark: z
    .string({ error: '请填写说明' })
    .trim()
    .min(1, { error: '请填写说明' })
    .max(200, { error: '说明最多 200 个字符' }),
});

/** `batch-order/delete` (body): takes students' child orders out of an unpaid batch order. */
export const batchOrderDeleteInput = z.object({
  id: zInput.id(),
  orderIds: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择订单' }).max(500, { error: '一次最多 500 个订单' }),
  ),
});

/**
 * `unit-workspace/overview`: where a unit stands (a unit manager: their unit; project staff: the
 * whole project): its unit classes, the students bought through them by enrolment state, batch
 * orders awaiting payment and imports running.
 */
export interface UnitWorkspace {
  unitClasses: number;
  openUnitClasses: number;
  /** Enrolments bought through the unit classes (not refunded or changed out). */
  students: number;
  studentsByStatus: Partial<Record<MyClassStatus, number>>;
  /** CREATED batch orders with students. */
  unpaidBatches: number;
  /** Fen. */
  unpaidAmount: number;
  runningImports: number;
}

/** `batch-order/refund` (body): staff refund students' child orders of a paid batch order. */
export const batchOrderRefundInput = z.object({
  id: zInput.id(),
  orderIds: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择订单' }).max(100, { error: '一次最多 100 个订单' }),
  ),
  reason: z
    .string({ error: '请填写退款原因' })
    .trim()
    .min(1, { error: '请填写退款原因' })
    .max(200, { error: '退款原因最多 200 个字符' }),
});

const UNIT_CLASS = '/train-manage/unit-class' as const;
const UNIT_CLASS_DETAIL = '/train-manage/unit-class-detail' as const;
const IMPORT = '/train-manage/import-student' as const;
const BATCH_PAY = '/train-manage/batch-pay-order' as const;
const ORDER_DETAIL = '/order-manage/detail' as const;
/** The grant of passing a batch order offline or free (免费开通). */
export const FREE_ORDER = '/order-manage/free-order' as const;

/** The import calls (`batch-import-order/...`). */
export const unitImportCalls = defineCalls('batch-import-order', {
  /** Starts an import of an `.xlsx` of the template into an open unit class (multipart `file`). */
  import: {
    input: unitImportInput,
    answer: answer<UnitImportView>(),
    access: staffOrUnitManager(IMPORT),
    upload: true,
  },
  /** The `.xlsx` template. */
  template: {
    input: z.object({}),
    answer: fileAnswer(),
    access: staffOrUnitManager(IMPORT),
    methods: ['GET', 'POST'],
  },
  /** Where an import stands (the page polls it). */
  progress: {
    input: unitImportIdInput,
    answer: answer<UnitImportView>(),
    access: staffOrUnitManager(IMPORT, UNIT_CLASS_DETAIL),
    methods: ['GET', 'POST'],
  },
  /** The refused rows of an import with the reason of each (`.xlsx`). */
  'error-file': {
    input: unitImportIdInput,
    answer: fileAnswer(),
    access: staffOrUnitManager(IMPORT, UNIT_CLASS_DETAIL),
    methods: ['GET', 'POST'],
  },
  /** Imports, newest first. */
  page: {
    input: unitImportPageInput,
    answer: answer<PageAnswer<UnitImportView>>(),
    access: staffOrUnitManager(IMPORT, UNIT_CLASS_DETAIL, UNIT_CLASS),
  },
});

/** The batch order calls (`batch-order/...`). */
export const batchOrderCalls = defineCalls('batch-order', {
  /** Batch orders, newest first (a unit manager: their unit's only). */
  page: {
    input: batchOrderPageInput,
    answer: answer<PageAnswer<BatchOrderItem>>(),
    access: staffOrUnitManager(BATCH_PAY, ORDER_DETAIL),
  },
  /** One batch order. */
  detail: {
    input: batchOrderIdInput,
    answer: answer<BatchOrderItem>(),
    access: staffOrUnitManager(BATCH_PAY, ORDER_DETAIL),
    methods: ['GET', 'POST'],
  },
  /** A page of its child orders with each student's enrolment state. */
  children: {
    input: batchOrderChildrenInput,
    answer: answer<PageAnswer<BatchChildOrder>>(),
    access: staffOrUnitManager(BATCH_PAY, ORDER_DETAIL),
  },
  /** Starts (or resumes) paying the whole batch with one WeChat Native payment. */
  pay: { input: batchOrderIdInput, answer: answer<BatchPayAnswer>(), access: staffOrUnitManager(BATCH_PAY) },
  /** The PNG QR code of the open Native payment. */
  'pay-qr': {
    input: batchOrderIdInput,
    answer: fileAnswer(),
    access: staffOrUnitManager(BATCH_PAY),
    methods: ['GET', 'POST'],
  },
  /** Its state (asks WeChat Pay about an open payment at most every few seconds). */
  'is-paid': {
    input: batchOrderIdInput,
    answer: answer<BatchOrderStatusAnswer>(),
    access: staffOrUnitManager(BATCH_PAY, ORDER_DETAIL),
  },
  /** Staff mark it paid offline or free (unit batch free order): every child order is paid. */
  pass: { input: batchOrderPassInput, answer: answer<BatchOrderItem>(), access: staff(FREE_ORDER) },
  /** Takes child orders (students) out of an unpaid batch order. */
  delete: {
    input: batchOrderDeleteInput,
    answer: answer<BatchOrderItem>(),
    access: staffOrUnitManager(BATCH_PAY, ORDER_DETAIL),
  },
  /**
   * Refunds child orders (students) of a paid batch order, each in full: through WeChat Pay against
   * the batch's payment when it was paid there, at once when passed offline or free.
   */
  refund: {
    input: batchOrderRefundInput,
    answer: answer<{ refunds: RefundAnswer[] }>(),
    access: staff(REFUND_PAGE),
  },
  /** Cancels an unpaid batch order: every child order closes and its enrolment goes. */
  cancel: {
    input: batchOrderIdInput,
    answer: answer<BatchOrderItem>(),
    access: staffOrUnitManager(BATCH_PAY, ORDER_DETAIL),
  },
});

/** The unit workspace call (`unit-workspace/overview`), for the home of unit managers. */
export const unitWorkspaceCalls = defineCalls('unit-workspace', {
  overview: {
    input: z.object({}),
    answer: answer<UnitWorkspace>(),
    access: staffOrUnitManager(UNIT_CLASS),
    methods: ['GET', 'POST'],
  },
});
