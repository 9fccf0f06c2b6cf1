import type { MyClassItem, OrderStatusAnswer, OrderView } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'react-vant';
import wx from 'weixin-js-sdk';
import { listMyClasses } from '../../api/my-class';
import { cancelOrder, checkOrderPaid, findMyOrder, getPayQr, payOrder } from '../../api/order';
import { getSystemInfo } from '../../api/project';
import { getJsSdkConfig } from '../../api/wechat';
import { fakeUserAgent, muteToast, probedLocation, setTokenCookie, WECHAT_UA } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { OrderPayPage } from './OrderPayPage';
import { PAY_POLL_INTERVAL_MS } from './use-order-polling';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/order', () => ({
  findMyOrder: jest.fn(),
  payOrder: jest.fn(),
  getPayQr: jest.fn(),
  checkOrderPaid: jest.fn(),
  cancelOrder: jest.fn(),
}));
jest.mock('../../api/wechat', () => ({ getJsSdkConfig: jest.fn() }));
jest.mock('../../api/my-class', () => ({ listMyClasses: jest.fn() }));
jest.mock('weixin-js-sdk', () => ({
  __esModule: true,
  default: {
    config: jest.fn(),
    ready: jest.fn((callback: () => void) => callback()),
    error: jest.fn(),
    chooseWXPay: jest.fn(),
  },
}));

const findOrder = jest.mocked(findMyOrder);
const pay = jest.mocked(payOrder);
const qr = jest.mocked(getPayQr);
const isPaid = jest.mocked(checkOrderPaid);
const cancel = jest.mocked(cancelOrder);
const chooseWXPay = jest.mocked(wx.chooseWXPay);

/** Now, for the whole file: the countdown and the order's times are read against it. */
const NOW = new Date('2025-03-01T08:10:00.000Z');
const SIM_SCAN_URL =
  'http://127.0.0.1:9100/__sim/pay/native?code_url=weixin%3A%2F%2Fwxpay%2Fbizpayurl%3Fpr%3Dabc';

function buildOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    abilities: {
      canPay: true,
      payRefusal: null,
      canCancel: true,
      cancelRefusal: null,
      canRefund: false,
      refundRefusal: '只能对已支付的订单申请退款',
      canInvoice: false,
      invoiceRefusal: '仅已支付的订单可以开票',
    },
    id: 77,
    orderNo: 'PX202503010800001',
    status: 'UNPAID',
    channel: null,
    totalAmount: 9800,
    paidAmount: 0,
    refundedAmount: 0,
    items: [{ id: 15, refunded: false, classId: 5, className: '安全生产法专题班', year: 2025, amount: 9800 }],
    createdAt: '2025-03-01T08:00:00.000Z',
    // 20 minutes after NOW.
    expiresAt: '2025-03-01T08:30:00.000Z',
    paidAt: null,
    closedAt: null,
    closeReason: null,
    byUnit: false,
    kind: 'CLASS',
    title: null,
    ...overrides,
  };
}

/** An enrolment of the student (`my-class/page`). */
const ENROLMENT: MyClassItem = {
  id: 41,
  classId: 5,
  className: '安全生产法专题班',
  year: 2025,
  status: 'STUDYING',
  studyStartDate: '2025-01-01',
  studyEndDate: '2026-12-31',
  requiredHours: 12,
  electiveHours: 0,
  baseType: 'public',
  creditedRequiredHours: 0,
  creditedElectiveHours: 0,
  studyEnded: false,
  endedAt: null,
  enrolledAt: '2025-03-01T08:11:00.000Z',
  corrections: [],
  canEnd: false,
  endRefusal: '班级合格后才能结束',
  canChangeClass: false,
  changeClassRefusal: '当前班级状态不能转班',
};

const PAID_ORDER = buildOrder({
  status: 'PAID',
  channel: 'WX_NATIVE',
  paidAmount: 9800,
  expiresAt: null,
  paidAt: '2025-03-01T08:11:00.000Z',
});

function status(value: OrderStatusAnswer['status']): OrderStatusAnswer {
  return {
    id: 77,
    status: value,
    paid: value === 'PAID',
    expiresAt: value === 'UNPAID' ? '2025-03-01T08:30:00.000Z' : null,
  };
}

