import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  findInvoiceUnits,
  getUnitPool,
  invoiceStatistics,
  listInvoices,
  saveCollectiveInvoice,
} from '../../../api/invoice';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { InvoiceCollectivePage } from './InvoiceCollectivePage';

jest.mock('../../../api/invoice', () => ({
  listInvoices: jest.fn(),
  invoiceStatistics: jest.fn(),
  findInvoiceUnits: jest.fn(),
  getUnitPool: jest.fn(),
  saveCollectiveInvoice: jest.fn(),
}));
jest.mock('../../../api/train-class', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/invoice-manage/invoice-collective']);
const UNIT = { id: 7, name: '演示培训单位', creditCode: '91350100M000100Y43' };
const POOL = [
  { orderId: 11, orderNo: 'D1', paidAt: null, classNames: ['安全班'], amount: 5_000, studentName: '陈建国' },
  { orderId: 12, orderNo: 'D2', paidAt: null, classNames: ['安全班'], amount: 5_000, studentName: '刘海燕' },
];

beforeEach(() => {
  jest.mocked(listInvoices).mockReset().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  jest.mocked(invoiceStatistics).mockReset();
  jest.mocked(findInvoiceUnits).mockReset().mockResolvedValue([UNIT]);
  jest.mocked(getUnitPool).mockReset().mockResolvedValue(POOL);
  jest.mocked(saveCollectiveInvoice).mockReset();
});

test('choose a unit, tick its orders and 开具集体发票 with the unit\u2019s title and taxpayer number', async () => {
  renderScreen(<InvoiceCollectivePage />, STAFF, '/invoice-manage/invoice-collective');
  await waitFor(() =>
    expect(listInvoices).toHaveBeenCalledWith({ kind: 'COLLECTIVE', pageNum: 1, pageSize: 10 }),
  );
  fireEvent.mouseDown(screen.getByLabelText('单位'));
  fireEvent.click(await screen.findByText('演示培训单位', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(getUnitPool).toHaveBeenCalledWith(7));
  const row = (await screen.findByText('陈建国')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('checkbox'));
  fireEvent.change(document.querySelector('#collective-invoice_email') as HTMLInputElement, {
    target: { value: 'unit@example.com' },
  });
  const save = await screen.findByText(/开具集体发票（1 单，¥50.00）/);
  fireEvent.click(save.closest('button') as HTMLButtonElement);
  await waitFor(() =>
    expect(saveCollectiveInvoice).toHaveBeenCalledWith({
      unitId: 7,
      orderIds: [11],
      title: '演示培训单位',
      taxNo: '91350100M000100Y43',
      email: 'unit@example.com',
    }),
  );
});
