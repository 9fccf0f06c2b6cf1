import type { OrderPage, OrderRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import {
  createFreeOrders,
  exportOrders,
  findClassOptions,
  findStudentOptions,
  getOrder,
  listOrders,
  queryOrderWechat,
} from '../../../api/order';
import { pickDateRange } from '../../../testing/date-pickers';
import { showAllListColumns } from '../../../testing/list-columns';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { OrderListPage } from './OrderListPage';
import {
  buildOrderRow,
  CLASS_OPTIONS,
  ORDER_READER,
  ORDER_STAFF,
  UNPAID,
  UNPAID_DETAIL,
  ZHANG_SAN,
} from './order-test-data';

jest.mock('../../../api/order', () => ({
  listOrders: jest.fn(),
  exportOrders: jest.fn(),
  getOrder: jest.fn(),
  queryOrderWechat: jest.fn(),
  findClassOptions: jest.fn(),
  findStudentOptions: jest.fn(),
  createFreeOrders: jest.fn(),
}));
jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listOrders);
const PAID = buildOrderRow();
const FREE = buildOrderRow({
  id: 3,
  orderNo: 'D20250303080000111111',
  channel: 'FREE',
  paidAmount: 0,
  studentName: '张三',
  transactionId: null,
  remark: '单位统一补贴',
  createdByName: '项目管理员',
});

const page = (list: OrderRow[]): OrderPage => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** A button by its text (antd spaces out two-character labels of some buttons: 查 询). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const openOption = (text: string) =>
  screen.findByText(text, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' });

async function openPage() {
  const rendered = renderScreen(<OrderListPage />, ORDER_STAFF, '/order-manage/list');
  await screen.findByText(UNPAID.orderNo);
  return rendered;
}

async function choose(selectId: string, option: string) {
  fireEvent.mouseDown(input(selectId));
  fireEvent.click(await openOption(option));
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('order-manage/list');
  listMock.mockReset().mockResolvedValue(page([UNPAID, PAID, FREE]));
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([
      { id: 9, name: '演示培训单位' },
      { id: 10, name: '第二培训单位' },
    ]);
  jest.mocked(findClassOptions).mockReset().mockResolvedValue(CLASS_OPTIONS);
  jest.mocked(findStudentOptions).mockReset().mockResolvedValue([ZHANG_SAN]);
  jest
    .mocked(exportOrders)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
  jest.mocked(getOrder).mockReset().mockResolvedValue(UNPAID_DETAIL);
  jest.mocked(queryOrderWechat).mockReset();
  jest.mocked(createFreeOrders).mockReset();
});

