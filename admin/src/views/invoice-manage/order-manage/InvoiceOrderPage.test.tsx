import type { InvoiceOrderRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  checkInvoiceReOpen,
  listInvoiceOrders,
  markAllInvoiceOrders,
  markInvoiceOrder,
  openInvoice,
} from '../../../api/invoice';
import { pickDateRange } from '../../../testing/date-pickers';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { InvoiceOrderPage } from './InvoiceOrderPage';

jest.mock('../../../api/invoice', () => ({
  listInvoiceOrders: jest.fn(),
  markInvoiceOrder: jest.fn(),
  markAllInvoiceOrders: jest.fn(),
  checkInvoiceReOpen: jest.fn(),
  openInvoice: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/invoice-manage/order-manage']);

const row = (overrides: Partial<InvoiceOrderRow>): InvoiceOrderRow => ({
  orderId: 1,
  orderNo: 'D202611270001',
  studentName: '张三',
  mobile: '13800000001',
  unitName: null,
  byUnit: false,
  classNames: ['安全生产班'],
  orderStatus: 'PAID',
  paidAt: '2026-11-20T02:00:00.000Z',
  paidAmount: 12_800,
  refundedAmount: 2_800,
  invoicedAmount: 0,
  invoiceableAmount: 10_000,
  invoiceState: 'NONE',
  invoiceId: null,
  invoiceStatus: null,
  invoiceNumber: null,
  marked: false,
  abilities: { canMark: true, markRefusal: null },
  ...overrides,
});
const NONE = row({});
const PENDING = row({
  orderId: 2,
  orderNo: 'D202611270002',
  studentName: '李四',
  invoiceState: 'PENDING',
  invoiceId: 41,
  invoiceStatus: 'PENDING',
  invoicedAmount: 12_800,
  refundedAmount: 0,
  invoiceableAmount: 0,
  abilities: { canMark: false, markRefusal: '订单 D202611270002 已有待处理的开票申请，请开票或驳回该申请' },
});

/** A button by its text (antd spaces out two-character labels of some buttons: 查 询). */
const button = (scope: HTMLElement, name: string) =>
  within(scope)
    .getByText((content) => content.replace(/\s/g, '') === name, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector(`#${id}`) as HTMLInputElement;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

beforeEach(() => {
  jest
    .mocked(listInvoiceOrders)
    .mockReset()
    .mockResolvedValue({ list: [NONE, PENDING], total: 2, pageNum: 1, pageSize: 10 });
  jest
    .mocked(markInvoiceOrder)
    .mockReset()
    .mockResolvedValue(row({ invoiceState: 'ISSUED' }));
  jest
    .mocked(markAllInvoiceOrders)
    .mockReset()
    .mockResolvedValue({ marked: 3, orderNos: ['D1', 'D2', 'D3'] });
  jest.mocked(checkInvoiceReOpen).mockReset().mockResolvedValue({
    allowed: true,
    reason: null,
    amount: 10_000,
    invoiceId: null,
    reversedBefore: false,
    invoiceState: 'NONE',
  });
  jest.mocked(openInvoice).mockReset();
});

test('lists orders with their invoicing state and amounts; 标记 asks check-re-open, then marks with the remark', async () => {
  renderScreen(<InvoiceOrderPage />, STAFF, '/invoice-manage/order-manage');
  const none = await rowOf('张三');
  expect(within(none).getByText('未开票')).toBeTruthy();
  expect(within(none).getByText('¥100.00')).toBeTruthy();
  expect(within(none).getByText('退 ¥28.00')).toBeTruthy();
  const pending = await rowOf('李四');
  expect(within(pending).getByText('待开票', { selector: '.ant-tag' })).toBeTruthy();
  expect(within(pending).queryByText('标记')).toBeNull();

  fireEvent.click(button(none, '标记'));
  await waitFor(() => expect(checkInvoiceReOpen).toHaveBeenCalledWith(1));
  await waitFor(() => expect(field('invoice-order-mark_remark')).toBeTruthy());
  const remark = field('invoice-order-mark_remark');
  fireEvent.change(remark, { target: { value: '线下开具纸质发票' } });
  fireEvent.change(field('invoice-order-mark_invoiceNumber'), { target: { value: '12345678' } });
  const dialog = remark.closest('.ant-modal') as HTMLElement;
  fireEvent.click(button(dialog, '标记'));
  await waitFor(() =>
    expect(markInvoiceOrder).toHaveBeenCalledWith({
      orderId: 1,
      remark: '线下开具纸质发票',
      invoiceNumber: '12345678',
    }),
  );
  await waitFor(() => expect(listInvoiceOrders).toHaveBeenCalledTimes(2));
});

test("标记 follows the row's abilities: an order whose refund application is open shows it disabled with the reason", async () => {
  const reason = '订单 D202611270003 有处理中的退款申请，退款处理完成后才能标记开票';
  jest.mocked(listInvoiceOrders).mockResolvedValue({
    list: [
      row({
        orderId: 3,
        orderNo: 'D202611270003',
        studentName: '王五',
        abilities: { canMark: false, markRefusal: reason },
      }),
    ],
    total: 1,
    pageNum: 1,
    pageSize: 10,
  });
  renderScreen(<InvoiceOrderPage />, STAFF, '/invoice-manage/order-manage');
  const mark = button(await rowOf('王五'), '标记');
  expect(mark.disabled).toBe(true);
  fireEvent.mouseEnter(mark.parentElement as HTMLElement);
  expect(await screen.findByText(reason)).toBeTruthy();
  fireEvent.click(mark);
  expect(checkInvoiceReOpen).not.toHaveBeenCalled();
});

test('标记 refused by check-re-open shows why and opens no dialog', async () => {
  jest.mocked(checkInvoiceReOpen).mockResolvedValue({
    allowed: false,
    reason: '该订单已开票，如需重新开票请先红冲',
    amount: 10_000,
    invoiceId: 9,
    reversedBefore: false,
    invoiceState: 'ISSUED',
  });
  renderScreen(<InvoiceOrderPage />, STAFF, '/invoice-manage/order-manage');
  fireEvent.click(button(await rowOf('张三'), '标记'));
  expect(await screen.findByText('该订单已开票，如需重新开票请先红冲')).toBeTruthy();
  expect(markInvoiceOrder).not.toHaveBeenCalled();
});

test('开票 opens the waiting application through invoice/open', async () => {
  renderScreen(<InvoiceOrderPage />, STAFF, '/invoice-manage/order-manage');
  fireEvent.click(button(await rowOf('李四'), '开票'));
  await waitFor(() => expect(openInvoice).toHaveBeenCalledWith(41));
});

test('filters by a picked 支付日期 range; 全部标记 sends the applied filters and a remark', async () => {
  renderScreen(<InvoiceOrderPage />, STAFF, '/invoice-manage/order-manage');
  await rowOf('张三');
  pickDateRange(screen.getByLabelText('支付日期'), '2026-11-01', '2026-11-30');
  fireEvent.change(document.querySelector('#invoice-order-filters_student') as HTMLInputElement, {
    target: { value: ' 张三 ' },
  });
  fireEvent.click(button(document.querySelector('.ant-card') as HTMLElement, '查询'));
  await waitFor(() =>
    expect(listInvoiceOrders).toHaveBeenLastCalledWith({
      student: '张三',
      paidFrom: '2026-11-01',
      paidTo: '2026-11-30',
      pageNum: 1,
      pageSize: 10,
    }),
  );

  fireEvent.click(button(document.querySelector('.ant-card') as HTMLElement, '全部标记'));
  await waitFor(() => expect(field('invoice-order-mark-all_remark')).toBeTruthy());
  const remark = field('invoice-order-mark-all_remark');
  fireEvent.change(remark, { target: { value: '年底统一开具' } });
  fireEvent.click(button(remark.closest('.ant-modal') as HTMLElement, '全部标记'));
  await waitFor(() =>
    expect(markAllInvoiceOrders).toHaveBeenCalledWith({
      student: '张三',
      paidFrom: '2026-11-01',
      paidTo: '2026-11-30',
      remark: '年底统一开具',
    }),
  );
  expect(await screen.findByText('已标记 3 个订单', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
});
