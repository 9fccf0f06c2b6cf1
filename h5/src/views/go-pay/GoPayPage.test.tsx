import type { CartCheckout, OrderView } from '@px/api/contract';
import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'react-vant';
import { clearCart, findCart, openCart, removeFromCart } from '../../api/cart';
import { checkWaitPay, submitOrder } from '../../api/order';
import { getSystemInfo } from '../../api/project';
import { buildCart, buildCartItem } from '../../components/cart/cart.testing';
import { muteToast, probedLocation, setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { GoPayPage } from './GoPayPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/cart', () => ({
  findCart: jest.fn(),
  removeFromCart: jest.fn(),
  clearCart: jest.fn(),
  openCart: jest.fn(),
}));
jest.mock('../../api/order', () => ({ checkWaitPay: jest.fn(), submitOrder: jest.fn() }));

const find = jest.mocked(findCart);
const remove = jest.mocked(removeFromCart);
const clear = jest.mocked(clearCart);
const open = jest.mocked(openCart);
const waitPay = jest.mocked(checkWaitPay);
const submit = jest.mocked(submitOrder);

const SAFETY = buildCartItem({ id: 31, classId: 5, className: '安全员继续教育班', amount: 9800 });
const FIRST_AID = buildCartItem({
  id: 32,
  classId: 6,
  className: '急救常识班',
  amount: 5000,
  electiveHours: 0,
});
const WITHDRAWN = buildCartItem({
  id: 33,
  classId: 7,
  className: '已下架的班级',
  amount: 3000,
  available: false,
  unavailableReason: 'OFF_SHELF',
});

function renderGoPay(search = '') {
  return renderScreen(<GoPayPage />, `/go-pay${search}`);
}

/** The total the SubmitBar shows (`¥148.00`). */
function shownTotal(): string | null | undefined {
  return document.querySelector('.rv-submit-bar__price')?.textContent;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `选择 ${name}` });

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ payTip: '支付成功后即可开始学习' }));
  find.mockReset().mockResolvedValue(buildCart([SAFETY, FIRST_AID, WITHDRAWN]));
  remove.mockReset().mockResolvedValue({ count: 2 });
  clear.mockReset().mockResolvedValue({ count: 0 });
  open.mockReset();
  waitPay.mockReset().mockResolvedValue({ order: null });
  submit.mockReset();
  setTokenCookie('tok');
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('GoPayPage: the cart', () => {
  it('lists the items with their prices, checks the available ones and totals them', async () => {
    renderGoPay();
    expect(await screen.findByText('安全员继续教育班')).toBeTruthy();
    expect(screen.getByText('¥98.00')).toBeTruthy();
    expect(screen.getByText('¥50.00')).toBeTruthy();
    expect(screen.getAllByText('必修 12.0 学时 · 选修 4.0 学时')).toHaveLength(2);
    expect(screen.getByText('必修 12.0 学时 · 选修 0.0 学时')).toBeTruthy();
    expect(checkbox('安全员继续教育班').getAttribute('aria-checked')).toBe('true');
    expect(checkbox('急救常识班').getAttribute('aria-checked')).toBe('true');
    expect(shownTotal()).toBe('¥148.00');
    expect(screen.getByRole('button', { name: '去结算(2)' })).toBeTruthy();
  });

  it('follows the checked items in the total', async () => {
    renderGoPay();
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 安全员继续教育班' }));
    expect(shownTotal()).toBe('¥50.00');
    expect(screen.getByRole('button', { name: '去结算(1)' })).toBeTruthy();
    fireEvent.click(checkbox('急救常识班'));
    expect(shownTotal()).toBe('¥0.00');
    expect((screen.getByRole('button', { name: '去结算(0)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(shownTotal()).toBe('¥148.00');
  });

  it('preselects the items of ?ids=', async () => {
    renderGoPay('?ids=32');
    await screen.findByText('急救常识班');
    expect(checkbox('安全员继续教育班').getAttribute('aria-checked')).toBe('false');
    expect(checkbox('急救常识班').getAttribute('aria-checked')).toBe('true');
    expect(shownTotal()).toBe('¥50.00');
  });

  it('greys an unavailable item with its reason and never checks it', async () => {
    renderGoPay('?ids=33');
    await screen.findByText('已下架的班级');
    expect(screen.getByText('已下架')).toBeTruthy();
    expect(screen.getByText('已下架的班级').closest('li')?.className).toContain('go-pay__item--unavailable');
    expect(checkbox('已下架的班级').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(checkbox('已下架的班级'));
    expect(checkbox('已下架的班级').getAttribute('aria-checked')).toBe('false');
    expect(shownTotal()).toBe('¥148.00');
  });

  it('deletes one item and shows the cart again', async () => {
    find
      .mockResolvedValueOnce(buildCart([SAFETY, FIRST_AID, WITHDRAWN]))
      .mockResolvedValueOnce(buildCart([SAFETY, WITHDRAWN]));
    renderGoPay();
    fireEvent.click(await screen.findByRole('button', { name: '删除 急救常识班' }));
    await waitFor(() => expect(screen.queryByText('急救常识班')).toBeNull());
    expect(remove).toHaveBeenCalledWith([32]);
    expect(toastSuccess).toHaveBeenCalledWith('已删除');
    expect(shownTotal()).toBe('¥98.00');
  });

  it('empties the cart after a confirmation', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    find.mockResolvedValueOnce(buildCart([SAFETY])).mockResolvedValueOnce(buildCart([]));
    try {
      renderGoPay();
      fireEvent.click(await screen.findByRole('button', { name: '清空' }));
      expect(await screen.findByText('购物车还是空的')).toBeTruthy();
      expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '清空购物车' }));
      expect(clear).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: '去选课' }));
      expect(await probedLocation()).toBe('/classSelectCenter');
    } finally {
      confirm.mockRestore();
    }
  });

  it('keeps the cart when emptying is cancelled', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockRejectedValue(undefined);
    try {
      renderGoPay();
      fireEvent.click(await screen.findByRole('button', { name: '清空' }));
      await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
      expect(clear).not.toHaveBeenCalled();
      expect(screen.getByText('安全员继续教育班')).toBeTruthy();
    } finally {
      confirm.mockRestore();
    }
  });
});