describe('OrderListPage', () => {
  it('shows each order: number, student, unit, classes, amounts in yuan, state, channel, times, remark', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const paid = rowOf(PAID.orderNo);
    for (const text of [
      '李四',
      '370102********2012',
      '13800000001',
      '演示培训单位',
      '安全生产法专题班',
      '¥98.00',
      '实付 ¥98.00',
      '已支付',
      '微信支付',
      formatDateTime(PAID.createdAt, 'YYYY-MM-DD HH:mm'),
      `支付 ${formatDateTime(PAID.paidAt, 'YYYY-MM-DD HH:mm')}`,
    ])
      expect(within(paid).getByText(text)).toBeTruthy();
    const free = rowOf(FREE.orderNo);
    for (const text of ['免费开通', '实付 ¥0.00', '单位统一补贴'])
      expect(within(free).getByText(text)).toBeTruthy();
    const unpaid = rowOf(UNPAID.orderNo);
    expect(within(unpaid).getByText('待支付')).toBeTruthy();
    // 查询微信 only for the unpaid order.
    expect(within(unpaid).getByRole('button', { name: '查询微信' })).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: '查询微信' })).toBeNull();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('sends every filter from the first page, and resets', async () => {
    await openPage();
    fireEvent.change(input('order-filters_orderNo'), { target: { value: ' D20250302091000654321 ' } });
    fireEvent.change(input('order-filters_student'), { target: { value: ' 王五 ' } });
    await choose('order-filters_status', '待支付');
    await choose('order-filters_channel', '微信扫码支付');
    fireEvent.mouseDown(input('order-filters_classId'));
    fireEvent.change(input('order-filters_classId'), { target: { value: '职业' } });
    await waitFor(() => expect(findClassOptions).toHaveBeenLastCalledWith('职业'));
    fireEvent.click(await openOption('职业道德与安全素养提升班（2025年）'));
    await choose('order-filters_unitId', '第二培训单位');
    pickDateRange(screen.getByLabelText('下单日期'), '2025-03-01', '2025-03-31');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        orderNo: 'D20250302091000654321',
        student: '王五',
        status: 'UNPAID',
        channel: 'WX_NATIVE',
        classId: 32,
        unitId: 10,
        createdFrom: '2025-03-01',
        createdTo: '2025-03-31',
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.click(button(document.body, '重置'));
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
  });

  it('sends a range picked end first in date order', async () => {
    await openPage();
    pickDateRange(screen.getByLabelText('下单日期'), '2025-03-31', '2025-03-01');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith(
        expect.objectContaining({ createdFrom: '2025-03-01', createdTo: '2025-03-31' }),
      ),
    );
  });

  it('exports the orders of the current filters as 订单列表-<today>.xlsx', async () => {
    await openPage();
    await choose('order-filters_status', '已支付');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'PAID' })),
    );
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() =>
      expect(saveBlobAs).toHaveBeenCalledWith(
        expect.any(Blob),
        `订单列表-${formatDateTime(new Date(), 'YYYYMMDD')}.xlsx`,
      ),
    );
    expect(exportOrders).toHaveBeenCalledWith(expect.objectContaining({ status: 'PAID' }));
    expect(await screen.findByText('导出完成')).toBeTruthy();
  });

  it('asks WeChat about an unpaid order, shows what it said and reloads', async () => {
    jest.mocked(queryOrderWechat).mockResolvedValue({
      status: 'PAID',
      tradeStates: { D20250302091000654321P01: 'SUCCESS' },
      changed: true,
    });
    await openPage();
    fireEvent.click(within(rowOf(UNPAID.orderNo)).getByRole('button', { name: '查询微信' }));
    await waitFor(() => expect(queryOrderWechat).toHaveBeenCalledWith(UNPAID.id));
    expect((await screen.findAllByText(`微信支付查询结果：${UNPAID.orderNo}`)).length).toBeGreaterThan(0);
    expect(screen.getByText('订单状态：待支付 → 已支付（已更新）')).toBeTruthy();
    expect(screen.getByText('商户订单号 D20250302091000654321P01：支付成功（SUCCESS）')).toBeTruthy();
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('says so when WeChat has no payment of the order and nothing changed', async () => {
    jest.mocked(queryOrderWechat).mockResolvedValue({ status: 'UNPAID', tradeStates: {}, changed: false });
    await openPage();
    fireEvent.click(within(rowOf(UNPAID.orderNo)).getByRole('button', { name: '查询微信' }));
    expect(await screen.findByText('订单状态：待支付（未变化）')).toBeTruthy();
    expect(screen.getByText('学员尚未向微信支付发起支付，没有可查询的支付记录。')).toBeTruthy();
  });

  it('opens the detail of an order: fields, classes, payments and the history of its state', async () => {
    await openPage();
    fireEvent.click(within(rowOf(UNPAID.orderNo)).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(getOrder).toHaveBeenCalledWith(UNPAID.id));
    const drawer = (await screen.findByText('支付记录')).closest('.ant-drawer') as HTMLElement;
    for (const text of [
      '王五',
      '370103********3028',
      '¥120.00',
      '支付截止',
      formatDateTime(UNPAID.expiresAt),
      '职业道德与安全素养提升班',
      'D20250302091000654321P01',
      '微信扫码支付',
      '1900000109',
      '创建 → 待支付',
      '学员（王五）',
    ])
      expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
  });

  it('shows 免费开通 to staff holding the grant and reloads after enrolling', async () => {
    jest.mocked(createFreeOrders).mockResolvedValue({
      orders: [{ id: 9, orderNo: 'D20250304000000000009', accountId: ZHANG_SAN.id }],
    });
    await openPage();
    fireEvent.click(button(document.body, '免费开通'));
    const dialog = (await screen.findByText('开通原因')).closest('.ant-modal') as HTMLElement;
    fireEvent.mouseDown(input('free-order-form_accountIds'));
    fireEvent.change(input('free-order-form_accountIds'), { target: { value: '张三' } });
    fireEvent.click(await openOption('张三（370102********1238）'));
    await waitFor(() => expect(findStudentOptions).toHaveBeenCalledWith('张三'));
    fireEvent.mouseDown(input('free-order-form_classIds'));
    fireEvent.click(await openOption('安全生产法专题班（2025年）'));
    fireEvent.change(input('free-order-form_reason'), { target: { value: ' 单位统一补贴 ' } });
    expect(
      await within(dialog).findByText('将创建 1 个订单，每个订单 1 个班级、订单金额 ¥98.00，实付 ¥0.00。'),
    ).toBeTruthy();
    fireEvent.click(button(dialog, '开通'));
    await waitFor(() =>
      expect(createFreeOrders).toHaveBeenCalledWith({
        accountIds: [ZHANG_SAN.id],
        classIds: [31],
        reason: '单位统一补贴',
      }),
    );
    expect(await screen.findByText('已免费开通，创建了 1 个订单')).toBeTruthy();
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('links a unit’s child order to its group-payment detail for roles holding that page', async () => {
    const child = buildOrderRow({
      id: 7,
      orderNo: 'B20250305090000123400001',
      batchOrderId: 42,
      byUnit: true,
    });
    listMock.mockResolvedValue(page([child]));
    renderScreen(<OrderListPage />, ORDER_READER, '/order-manage/list');
    const link = (await screen.findByText('团体缴费订单')).closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toContain('/order-manage/detail?id=42');
  });

  it('names a child order without a link for roles lacking the detail page', async () => {
    const child = buildOrderRow({
      id: 7,
      orderNo: 'B20250305090000123400001',
      batchOrderId: 42,
      byUnit: true,
    });
    listMock.mockResolvedValue(page([child]));
    renderScreen(<OrderListPage />, ORDER_STAFF, '/order-manage/list');
    expect((await screen.findByText('团体缴费订单')).closest('a')).toBeNull();
  });
});

describe('OrderListPage: partial refunds', () => {
  it('shows a paid order with a refunded class as 部分退款 with the amount', async () => {
    listMock.mockResolvedValue(page([UNPAID, buildOrderRow({ refundedAmount: 3000 })]));
    await openPage();
    expect(within(rowOf(PAID.orderNo)).getByText('部分退款 ¥30.00')).toBeTruthy();
  });
});
