import type { InvoiceView } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { downloadMyInvoice, listMyInvoices, reSaveInvoice } from '../../../api/invoice';
import { renderScreen } from '../../../testing/render-screen';
import { MyInvoiceList } from './MyInvoiceList';

jest.mock('../../../api/invoice', () => ({
  listMyInvoices: jest.fn(),
  downloadMyInvoice: jest.fn(),
  reSaveInvoice: jest.fn(),
  saveInvoice: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

const BASE: InvoiceView = {
  id: 1,
  kind: 'SINGLE',
  status: 'ISSUED',
  titleType: 'PERSONAL',
  title: '张三',
  taxNo: null,
  email: 'z@example.com',
  amount: 12_000,
  invoiceNumber: '26370000000000000001',
  issuedAt: '2026-11-26T02:00:00.000Z',
  marked: false,
  hasPdf: true,
  redInvoiceNumber: null,
  reversedAt: null,
  failure: null,
  rejectReason: null,
  createdAt: '2026-11-26T01:00:00.000Z',
  orders: [{ orderId: 5, orderNo: 'D1', amount: 12_000, classNames: ['安全班'], studentName: '张三' }],
  abilities: { canReapply: false, reapplyRefusal: '仅已驳回或开票失败的申请可以重新提交' },
};
const REVERSED: InvoiceView = {
  ...BASE,
  id: 2,
  title: '张三红冲',
  status: 'REVERSED',
  redInvoiceNumber: '26370000000000000002',
};
const REJECTED: InvoiceView = {
  ...BASE,
  id: 3,
  title: '错误抬头',
  status: 'REJECTED',
  invoiceNumber: null,
  hasPdf: false,
  rejectReason: '抬头有误',
  abilities: { canReapply: true, reapplyRefusal: null },
};

beforeEach(() => {
  jest
    .mocked(listMyInvoices)
    .mockReset()
    .mockResolvedValue({ list: [BASE, REVERSED, REJECTED], total: 3, pageNum: 1, pageSize: 10 });
  jest
    .mocked(downloadMyInvoice)
    .mockReset()
    .mockResolvedValue(new Blob(['%PDF-']));
  jest
    .mocked(reSaveInvoice)
    .mockReset()
    .mockResolvedValue({ ...REJECTED, status: 'PENDING' });
  jest.mocked(saveBlobAs).mockReset();
});

describe('MyInvoiceList', () => {
  it('shows each invoice with its state; 下载发票 and 下载红字发票 save the PDFs', async () => {
    renderScreen(<MyInvoiceList />, '/my?tab=orders');
    const issued = await screen.findByRole('listitem', { name: '发票 张三' });
    expect(within(issued).getByText('已开票')).toBeTruthy();
    expect(within(issued).getByText('发票号码 26370000000000000001')).toBeTruthy();
    fireEvent.click(within(issued).getByRole('button', { name: '下载发票' }));
    await waitFor(() =>
      expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '发票-26370000000000000001.pdf'),
    );
    expect(downloadMyInvoice).toHaveBeenCalledWith(1, false);
    const reversed = screen.getByRole('listitem', { name: '发票 张三红冲' });
    expect(within(reversed).getByText('已红冲')).toBeTruthy();
    fireEvent.click(within(reversed).getByRole('button', { name: '下载红字发票' }));
    await waitFor(() => expect(downloadMyInvoice).toHaveBeenCalledWith(2, true));
  });

  it('a rejected one shows why, and 重新申请 sends the corrected title', async () => {
    renderScreen(<MyInvoiceList />, '/my?tab=orders');
    const rejected = await screen.findByRole('listitem', { name: '发票 错误抬头' });
    expect(within(rejected).getByText('原因：抬头有误')).toBeTruthy();
    fireEvent.click(within(rejected).getByRole('button', { name: '重新申请' }));
    const title = await screen.findByLabelText('发票抬头');
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('错误抬头'));
    fireEvent.change(title, { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(reSaveInvoice).toHaveBeenCalledWith({
        id: 3,
        titleType: 'PERSONAL',
        title: '张三',
        taxNo: '',
        email: 'z@example.com',
      }),
    );
  });

  it('重新申请 follows the abilities: a refused one says why instead (a refund application open)', async () => {
    const pending = '该订单有处理中的退款申请，退款处理完成后才能申请发票';
    jest.mocked(listMyInvoices).mockResolvedValue({
      list: [{ ...REJECTED, abilities: { canReapply: false, reapplyRefusal: pending } }],
      total: 1,
      pageNum: 1,
      pageSize: 10,
    });
    renderScreen(<MyInvoiceList />, '/my?tab=orders');
    const rejected = await screen.findByRole('listitem', { name: '发票 错误抬头' });
    expect(within(rejected).getByText('原因：抬头有误')).toBeTruthy();
    expect(within(rejected).getByText(`不能重新申请：${pending}`)).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: '重新申请' })).toBeNull();
  });
});
