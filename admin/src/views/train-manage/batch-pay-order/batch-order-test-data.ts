import type {
  BatchChildOrder,
  BatchOrderAbilities,
  BatchOrderItem,
  PageAnswer,
  UnitImportView,
} from '@px/api/contract';

type AbilityFacts = Pick<BatchOrderItem, 'status' | 'importFinished' | 'orderCount' | 'totalAmount'>;

/**
 * The abilities the server answers for a batch order in this state (the batch order policy's words),
 * to a caller who may (`pass`, `refund`: staff holding 免费开通 / 退款申请) or may not (a unit manager).
 */
export function batchAbilities(
  order: AbilityFacts,
  caller: { pass?: boolean; refund?: boolean } = {},
): BatchOrderAbilities {
  const change =
    order.status === 'PAID'
      ? '批量订单已支付'
      : order.status === 'CANCELLED'
        ? '批量订单已取消'
        : order.importFinished
          ? null
          : '学员导入尚未完成，请稍后再试';
  const pay =
    change ??
    (order.orderCount === 0
      ? '批量订单中没有学员'
      : order.totalAmount === 0
        ? '批量订单金额为 0，无需支付'
        : null);
  const pass = caller.pass ? (change ?? (order.orderCount === 0 ? '批量订单中没有学员' : null)) : '没有权限';
  const refund = caller.refund ? (order.status === 'PAID' ? null : '只能退款已支付的批量订单') : '没有权限';
  return {
    canPay: pay === null,
    payRefusal: pay,
    canCancel: change === null,
    cancelRefusal: change,
    canRemove: change === null,
    removeRefusal: change,
    canPass: pass === null,
    passRefusal: pass,
    canRefund: refund === null,
    refundRefusal: refund,
  };
}

/**
 * A batch order as the API answers it; unpaid and payable unless overridden, with the abilities of a
 * unit manager in its state (`caller`: of staff who may pass or refund).
 */
export function buildBatchOrder(
  overrides: Partial<BatchOrderItem> = {},
  caller: { pass?: boolean; refund?: boolean } = {},
): BatchOrderItem {
  const order: Omit<BatchOrderItem, 'abilities'> = {
    id: 31,
    batchNo: 'B20261126093000123456',
    unitId: 5,
    unitName: '演示培训单位',
    unitClassId: 4,
    unitClassName: '演示单位安全班',
    className: '安全生产培训班',
    status: 'CREATED',
    channel: null,
    orderCount: 2,
    totalAmount: 52000,
    paidAmount: 0,
    transactionId: null,
    remark: null,
    importId: 8,
    importFinished: true,
    payable: true,
    createdAt: '2026-11-26T01:30:00.000Z',
    paidAt: null,
    cancelledAt: null,
    ...overrides,
  };
  return { ...order, abilities: overrides.abilities ?? batchAbilities(order, caller) };
}

/** A child order of the batch order; unpaid unless overridden. */
export function buildChildOrder(overrides: Partial<BatchChildOrder> = {}): BatchChildOrder {
  return {
    orderId: 101,
    orderNo: 'D20261126093000000101',
    accountId: 21,
    realName: '张三',
    idCardNo: '370102********1238',
    mobile: '13800000000',
    amount: 26000,
    status: 'UNPAID',
    myClassId: 61,
    myClassStatus: 'PENDING_PAY',
    ...overrides,
  };
}

/** An import as the API answers it; running (VALIDATING) unless overridden. */
export function buildImport(overrides: Partial<UnitImportView> = {}): UnitImportView {
  return {
    id: 8,
    unitId: 5,
    unitClassId: 4,
    unitClassName: '演示单位安全班',
    fileName: '第一批学员.xlsx',
    status: 'VALIDATING',
    total: 3,
    processed: 0,
    okCount: 0,
    failedCount: 0,
    message: null,
    batchOrderId: null,
    finished: false,
    createdAt: '2026-11-26T01:29:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** One page holding `list`. */
export const pageOf = <T>(list: T[]): PageAnswer<T> => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});
