import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  getBatchOrder,
  getBatchOrderPaid,
  pageBatchOrderChildren,
  payBatchOrder,
} from '../../../api/unit-import';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import {
  buildBatchOrder,
  buildChildOrder,
  pageOf,
} from '../../train-manage/batch-pay-order/batch-order-test-data';
import { BatchOrderDetailPage } from './BatchOrderDetailPage';

jest.mock('../../../api/unit-import', () => ({
  getBatchOrder: jest.fn(),
  pageBatchOrderChildren: jest.fn(),
  payBatchOrder: jest.fn(),
  getBatchOrderPaid: jest.fn(),
  fetchBatchPayQr: jest.fn(),
  passBatchOrder: jest.fn(),
  removeBatchOrderChildren: jest.fn(),
  cancelBatchOrder: jest.fn(),
}));

configure({ defaultHidden: true });
stubComputedStyles();

const ORDER_READER = buildAccountInfo(['/home', '/order-manage/list', '/order-manage/detail']);
const ORDER_PAYER = buildAccountInfo([
  '/home',
  '/order-manage/list',
  '/order-manage/detail',
  '/train-manage/batch-pay-order',
]);
const ORDER = buildBatchOrder();
const CHILD = buildChildOrder();
const location = () => screen.getByTestId('location').textContent;
const queryButton = (text: string) =>
  screen.queryByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' });

beforeEach(() => {
  jest.mocked(getBatchOrder).mockReset().mockResolvedValue(ORDER);
  jest
    .mocked(pageBatchOrderChildren)
    .mockReset()
    .mockResolvedValue(pageOf([CHILD]));
  jest.mocked(payBatchOrder).mockReset();
  jest.mocked(getBatchOrderPaid).mockReset();
});

describe('BatchOrderDetailPage', () => {
  it('shows the batch order and its children, without paying here', async () => {
    renderScreen(<BatchOrderDetailPage />, ORDER_READER, '/order-manage/detail?id=31');
    expect(await screen.findByText('团体缴费订单详情')).toBeTruthy();
    expect(await screen.findByText(ORDER.batchNo)).toBeTruthy();
    expect(jest.mocked(getBatchOrder)).toHaveBeenCalledWith(31);
    const row = (await screen.findByText(CHILD.orderNo)).closest('tr') as HTMLElement;
    expect(within(row).getByText('张三')).toBeTruthy();
    expect(jest.mocked(pageBatchOrderChildren)).toHaveBeenCalledWith({ id: 31, pageNum: 1, pageSize: 10 });
    // No payment from the order side, and no way to 批量缴费 without that page.
    expect(queryButton('扫码支付')).toBeNull();
    expect(queryButton('去缴费')).toBeNull();
    expect(queryButton('取消订单')).toBeTruthy();
    expect(jest.mocked(payBatchOrder)).not.toHaveBeenCalled();
  });

  it('leads to 批量缴费 for a role holding it', async () => {
    renderScreen(<BatchOrderDetailPage />, ORDER_PAYER, '/order-manage/detail?id=31');
    await screen.findByText(ORDER.batchNo);
    fireEvent.click(queryButton('去缴费') as HTMLElement);
    await waitFor(() => expect(location()).toBe('/train-manage/batch-pay-order?id=31'));
  });

  it('shows the refusal when it cannot be read, and a warning without id', async () => {
    jest.mocked(getBatchOrder).mockRejectedValue(new Error('批量订单不存在'));
    const { unmount } = renderScreen(<BatchOrderDetailPage />, ORDER_READER, '/order-manage/detail?id=99');
    expect(await screen.findByText('批量订单不存在')).toBeTruthy();
    unmount();
    renderScreen(<BatchOrderDetailPage />, ORDER_READER, '/order-manage/detail');
    expect(await screen.findByText('未指定批量订单')).toBeTruthy();
  });
});
