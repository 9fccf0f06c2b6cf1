import type { AccountInfo } from '@px/api/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import {
  cancelBatchOrder,
  fetchBatchPayQr,
  getBatchOrder,
  getBatchOrderPaid,
  pageBatchOrderChildren,
  pageBatchOrders,
  passBatchOrder,
  payBatchOrder,
  refundBatchOrderChildren,
  removeBatchOrderChildren,
} from '../../../api/unit-import';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import { BatchPayOrderPage } from './BatchPayOrderPage';
import { batchAbilities, buildBatchOrder, buildChildOrder, pageOf } from './batch-order-test-data';
import { BATCH_PAY_POLL_MS } from './components/BatchPayModal';

jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));
jest.mock('../../../api/unit-import', () => ({
  pageBatchOrders: jest.fn(),
  getBatchOrder: jest.fn(),
  pageBatchOrderChildren: jest.fn(),
  payBatchOrder: jest.fn(),
  fetchBatchPayQr: jest.fn(),
  getBatchOrderPaid: jest.fn(),
  passBatchOrder: jest.fn(),
  removeBatchOrderChildren: jest.fn(),
  refundBatchOrderChildren: jest.fn(),
  cancelBatchOrder: jest.fn(),
}));

configure({ defaultHidden: true });
stubComputedStyles();

const UNIT_MANAGER: AccountInfo = {
  ...buildAccountInfo(['/home', '/train-manage/batch-pay-order', '/order-manage/detail'], {
    roleSystem: 4,
    roleName: '单位管理员',
  }),
  unitId: 5,
};
const STAFF = buildAccountInfo([
  '/home',
  '/train-manage/batch-pay-order',
  '/order-manage/detail',
  '/order-manage/free-order',
]);
const PATH = '/train-manage/batch-pay-order?id=31';

const ORDER = buildBatchOrder();
const PAID = buildBatchOrder({
  status: 'PAID',
  channel: 'WX_NATIVE',
  paidAmount: 52000,
  payable: false,
  transactionId: '4200000000202611261234567890',
  paidAt: '2026-11-26T02:00:00.000Z',
});
const ZHANG_SAN = buildChildOrder();
const LI_SI = buildChildOrder({
  orderId: 102,
  orderNo: 'D20261126093000000102',
  accountId: 22,
  realName: '李四',
  idCardNo: '370102********2012',
  mobile: '13800000001',
});

const detailMock = jest.mocked(getBatchOrder);
const childrenMock = jest.mocked(pageBatchOrderChildren);
const button = (text: string, container: HTMLElement = document.body) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const queryButton = (text: string) =>
  screen.queryByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' });
/** The OK button of the open Popconfirm (click it, then wait at once, so its answer settles in act). */
const confirmButton = (text: string) =>
  screen.findByText((c) => c.replace(/\s/g, '') === text, { selector: '.ant-popconfirm button span' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function openDetail(info = UNIT_MANAGER) {
  const rendered = renderScreen(<BatchPayOrderPage />, info, PATH);
  await screen.findByText(ORDER.batchNo);
  await screen.findByText(ZHANG_SAN.orderNo);
  return rendered;
}

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:pay-qr'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  jest
    .mocked(pageBatchOrders)
    .mockReset()
    .mockResolvedValue(pageOf([ORDER]));
  detailMock.mockReset().mockResolvedValue(ORDER);
  childrenMock.mockReset().mockResolvedValue(pageOf([ZHANG_SAN, LI_SI]));
  jest.mocked(payBatchOrder).mockReset();
  jest
    .mocked(fetchBatchPayQr)
    .mockReset()
    .mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
  jest.mocked(getBatchOrderPaid).mockReset();
  jest.mocked(passBatchOrder).mockReset();
  jest.mocked(removeBatchOrderChildren).mockReset();
  jest.mocked(cancelBatchOrder).mockReset();
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([{ id: 5, name: '演示培训单位' }]);
});

afterEach(() => jest.useRealTimers());

