import type { OrderDetail } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getOrder, refundOrder } from '../../../../api/order';
import { buildAccountInfo } from '../../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../../testing/render-screen';
import { buildOrderRow } from '../order-test-data';
import { OrderDetailDrawer } from './OrderDetailDrawer';

jest.mock('../../../../api/order', () => ({ getOrder: jest.fn(), refundOrder: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

/** A paid order of two classes, one of them refunded already. */
const TWO_CLASSES: OrderDetail = {
  ...buildOrderRow({
    totalAmount: 15_000,
    paidAmount: 15_000,
    items: [
      { id: 201, refunded: false, classId: 31, className: '安全生产法专题班', year: 2025, amount: 9_800 },
      { id: 202, refunded: false, classId: 32, className: '急救常识班', year: 2025, amount: 5_200 },
    ],
  }),
  attempts: [],
  logs: [],
};
const REFUNDER = buildAccountInfo(['/home', '/order-manage/list', '/invoice-manage/refund-list']);
const READER = buildAccountInfo(['/home', '/order-manage/list']);

const label = (text: string) => (content: string) => content.replace(/\s/g, '') === text;

beforeEach(() => {
  jest.mocked(getOrder).mockReset().mockResolvedValue(TWO_CLASSES);
  jest
    .mocked(refundOrder)
    .mockReset()
    .mockResolvedValue({
      orderId: 1,
      orderNo: TWO_CLASSES.orderNo,
      orderStatus: 'REFUNDING',
      refundStatus: 'REFUNDING',
      amount: 5_200,
      outRefundNo: `${TWO_CLASSES.orderNo}R01`,
    });
});

test('退款 of one class of a paid multi-class order sends its item id and the reason', async () => {
  renderScreen(<OrderDetailDrawer orderId={1} onClose={() => undefined} />, REFUNDER, '/order-manage/list');
  fireEvent.click(await screen.findByText(label('退款'), { selector: 'button span' }));
  const dialog = (await screen.findByText('退款范围')).closest('.ant-modal') as HTMLElement;
  expect(within(dialog).getByText('整单退款（剩余 ¥150.00）')).toBeTruthy();
  fireEvent.click(within(dialog).getByText('仅退 急救常识班（¥52.00）'));
  fireEvent.change(document.querySelector('#order-refund_reason') as HTMLTextAreaElement, {
    target: { value: '学员只退急救班' },
  });
  fireEvent.click(within(dialog).getByText(label('确定退款'), { selector: 'button span' }));
  await waitFor(() =>
    expect(refundOrder).toHaveBeenCalledWith({ id: 1, reason: '学员只退急救班', orderItemId: 202 }),
  );
  await waitFor(() => expect(getOrder).toHaveBeenCalledTimes(2));
});

test('the whole order by default; a refunded class cannot be chosen again', async () => {
  jest.mocked(getOrder).mockResolvedValue({
    ...TWO_CLASSES,
    refundedAmount: 5_200,
    items: TWO_CLASSES.items.map((item) => ({ ...item, refunded: item.id === 202 })),
  });
  renderScreen(<OrderDetailDrawer orderId={1} onClose={() => undefined} />, REFUNDER, '/order-manage/list');
  fireEvent.click(await screen.findByText(label('退款'), { selector: 'button span' }));
  const dialog = (await screen.findByText('退款范围')).closest('.ant-modal') as HTMLElement;
  const refunded = within(dialog)
    .getByText('仅退 急救常识班（¥52.00）：已退款')
    .closest('label') as HTMLElement;
  expect(refunded.className).toMatch(/disabled/);
  fireEvent.change(document.querySelector('#order-refund_reason') as HTMLTextAreaElement, {
    target: { value: '整单退款' },
  });
  fireEvent.click(within(dialog).getByText(label('确定退款'), { selector: 'button span' }));
  await waitFor(() => expect(refundOrder).toHaveBeenCalledWith({ id: 1, reason: '整单退款' }));
});

test('staff without 退款申请 see no 退款', async () => {
  renderScreen(<OrderDetailDrawer orderId={1} onClose={() => undefined} />, READER, '/order-manage/list');
  expect(await screen.findByText('急救常识班')).toBeTruthy();
  expect(screen.queryByText(label('退款'), { selector: 'button span' })).toBeNull();
});
