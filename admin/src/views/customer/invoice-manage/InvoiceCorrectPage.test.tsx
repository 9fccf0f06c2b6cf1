import type { InvoiceRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { correctInvoice, listInvoices } from '../../../api/invoice';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { InvoiceCorrectPage } from './InvoiceCorrectPage';

jest.mock('../../../api/invoice', () => ({
  listInvoices: jest.fn(),
  correctInvoice: jest.fn(),
  getInvoice: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const SERVICE = buildAccountInfo(['/home', '/customer/invoice-manage']);
const ROW: InvoiceRow = {
  id: 1,
  kind: 'SINGLE',
  status: 'PENDING',
  titleType: 'PERSONAL',
  title: '张三',
  taxNo: null,
  email: 'z@example.com',
  amount: 12_000,
  invoiceNumber: null,
  issuedAt: null,
  marked: false,
  hasPdf: false,
  redInvoiceNumber: null,
  reversedAt: null,
  failure: null,
  rejectReason: null,
  createdAt: '2026-11-26T01:00:00.000Z',
  orders: [{ orderId: 5, orderNo: 'D1', amount: 12_000, classNames: ['安全班'], studentName: '张三' }],
  accountId: 3,
  studentName: '张三',
  mobile: null,
  unitId: null,
  unitName: null,
  remark: null,
  redReason: null,
  requestNo: 'INV1',
  refundedSinceIssued: false,
};
const ISSUED: InvoiceRow = {
  ...ROW,
  id: 2,
  title: '李四',
  status: 'ISSUED',
  orders: [{ ...ROW.orders[0], orderNo: 'D2' } as InvoiceRow['orders'][number]],
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest
    .mocked(listInvoices)
    .mockReset()
    .mockResolvedValue({ list: [ROW, ISSUED], total: 2, pageNum: 1, pageSize: 10 });
  jest.mocked(correctInvoice).mockReset().mockResolvedValue(ROW);
});

test('纠正 only before issuing: the corrected title and the reason are sent', async () => {
  renderScreen(<InvoiceCorrectPage />, SERVICE, '/customer/invoice-manage');
  const row = (await screen.findByText('D1')).closest('tr') as HTMLElement;
  const issued = screen.getByText('D2').closest('tr') as HTMLElement;
  expect(within(issued).queryByText('纠正')).toBeNull();
  fireEvent.click(button(row, '纠正'));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() =>
    expect((document.querySelector('#invoice-correct_title') as HTMLInputElement).value).toBe('张三'),
  );
  fireEvent.click(within(dialog).getByText('单位'));
  fireEvent.change(document.querySelector('#invoice-correct_title') as HTMLInputElement, {
    target: { value: '某某有限公司' },
  });
  fireEvent.change(
    await waitFor(() => document.querySelector('#invoice-correct_taxNo') as HTMLInputElement),
    {
      target: { value: '91370100MA3C000X1K' },
    },
  );
  fireEvent.change(document.querySelector('#invoice-correct_reason') as HTMLTextAreaElement, {
    target: { value: '学员来电' },
  });
  fireEvent.click(button(dialog, '确定'));
  await waitFor(() =>
    expect(correctInvoice).toHaveBeenCalledWith({
      id: 1,
      titleType: 'COMPANY',
      title: '某某有限公司',
      taxNo: '91370100MA3C000X1K',
      email: 'z@example.com',
      reason: '学员来电',
    }),
  );
});