describe('BatchPayOrderPage', () => {
  it('without an id lists the batch orders with filters and a way to each', async () => {
    renderScreen(<BatchPayOrderPage />, STAFF, '/train-manage/batch-pay-order');
    const row = (await screen.findByText(ORDER.batchNo)).closest('tr') as HTMLElement;
    expect(jest.mocked(pageBatchOrders)).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    for (const text of ['演示培训单位', '演示单位安全班', '安全生产培训班', '¥520.00', '待支付'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('查看').getAttribute('href')).toBe('/train-manage/batch-pay-order?id=31');
    fireEvent.change(document.querySelector('#batch-order-filters_batchNo') as HTMLInputElement, {
      target: { value: ' B2026 ' },
    });
    fireEvent.mouseDown(document.querySelector('#batch-order-filters_status') as HTMLElement);
    fireEvent.click(await screen.findByText('已支付', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button('查询'));
    await waitFor(() =>
      expect(jest.mocked(pageBatchOrders)).toHaveBeenLastCalledWith({
        pageNum: 1,
        pageSize: 10,
        unitId: undefined,
        status: 'PAID',
        batchNo: 'B2026',
      }),
    );
  });

  it('shows the batch order head and its students’ orders', async () => {
    await openDetail();
    expect(detailMock).toHaveBeenCalledWith(31);
    for (const text of ['演示培训单位', '演示单位安全班', '安全生产培训班', '¥520.00', '待支付'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(childrenMock).toHaveBeenCalledWith({ id: 31, pageNum: 1, pageSize: 10 });
    const row = rowOf(ZHANG_SAN.orderNo);
    for (const text of ['张三', '370102********1238', '13800000000', '¥260.00'])
      expect(within(row).getByText(text)).toBeTruthy();
    // The order's state (待支付) and the enrolment's (待支付, PENDING_PAY) are two tags.
    expect(within(row).getAllByText('待支付')).toHaveLength(2);
    // A unit manager has no 免费开通 grant.
    expect(queryButton('线下缴费/免费开通')).toBeNull();
    expect(button('扫码支付')).toBeTruthy();

    fireEvent.change(document.querySelector('#batch-children-filters_student') as HTMLInputElement, {
      target: { value: ' 李四 ' },
    });
    fireEvent.click(button('查询'));
    await waitFor(() =>
      expect(childrenMock).toHaveBeenLastCalledWith({ id: 31, pageNum: 1, pageSize: 10, student: '李四' }),
    );
  });

  it('pays by scanning: shows the QR code and the simulator link, polls every 2 s until paid, then reads the order again', async () => {
    jest.mocked(payBatchOrder).mockResolvedValue({
      kind: 'NATIVE',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
      simulatorScanUrl: 'http://127.0.0.1:9000/__sim/scan?code=abc',
    });
    jest
      .mocked(getBatchOrderPaid)
      .mockResolvedValueOnce({ id: 31, status: 'CREATED', paid: false })
      .mockResolvedValue({ id: 31, status: 'PAID', paid: true });
    await openDetail();
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(button('扫码支付'));
    });
    expect(jest.mocked(payBatchOrder)).toHaveBeenCalledWith(31);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('扫码支付')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(jest.mocked(fetchBatchPayQr)).toHaveBeenCalledWith(31);
    expect(within(dialog).getByAltText('支付二维码').getAttribute('src')).toBe('blob:pay-qr');
    const simulator = within(dialog).getByText('模拟扫码');
    expect(simulator.getAttribute('href')).toBe('http://127.0.0.1:9000/__sim/scan?code=abc');
    expect(simulator.getAttribute('target')).toBe('_blank');

    detailMock.mockResolvedValue(PAID);
    childrenMock.mockResolvedValue(pageOf([{ ...ZHANG_SAN, status: 'PAID', myClassStatus: 'STUDYING' }]));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BATCH_PAY_POLL_MS);
    });
    expect(jest.mocked(getBatchOrderPaid)).toHaveBeenCalledTimes(1);
    expect(jest.mocked(getBatchOrderPaid)).toHaveBeenLastCalledWith(31, { quiet: true });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BATCH_PAY_POLL_MS);
    });
    expect(jest.mocked(getBatchOrderPaid)).toHaveBeenCalledTimes(2);
    // Paid: the dialog closes, the polling stops and the page reads the order and its children again.
    expect(screen.getByText('支付成功')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BATCH_PAY_POLL_MS * 3);
    });
    expect(jest.mocked(getBatchOrderPaid)).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
    expect(detailMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('4200000000202611261234567890')).toBeTruthy();
    expect(screen.getByText('微信扫码支付')).toBeTruthy();
    expect(queryButton('扫码支付')).toBeNull();
    expect(queryButton('取消订单')).toBeNull();
    await waitFor(() => expect(within(rowOf(ZHANG_SAN.orderNo)).getByText('学习中')).toBeTruthy());
  });

  it('reads the order again when paying finds it paid already', async () => {
    jest.mocked(payBatchOrder).mockResolvedValue({ kind: 'PAID' });
    await openDetail();
    detailMock.mockResolvedValue(PAID);
    fireEvent.click(button('扫码支付'));
    expect(await screen.findByText('批量订单已支付')).toBeTruthy();
    await waitFor(() => expect(queryButton('扫码支付')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels after a confirmation', async () => {
    jest
      .mocked(cancelBatchOrder)
      .mockResolvedValue(
        buildBatchOrder({ status: 'CANCELLED', payable: false, cancelledAt: '2026-11-26T03:00:00.000Z' }),
      );
    await openDetail();
    fireEvent.click(button('取消订单'));
    fireEvent.click(await confirmButton('取消订单'));
    await waitFor(() => expect(jest.mocked(cancelBatchOrder)).toHaveBeenCalledWith(31));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(queryButton('扫码支付')).toBeNull();
    expect(screen.getByText('取消时间')).toBeTruthy();
  });

  it('takes chosen students out of the unpaid batch order', async () => {
    jest
      .mocked(removeBatchOrderChildren)
      .mockResolvedValue(buildBatchOrder({ orderCount: 1, totalAmount: 26000 }));
    await openDetail();
    expect(button('移出批量订单').disabled).toBe(true);
    fireEvent.click(within(rowOf(LI_SI.orderNo)).getByRole('checkbox'));
    await waitFor(() => expect(button('移出批量订单').disabled).toBe(false));
    childrenMock.mockResolvedValue(pageOf([ZHANG_SAN]));
    fireEvent.click(button('移出批量订单'));
    fireEvent.click(await confirmButton('移出'));
    await waitFor(() => expect(jest.mocked(removeBatchOrderChildren)).toHaveBeenCalledWith(31, [102]));
    expect(await screen.findByText('已移出 1 名学员')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(LI_SI.orderNo)).toBeNull());
    // The head shows the batch order the removal answered.
    expect(
      within(document.querySelector('.ant-descriptions') as HTMLElement).getByText('¥260.00'),
    ).toBeTruthy();
  });

  it('lets staff holding 退款申请 refund chosen paid students, with a required reason; unit managers cannot', async () => {
    const paidZhang = { ...ZHANG_SAN, status: 'PAID' as const, myClassStatus: 'STUDYING' as const };
    const paidLi = { ...LI_SI, status: 'PAID' as const, myClassStatus: 'STUDYING' as const };
    detailMock.mockResolvedValue({ ...PAID, abilities: batchAbilities(PAID, { refund: true }) });
    childrenMock.mockResolvedValue(pageOf([paidZhang, paidLi]));
    const refunder = buildAccountInfo(['/home', '/order-manage/detail', '/invoice-manage/refund-list']);
    jest.mocked(refundBatchOrderChildren).mockResolvedValue({
      refunds: [
        {
          orderId: 102,
          orderNo: LI_SI.orderNo,
          orderStatus: 'REFUNDING',
          refundStatus: 'REFUNDING',
          amount: 26000,
          outRefundNo: `${LI_SI.orderNo}R01`,
        },
      ],
    });
    renderScreen(<BatchPayOrderPage />, refunder, PATH);
    await screen.findByText(ZHANG_SAN.orderNo);
    expect(button('退款').disabled).toBe(true);
    fireEvent.click(within(rowOf(LI_SI.orderNo)).getByRole('checkbox'));
    await waitFor(() => expect(button('退款').disabled).toBe(false));
    fireEvent.click(button('退款'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(button('确定退款', dialog));
    expect(await within(dialog).findByText('请填写退款原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('退款原因'), { target: { value: ' 职工离职 ' } });
    fireEvent.click(button('确定退款', dialog));
    await waitFor(() =>
      expect(jest.mocked(refundBatchOrderChildren)).toHaveBeenCalledWith(31, [102], '职工离职'),
    );
    expect(await screen.findByText('已提交 1 个订单的退款，微信支付处理后到账')).toBeTruthy();
  });

  it('offers no refund to a unit manager', async () => {
    detailMock.mockResolvedValue(PAID);
    childrenMock.mockResolvedValue(pageOf([{ ...ZHANG_SAN, status: 'PAID' }]));
    renderScreen(<BatchPayOrderPage />, UNIT_MANAGER, PATH);
    await screen.findByText(ZHANG_SAN.orderNo);
    expect(queryButton('退款')).toBeNull();
  });

  it('lets staff holding 免费开通 pass the batch order offline or free, with a required remark', async () => {
    detailMock.mockResolvedValue(buildBatchOrder({}, { pass: true }));
    jest
      .mocked(passBatchOrder)
      .mockResolvedValue(
        buildBatchOrder(
          { status: 'PAID', channel: 'FREE', payable: false, remark: '单位统一补贴' },
          { pass: true },
        ),
      );
    await openDetail(STAFF);
    fireEvent.click(button('线下缴费/免费开通'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(button('确定', dialog));
    expect(await within(dialog).findByText('请填写说明')).toBeTruthy();
    expect(jest.mocked(passBatchOrder)).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText('免费开通'));
    fireEvent.change(within(dialog).getByLabelText('说明'), { target: { value: ' 单位统一补贴 ' } });
    fireEvent.click(button('确定', dialog));
    await waitFor(() =>
      expect(jest.mocked(passBatchOrder)).toHaveBeenCalledWith({
        id: 31,
        channel: 'FREE',
        remark: '单位统一补贴',
      }),
    );
    expect(await screen.findByText('已免费开通')).toBeTruthy();
    await waitFor(() => expect(queryButton('线下缴费/免费开通')).toBeNull());
    expect(screen.getByText('单位统一补贴')).toBeTruthy();
  });

  it('says why an unpaid batch order cannot be paid while its import runs, and offers no change', async () => {
    detailMock.mockResolvedValue(buildBatchOrder({ importFinished: false, payable: false }, { pass: true }));
    await openDetail(STAFF);
    expect(screen.getByText('学员导入尚未完成，请稍后再试')).toBeTruthy();
    expect(queryButton('扫码支付')).toBeNull();
    expect(queryButton('线下缴费/免费开通')).toBeNull();
    // The server refuses every change until the import has ended.
    expect(queryButton('取消订单')).toBeNull();
    expect(queryButton('移出批量订单')).toBeNull();
  });

  it("follows the order's abilities, not the role's grants: what the server refuses is not offered, and why it cannot be paid is said", async () => {
    // Staff holding 免费开通, but the server refuses passing and changing (e.g. the batch has no
    // students left), and paying says why.
    const empty = buildBatchOrder({ orderCount: 0, totalAmount: 0, payable: false }, { pass: true });
    detailMock.mockResolvedValue({
      ...empty,
      abilities: { ...empty.abilities, canCancel: false, cancelRefusal: '批量订单已不是待支付状态' },
    });
    await openDetail(STAFF);
    expect(screen.getByText('批量订单中没有学员')).toBeTruthy();
    expect(queryButton('扫码支付')).toBeNull();
    expect(queryButton('线下缴费/免费开通')).toBeNull();
    expect(queryButton('取消订单')).toBeNull();
    expect(queryButton('移出批量订单')).toBeTruthy();
  });
});

describe('BatchPayOrderPage while a payment is open', () => {
  it('stops asking and reads the order again when it was cancelled elsewhere', async () => {
    jest.mocked(payBatchOrder).mockResolvedValue({
      kind: 'NATIVE',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
      simulatorScanUrl: null,
    });
    jest.mocked(getBatchOrderPaid).mockResolvedValue({ id: 31, status: 'CANCELLED', paid: false });
    await openDetail();
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(button('扫码支付'));
    });
    expect(within(screen.getByRole('dialog')).queryByText('模拟扫码')).toBeNull();
    detailMock.mockResolvedValue(buildBatchOrder({ status: 'CANCELLED', payable: false }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BATCH_PAY_POLL_MS);
    });
    expect(screen.getByText('批量订单已不能支付')).toBeTruthy();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(BATCH_PAY_POLL_MS * 3);
    });
    expect(jest.mocked(getBatchOrderPaid)).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
    expect(await screen.findByText('已取消')).toBeTruthy();
  });
});
