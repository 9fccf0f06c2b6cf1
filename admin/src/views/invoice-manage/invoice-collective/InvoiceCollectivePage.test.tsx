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
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

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

test('a unit manager: their own unit is chosen at once, the list only reads (no 开票, no selection)', async () => {
  const manager = {
    ...buildAccountInfo(['/home', '/invoice-manage/invoice-collective'], { roleSystem: 4 }),
    unitId: 7,
  };
  jest.mocked(listInvoices).mockResolvedValue({
    list: [
      {
        id: 5,
        kind: 'COLLECTIVE',
        status: 'PENDING',
        titleType: 'COMPANY',
        title: '演示培训单位',
        taxNo: '91350100M000100Y43',
        email: 'unit@example.com',
        amount: 5_000,
        invoiceNumber: null,
        issuedAt: null,
        marked: false,
        hasPdf: false,
        redInvoiceNumber: null,
        reversedAt: null,
        failure: null,
        rejectReason: null,
        createdAt: '2026-11-27T01:00:00.000Z',
        orders: [],
        accountId: null,
        studentName: null,
        mobile: null,
        unitId: 7,
        unitName: '演示培训单位',
        remark: null,
        redReason: null,
        requestNo: 'INV1',
        refundedSinceIssued: false,
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 10,
  });
  renderScreen(<InvoiceCollectivePage />, manager, '/invoice-manage/invoice-collective');
  await waitFor(() => expect(getUnitPool).toHaveBeenCalledWith(7));
  expect(await screen.findByText('陈建国')).toBeTruthy();
  const label = (text: string) => (content: string) => content.replace(/\s/g, '') === text;
  const detail = await screen.findByText(label('详情'), { selector: 'button span' });
  const listRow = detail.closest('tr') as HTMLElement;
  expect(within(listRow).queryByText(label('开票'), { selector: 'button span' })).toBeNull();
  expect(within(listRow).queryByText(label('驳回'), { selector: 'button span' })).toBeNull();
  expect(within(listRow).queryByRole('checkbox')).toBeNull();
});