function renderPay(search = '?id=77') {
  return renderScreen(<OrderPayPage />, `/student/order-pay${search}`);
}

/** Lets pending promises and the next `ms` of timers run (fake timers). */
const elapse = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

let createObjectURL: jest.Mock;
let revokeObjectURL: jest.Mock;
let toastSuccess: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ payTip: '支付后可开具发票' }));
  findOrder.mockReset().mockResolvedValue(buildOrder());
  pay.mockReset().mockResolvedValue({
    kind: 'NATIVE',
    codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
    simulatorScanUrl: null,
  });
  qr.mockReset().mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
  isPaid.mockReset().mockResolvedValue(status('UNPAID'));
  cancel.mockReset();
  jest.mocked(listMyClasses).mockReset();
  chooseWXPay.mockReset();
  jest.mocked(wx.config).mockClear();
  jest
    .mocked(getJsSdkConfig)
    .mockReset()
    .mockResolvedValue({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's', bridgeScript: null });
  createObjectURL = jest.fn(() => 'blob:http://localhost/qr-1');
  revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  setTokenCookie('tok');
  toastSuccess = muteToast('success');
});
afterEach(async () => {
  // A button's lock is released a moment after its task: let that happen before the screen goes.
  await waitFor(() => expect(document.querySelector('.rv-button--loading')).toBeNull());
  toastSuccess.mockRestore();
  jest.useRealTimers();
});

describe('OrderPayPage: an unpaid order outside WeChat (Native)', () => {
  it('shows the order, the time left and the QR code, and polls until the order is paid', async () => {
    pay.mockResolvedValue({
      kind: 'NATIVE',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
      simulatorScanUrl: SIM_SCAN_URL,
    });
    isPaid
      .mockResolvedValueOnce(status('UNPAID'))
      .mockResolvedValueOnce(status('UNPAID'))
      .mockResolvedValueOnce(status('PAID'));
    findOrder.mockResolvedValueOnce(buildOrder()).mockResolvedValueOnce(PAID_ORDER);
    renderPay();

    expect(await screen.findByText('待支付')).toBeTruthy();
    expect(screen.getByText('安全生产法专题班')).toBeTruthy();
    expect(screen.getByText('2025 年度')).toBeTruthy();
    expect(screen.getAllByText('¥98.00').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('支付后可开具发票')).toBeTruthy();
    expect(screen.getByText('PX202503010800001')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('剩余支付时间 20:00');
    expect(screen.queryByRole('button', { name: '微信支付' })).toBeNull();

    const image = await screen.findByRole('img', { name: '微信支付二维码' });
    expect(image.getAttribute('src')).toBe('blob:http://localhost/qr-1');
    expect(pay).toHaveBeenCalledWith(77, 'NATIVE');
    expect(qr).toHaveBeenCalledWith(77);
    expect(screen.getByText('请使用微信扫一扫支付')).toBeTruthy();
    const link = screen.getByRole('link', { name: '在微信模拟器中扫码' });
    expect(link.getAttribute('href')).toBe(SIM_SCAN_URL);
    expect(link.getAttribute('target')).toBe('_blank');

    // Checked at once, then every 2 s, until the server says paid.
    await waitFor(() => expect(isPaid).toHaveBeenCalledTimes(1));
    await elapse(PAY_POLL_INTERVAL_MS);
    expect(isPaid).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('timer').textContent).toBe('剩余支付时间 19:58');
    await elapse(PAY_POLL_INTERVAL_MS);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
    expect(isPaid).toHaveBeenCalledTimes(3);
    expect(isPaid).toHaveBeenCalledWith(77);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/qr-1');

    await elapse(PAY_POLL_INTERVAL_MS * 3);
    expect(isPaid).toHaveBeenCalledTimes(3);
    // 去学习 opens the class just bought: its enrolment among the student's newest.
    jest.mocked(listMyClasses).mockResolvedValue({
      list: [
        { ...ENROLMENT, id: 40, classId: 3 },
        { ...ENROLMENT, id: 41, classId: 5 },
      ],
      total: 2,
      pageNum: 1,
      pageSize: 50,
    });
    fireEvent.click(screen.getByRole('button', { name: '去学习' }));
    expect(await probedLocation()).toBe('/student/study-page?myClassId=41');
    expect(listMyClasses).toHaveBeenCalledWith({ pageNum: 1, pageSize: 50, scope: 'current' });
  });

  it('leaves the simulator link out when the answer has none, and stops polling when the page goes away', async () => {
    const { unmount } = renderPay();
    await screen.findByRole('img', { name: '微信支付二维码' });
    expect(screen.queryByRole('link', { name: '在微信模拟器中扫码' })).toBeNull();
    await waitFor(() => expect(isPaid).toHaveBeenCalledTimes(1));
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/qr-1');
    await elapse(PAY_POLL_INTERVAL_MS * 3);
    expect(isPaid).toHaveBeenCalledTimes(1);
  });

  it('keeps 扫码支付 to try again when the payment cannot start', async () => {
    pay.mockRejectedValueOnce(new Error('本项目尚未开通微信支付，请联系客服'));
    renderPay();
    const retry = await screen.findByRole('button', { name: '扫码支付' });
    expect(isPaid).not.toHaveBeenCalled();
    fireEvent.click(retry);
    expect(await screen.findByRole('img', { name: '微信支付二维码' })).toBeTruthy();
    expect(pay).toHaveBeenCalledTimes(2);
  });

  it('checks the order once its time is up and then shows it closed', async () => {
    findOrder
      .mockResolvedValueOnce(buildOrder({ expiresAt: '2025-03-01T08:10:03.000Z' }))
      .mockResolvedValueOnce(buildOrder({ status: 'CLOSED', expiresAt: null, closeReason: 'TIMEOUT' }));
    isPaid.mockResolvedValue(status('UNPAID'));
    pay.mockReturnValue(new Promise(() => undefined));
    renderPay();
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(isPaid).not.toHaveBeenCalled();
    isPaid.mockResolvedValue(status('CLOSED'));
    await elapse(3_000);
    expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeTruthy();
    expect(screen.getByText('该订单超时未支付，如需报名请重新选课下单')).toBeTruthy();
  });
});

