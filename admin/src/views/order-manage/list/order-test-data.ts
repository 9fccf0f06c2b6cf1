import type { ClassOption, OrderDetail, OrderRow, StudentOption } from '@px/api/contract';
import { buildAccountInfo } from '../../../testing/render-app';

/** Test data of the order list's tests (not a test file itself). */

/** Order staff holding the list and the 免费开通 grant. */
export const ORDER_STAFF = buildAccountInfo(['/home', '/order-manage/list', '/order-manage/free-order']);

/** Finance: the list without the 免费开通 grant. */
export const ORDER_READER = buildAccountInfo(['/home', '/order-manage/list', '/order-manage/detail']);

/** An order as the list shows it: by default a paid WeChat order of 李四 for one class. */
export function buildOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 1,
    orderNo: 'D20250301101500123456',
    status: 'PAID',
    channel: 'WX_JSAPI',
    totalAmount: 9800,
    paidAmount: 9800,
    refundedAmount: 0,
    items: [
      { id: 131, refunded: false, classId: 31, className: '安全生产法专题班', year: 2025, amount: 9800 },
    ],
    createdAt: '2025-03-01T02:15:00.000Z',
    expiresAt: null,
    paidAt: '2025-03-01T02:16:00.000Z',
    closedAt: null,
    closeReason: null,
    byUnit: false,
    batchOrderId: null,
    accountId: 51,
    studentName: '李四',
    idCardNo: '370102********2012',
    mobile: '13800000001',
    unitId: 9,
    unitName: '演示培训单位',
    transactionId: '4200001234202503011234567890',
    remark: null,
    createdByName: null,
    ...overrides,
  };
}

/** An unpaid order of 王五 with an open Native payment. */
export const UNPAID = buildOrderRow({
  id: 2,
  orderNo: 'D20250302091000654321',
  status: 'UNPAID',
  channel: null,
  totalAmount: 12000,
  paidAmount: 0,
  items: [
    {
      id: 132,
      refunded: false,
      classId: 32,
      className: '职业道德与安全素养提升班',
      year: 2025,
      amount: 12000,
    },
  ],
  createdAt: '2025-03-02T01:10:00.000Z',
  expiresAt: '2025-03-02T01:40:00.000Z',
  paidAt: null,
  accountId: 52,
  studentName: '王五',
  idCardNo: '370103********3028',
  mobile: '13800000002',
  unitId: null,
  unitName: null,
  transactionId: null,
});

/** The detail of the unpaid order: one open Native attempt and its creation in the log. */
export const UNPAID_DETAIL: OrderDetail = {
  ...UNPAID,
  attempts: [
    {
      outTradeNo: 'D20250302091000654321P01',
      channel: 'WX_NATIVE',
      status: 'OPEN',
      mchId: '1900000109',
      transactionId: null,
      amount: 12000,
      createdAt: '2025-03-02T01:11:00.000Z',
      paidAt: null,
    },
  ],
  logs: [
    {
      fromStatus: null,
      toStatus: 'UNPAID',
      source: 'STUDENT',
      actorName: '王五',
      reason: null,
      createdAt: '2025-03-02T01:10:00.000Z',
    },
  ],
};

/** Students the 免费开通 picker finds. */
export const ZHANG_SAN: StudentOption = {
  id: 61,
  realName: '张三',
  idCardNo: '370102********1238',
  mobile: '13800000000',
  unitName: '演示培训单位',
};
export const ZHAO_LIU: StudentOption = {
  id: 62,
  realName: '赵六',
  idCardNo: '370112********1532',
  mobile: '13800000003',
  unitName: null,
};

/** Classes the pickers find: two on the shelf, one off it. */
export const CLASS_OPTIONS: ClassOption[] = [
  { id: 31, name: '安全生产法专题班', year: 2025, amount: 9800, onShelf: true },
  { id: 32, name: '职业道德与安全素养提升班', year: 2025, amount: 12000, onShelf: true },
  { id: 33, name: '建筑工程专业科目综合班', year: 2025, amount: 26000, onShelf: false },
];