describe('GoPayPage: checkout', () => {
  const CHECKOUT: CartCheckout = {
    items: [FIRST_AID],
    unavailable: [WITHDRAWN],
    totalAmount: 5000,
    payTip: '支付成功后即可开始学习',
  };

  it('sends the checked ids and shows the summary with 提交订单', async () => {
    open.mockResolvedValue(CHECKOUT);
    renderGoPay();
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 安全员继续教育班' }));
    fireEvent.click(screen.getByRole('button', { name: '去结算(1)' }));
    expect(await screen.findByRole('heading', { name: '确认订单' })).toBeTruthy();
    expect(open).toHaveBeenCalledWith([32]);
    expect(screen.getByText('急救常识班')).toBeTruthy();
    expect(screen.getByText('以下班级无法结算')).toBeTruthy();
    expect(screen.getByText('已下架')).toBeTruthy();
    expect(screen.getByText('合计 ¥50.00')).toBeTruthy();
    expect(screen.getByText('支付成功后即可开始学习')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '返回购物车',
      '提交订单',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '返回购物车' }));
    expect(await screen.findByRole('button', { name: '去结算(1)' })).toBeTruthy();
    expect(find).toHaveBeenCalledTimes(2);
  });

  it('sends every checked id of a preselected link', async () => {
    open.mockResolvedValue({ ...CHECKOUT, items: [SAFETY, FIRST_AID], unavailable: [], totalAmount: 14800 });
    renderGoPay('?ids=31,32,99');
    fireEvent.click(await screen.findByRole('button', { name: '去结算(2)' }));
    expect(await screen.findByText('合计 ¥148.00')).toBeTruthy();
    expect(open).toHaveBeenCalledWith([31, 32]);
  });
});

/** An unpaid order as `order/submit` or `order/check-wait-pay` answers it. */
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
    totalAmount: 5000,
    paidAmount: 0,
    refundedAmount: 0,
    items: [{ id: 16, refunded: false, classId: 6, className: '急救常识班', year: 2025, amount: 5000 }],
    createdAt: '2025-03-01T08:00:00.000Z',
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

describe('GoPayPage: 提交订单', () => {
  const CHECKOUT: CartCheckout = {
    items: [FIRST_AID],
    unavailable: [],
    totalAmount: 5000,
    payTip: '支付成功后即可开始学习',
  };

  /** Opens the summary of 急救常识班 alone. */
  async function openSummary() {
    renderGoPay('?ids=32');
    fireEvent.click(await screen.findByRole('button', { name: '去结算(1)' }));
    await screen.findByRole('heading', { name: '确认订单' });
  }

  it('submits the items of the summary and opens the pay page of the new order', async () => {
    open.mockResolvedValue(CHECKOUT);
    submit.mockResolvedValue({ order: buildOrder({ id: 81 }) });
    await openSummary();
    expect(screen.getByText('支付成功后即可开始学习')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await probedLocation()).toBe('/student/order-pay?id=81');
    expect(waitPay).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith([32]);
  });

  it('offers a waiting unpaid order first; 去支付 opens its pay page without submitting', async () => {
    open.mockResolvedValue(CHECKOUT);
    waitPay.mockResolvedValue({
      order: buildOrder({ id: 70, orderNo: 'PX202502280900001', totalAmount: 9800 }),
    });
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    try {
      await openSummary();
      fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
      expect(await probedLocation()).toBe('/student/order-pay?id=70');
      expect(confirm).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '您有待支付的订单',
          message: '订单 PX202502280900001（¥98.00）尚未支付，是否继续支付该订单？',
          confirmButtonText: '去支付',
          cancelButtonText: '继续提交',
        }),
      );
      expect(submit).not.toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });

  it('goes on to submit when the student chooses 继续提交', async () => {
    open.mockResolvedValue(CHECKOUT);
    waitPay.mockResolvedValue({ order: buildOrder({ id: 70 }) });
    submit.mockResolvedValue({ order: buildOrder({ id: 82 }) });
    const confirm = jest.spyOn(Dialog, 'confirm').mockRejectedValue(undefined);
    try {
      await openSummary();
      fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
      expect(await probedLocation()).toBe('/student/order-pay?id=82');
      expect(submit).toHaveBeenCalledWith([32]);
    } finally {
      confirm.mockRestore();
    }
  });

  it('reads the summary again when the server refuses the checkout', async () => {
    open.mockResolvedValueOnce(CHECKOUT).mockResolvedValueOnce({
      ...CHECKOUT,
      items: [],
      unavailable: [{ ...FIRST_AID, available: false, unavailableReason: 'ENROLLED' }],
      totalAmount: 0,
    });
    submit.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '班级「急救常识班」已报名' }));
    await openSummary();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('以下班级无法结算')).toBeTruthy();
    expect(open).toHaveBeenNthCalledWith(2, [32]);
    expect(screen.getByText('没有可结算的班级')).toBeTruthy();
    expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('stays on the summary when the unpaid-order check fails', async () => {
    open.mockResolvedValue(CHECKOUT);
    waitPay.mockRejectedValue(new ApiError({ kind: 'network', message: '网络异常' }));
    await openSummary();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(waitPay).toHaveBeenCalledTimes(1));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: '确认订单' })).toBeTruthy();
  });
});