describe('OrderPayPage: inside WeChat (JSAPI)', () => {
  const PARAMS = {
    appId: 'wx1',
    timeStamp: '1700000000',
    nonceStr: 'nonce-1',
    package: 'prepay_id=wx201410272009395522657a690389285100',
    signType: 'RSA' as const,
    paySign: 'c2lnbg==',
  };
  let restore: () => void;
  beforeEach(() => {
    restore = fakeUserAgent(WECHAT_UA);
    pay.mockResolvedValue({ kind: 'JSAPI', params: PARAMS });
  });
  afterEach(() => restore());

  it('opens WeChat pay sheet and trusts only the server: a cancelled sheet is followed by polling until paid', async () => {
    chooseWXPay.mockImplementation((options) => options.cancel?.({ errMsg: 'chooseWXPay:cancel' }));
    isPaid.mockResolvedValueOnce(status('UNPAID')).mockResolvedValueOnce(status('PAID'));
    findOrder.mockResolvedValueOnce(buildOrder()).mockResolvedValueOnce(PAID_ORDER);
    renderPay();
    const button = await screen.findByRole('button', { name: '微信支付' });
    await waitFor(() =>
      expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ jsApiList: ['chooseWXPay'] })),
    );
    expect(pay).not.toHaveBeenCalled();
    expect(isPaid).not.toHaveBeenCalled();

    fireEvent.click(button);
    await waitFor(() => expect(chooseWXPay).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledWith(77, 'JSAPI');
    expect(chooseWXPay).toHaveBeenCalledWith(
      expect.objectContaining({
        timestamp: 1700000000,
        nonceStr: 'nonce-1',
        package: PARAMS.package,
        signType: 'RSA',
        paySign: 'c2lnbg==',
      }),
    );
    expect(await screen.findByText('支付完成后页面将自动跳转')).toBeTruthy();
    await waitFor(() => expect(isPaid).toHaveBeenCalledTimes(1));
    await elapse(PAY_POLL_INTERVAL_MS);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
  });

  it('stays unpaid when the sheet says ok but the server does not', async () => {
    chooseWXPay.mockImplementation((options) => options.success({ errMsg: 'chooseWXPay:ok' }));
    renderPay();
    fireEvent.click(await screen.findByRole('button', { name: '微信支付' }));
    await waitFor(() => expect(isPaid).toHaveBeenCalledTimes(1));
    await elapse(PAY_POLL_INTERVAL_MS * 2);
    expect(isPaid).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('heading', { name: '支付成功' })).toBeNull();
    expect(screen.getByText('待支付')).toBeTruthy();
  });

  it('offers 扫码支付 too', async () => {
    renderPay();
    await screen.findByRole('button', { name: '微信支付' });
    pay.mockResolvedValue({
      kind: 'NATIVE',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
      simulatorScanUrl: null,
    });
    fireEvent.click(screen.getByRole('button', { name: '扫码支付' }));
    expect(await screen.findByRole('img', { name: '微信支付二维码' })).toBeTruthy();
    expect(pay).toHaveBeenCalledWith(77, 'NATIVE');
  });

  it('says so when the JS-SDK cannot be configured', async () => {
    jest.mocked(wx.ready).mockImplementationOnce(() => undefined);
    jest
      .mocked(wx.error)
      .mockImplementationOnce((callback) => callback({ errMsg: 'config:invalid signature' }));
    renderPay();
    expect(
      await screen.findByText('微信支付暂不可用（config:invalid signature），请使用扫码支付'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: '微信支付' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('OrderPayPage: other states', () => {
  it('shows an order paid already (a free class) as 报名成功 at once', async () => {
    findOrder.mockResolvedValue(
      buildOrder({
        status: 'PAID',
        channel: 'FREE',
        totalAmount: 0,
        expiresAt: null,
        items: [
          { id: 11, refunded: false, classId: 1, className: '公需科目综合学习班', year: 2025, amount: 0 },
        ],
      }),
    );
    renderPay();
    expect(await screen.findByRole('heading', { name: '报名成功' })).toBeTruthy();
    expect(screen.getByText('免费')).toBeTruthy();
    expect(pay).not.toHaveBeenCalled();
    expect(isPaid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '查看订单' }));
    expect(await probedLocation()).toBe('/my?tab=orders');
  });

  it('leads 去学习 of an order of several classes to 我的班级', async () => {
    findOrder.mockResolvedValue(
      buildOrder({
        ...PAID_ORDER,
        items: [
          { id: 15, refunded: false, classId: 5, className: '安全生产法专题班', year: 2025, amount: 4900 },
          { id: 16, refunded: false, classId: 6, className: '急救常识班', year: 2025, amount: 4900 },
        ],
      }),
    );
    renderPay();
    fireEvent.click(await screen.findByRole('button', { name: '去学习' }));
    expect(await probedLocation()).toBe('/my?tab=classes');
    expect(listMyClasses).not.toHaveBeenCalled();
  });

  it('shows a closed order with the way back to the cart', async () => {
    findOrder.mockResolvedValue(buildOrder({ status: 'CLOSED', expiresAt: null, closeReason: 'CANCELLED' }));
    renderPay();
    expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeTruthy();
    expect(screen.getByText('该订单已取消，如需报名请重新选课下单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回购物车' }));
    expect(await probedLocation()).toBe('/go-pay');
  });

  it('cancels the unpaid order after a confirmation', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    cancel.mockResolvedValue(buildOrder({ status: 'CLOSED', expiresAt: null, closeReason: 'CANCELLED' }));
    try {
      renderPay();
      fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
      expect(await screen.findByRole('heading', { name: '订单已关闭' })).toBeTruthy();
      expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '取消订单' }));
      expect(cancel).toHaveBeenCalledWith(77);
      expect(toastSuccess).toHaveBeenCalledWith('订单已取消');
    } finally {
      confirm.mockRestore();
    }
  });

  it('keeps the order when cancelling is not confirmed', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockRejectedValue(undefined);
    try {
      renderPay();
      const button = await screen.findByRole('button', { name: '取消订单' });
      // The answer of the (mocked) dialog and the lock's release happen in the click's act.
      await act(async () => fireEvent.click(button));
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(cancel).not.toHaveBeenCalled();
      expect(screen.getByText('待支付')).toBeTruthy();
    } finally {
      confirm.mockRestore();
    }
  });

  it('says 订单不存在 for a link without an order id', async () => {
    renderPay('?id=abc');
    expect(await screen.findByText('订单不存在')).toBeTruthy();
    expect(findOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '查看我的订单' }));
    expect(await probedLocation()).toBe('/my?tab=orders');
  });
});
