import type { BatchChildOrder, BatchOrderItem, PageAnswer, UnitImportView } from '@px/api/contract';

/** A batch order as the API answers it; unpaid and payable unless overridden. */
export function buildBatchOrder(overrides: Partial<BatchOrderItem> = {}): BatchOrderItem {
  return {
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
