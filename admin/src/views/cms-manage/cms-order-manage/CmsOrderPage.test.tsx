import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getCmsBatchOptions, listCmsOrders, refundCmsOrder } from '../../../api/cms';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { BATCH_OPTION, ORDER_ROW, page } from '../cms-fixtures';
import { button, dialogOf } from '../test-helpers';
import { CmsOrderPage } from './CmsOrderPage';

jest.mock('../../../api/cms', () => ({
  getCmsBatchOptions: jest.fn(),
  listCmsOrders: jest.fn(),
  refundCmsOrder: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/cms-manage/cms-order-manage']);

beforeEach(() => {
  jest.mocked(getCmsBatchOptions).mockReset().mockResolvedValue([BATCH_OPTION]);
  jest
    .mocked(listCmsOrders)
    .mockReset()
    .mockResolvedValue(
      page([
        ORDER_ROW,
        {
          ...ORDER_ROW,
          id: 42,
          orderNo: 'CMS202611210002',
          status: 'UNPAID',
          abilities: { canRefund: false, refundRefusal: '只能退款已支付的订单' },
        },
      ]),
    );
  jest
    .mocked(refundCmsOrder)
    .mockReset()
    .mockResolvedValue({ ...ORDER_ROW, status: 'REFUNDING' });
});

test('退款 only on a refundable order, with a reason; the list is read again', async () => {
  renderScreen(<CmsOrderPage />, STAFF, '/cms-manage/cms-order-manage');
  const unpaid = (await screen.findByText('CMS202611210002')).closest('tr') as HTMLElement;
  expect(within(unpaid).queryByText('退款')).toBeNull();
  const row = screen.getByText('CMS202611210001').closest('tr') as HTMLElement;
  expect(within(row).getByText('¥150.00')).toBeTruthy();
  fireEvent.click(button(row, '退款'));
  const dialog = await dialogOf('#cms-refund_reason');
  expect(within(dialog).getByText('将原路退还 ¥150.00，张三 的报名随之取消。')).toBeTruthy();
  fireEvent.click(button(dialog, '确认退款'));
  expect(await within(dialog).findByText('请填写退款原因')).toBeTruthy();
  fireEvent.change(document.querySelector('#cms-refund_reason') as HTMLTextAreaElement, {
    target: { value: '考生因病不能参加' },
  });
  fireEvent.click(button(dialog, '确认退款'));
  await waitFor(() => expect(refundCmsOrder).toHaveBeenCalledWith(41, '考生因病不能参加'));
  await waitFor(() => expect(listCmsOrders).toHaveBeenCalledTimes(2));
});
