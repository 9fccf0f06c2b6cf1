import type { InvoiceRow, InvoiceStatistics } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  batchOpenInvoices,
  cancelInvoice,
  downloadInvoicePdf,
  exportInvoices,
  getInvoice,
  getInvoiceConfig,
  invoiceStatistics,
  listInvoices,
  markInvoice,
  openInvoice,
  redInvoice,
  redInvoices,
  refreshInvoice,
  rejectInvoice,
  remarkInvoice,
  saveInvoiceConfig,
} from '../../../api/invoice';
import { pickDate, pickDateRange } from '../../../testing/date-pickers';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { InvoiceListPage } from './InvoiceListPage';

jest.mock('../../../api/invoice', () => ({
  listInvoices: jest.fn(),
  invoiceStatistics: jest.fn(),
  exportInvoices: jest.fn(),
  downloadInvoicePdf: jest.fn(),
  openInvoice: jest.fn(),
  batchOpenInvoices: jest.fn(),
  rejectInvoice: jest.fn(),
  cancelInvoice: jest.fn(),
  markInvoice: jest.fn(),
  remarkInvoice: jest.fn(),
  refreshInvoice: jest.fn(),
  redInvoice: jest.fn(),
  redInvoices: jest.fn(),
  getInvoice: jest.fn(),
  getInvoiceConfig: jest.fn(),
  saveInvoiceConfig: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/invoice-manage/invoice-list']);

function buildRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: 1,
    kind: 'SINGLE',
    status: 'PENDING',
    titleType: 'PERSONAL',
    title: '张三',
    taxNo: null,
    email: 'z@example.com',
    amount: 12_800,
    invoiceNumber: null,
    issuedAt: null,
    marked: false,
    hasPdf: false,
    redInvoiceNumber: null,
    reversedAt: null,
    failure: null,
    rejectReason: null,
    createdAt: '2026-11-26T02:00:00.000Z',
    orders: [
      {
        orderId: 5,
        orderNo: 'D20261126100000123456',
        amount: 12_800,
        classNames: ['安全生产班'],
        studentName: '张三',
      },
    ],
    accountId: 3,
    studentName: '张三',
    mobile: '13800000000',
    unitId: null,
    unitName: null,
    remark: null,
    redReason: null,
    requestNo: 'INV1',
    refundedSinceIssued: false,
    ...overrides,
  };
}
const PENDING = buildRow();
const ISSUED = buildRow({
  id: 2,
  title: '李四',
  studentName: '李四',
  status: 'ISSUED',
  invoiceNumber: '26370000000000000001',
  hasPdf: true,
  orders: [
    {
      orderId: 6,
      orderNo: 'D20261126100000654321',
      amount: 9_800,
      classNames: ['消防班'],
      studentName: '李四',
    },
  ],
});
const STATS: InvoiceStatistics = {
  total: 2,
  byStatus: {
    PENDING: { count: 1, amount: 12_800 },
    ISSUING: { count: 0, amount: 0 },
    ISSUED: { count: 1, amount: 9_800 },
    FAILED: { count: 0, amount: 0 },
    REJECTED: { count: 0, amount: 0 },
    CANCELLED: { count: 0, amount: 0 },
    RED_ISSUING: { count: 0, amount: 0 },
    REVERSED: { count: 0, amount: 0 },
  },
};

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const dialog = () => screen.getByRole('dialog') as HTMLElement;

async function openPage() {
  renderScreen(<InvoiceListPage />, STAFF, '/invoice-manage/invoice-list');
  await screen.findByText('D20261126100000123456');
}

beforeEach(() => {
  showAllListColumns('invoice-manage/invoice-list');
  jest
    .mocked(listInvoices)
    .mockReset()
    .mockResolvedValue({ list: [PENDING, ISSUED], total: 2, pageNum: 1, pageSize: 10 });
  jest.mocked(invoiceStatistics).mockReset().mockResolvedValue(STATS);
  for (const mock of [openInvoice, rejectInvoice, redInvoice, cancelInvoice, refreshInvoice, remarkInvoice])
    jest.mocked(mock).mockReset().mockResolvedValue(PENDING);
  jest.mocked(markInvoice).mockReset().mockResolvedValue(PENDING);
  jest
    .mocked(redInvoices)
    .mockReset()
    .mockResolvedValue({ done: [2], refused: [] });
  jest
    .mocked(getInvoice)
    .mockReset()
    .mockResolvedValue({
      ...ISSUED,
      logs: [
        {
          fromStatus: null,
          toStatus: 'PENDING',
          source: 'STUDENT',
          actorName: '李四',
          reason: null,
          createdAt: ISSUED.createdAt,
        },
        {
          fromStatus: 'ISSUING',
          toStatus: 'ISSUED',
          source: 'PLATFORM',
          actorName: null,
          reason: '发票号码 1',
          createdAt: ISSUED.createdAt,
        },
      ],
    });
  jest
    .mocked(batchOpenInvoices)
    .mockReset()
    .mockResolvedValue({ done: [1], refused: [] });
  jest
    .mocked(exportInvoices)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest
    .mocked(downloadInvoicePdf)
    .mockReset()
    .mockResolvedValue(new Blob(['%PDF']));
  jest.mocked(saveBlobAs).mockReset();
  jest.mocked(getInvoiceConfig).mockReset().mockResolvedValue(null);
  jest.mocked(saveInvoiceConfig).mockReset();
});

describe('InvoiceListPage', () => {
  it('lists invoices with their states and the statistics; the actions follow the state', async () => {
    await openPage();
    expect(screen.getByLabelText('发票统计').textContent).toContain('¥98.00');
    const pending = rowOf('D20261126100000123456');
    expect(within(pending).getByText('待开票')).toBeTruthy();
    for (const name of ['开票', '驳回', '标记已开', '作废']) expect(button(pending, name)).toBeTruthy();
    const issued = rowOf('D20261126100000654321');
    expect(within(issued).getByText('号码 26370000000000000001')).toBeTruthy();
    expect(within(issued).queryByText('开票')).toBeNull();
    expect(within(issued).queryByText('订单已退款，需红冲')).toBeNull();
    for (const name of ['红冲', '下载']) expect(button(issued, name)).toBeTruthy();
  });

  it('an issued invoice whose order was refunded since says it needs 红冲', async () => {
    jest.mocked(listInvoices).mockResolvedValue({
      list: [PENDING, { ...ISSUED, refundedSinceIssued: true }],
      total: 2,
      pageNum: 1,
      pageSize: 10,
    });
    await openPage();
    expect(within(rowOf('D20261126100000654321')).getByText('订单已退款，需红冲')).toBeTruthy();
  });

  it('开票 opens through the platform; 下载 saves the PDF; 导出 the .xlsx', async () => {
    await openPage();
    fireEvent.click(button(rowOf('D20261126100000123456'), '开票'));
    await waitFor(() => expect(openInvoice).toHaveBeenCalledWith(1));
    fireEvent.click(button(rowOf('D20261126100000654321'), '下载'));
    await waitFor(() =>
      expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '发票-26370000000000000001.pdf'),
    );
    expect(downloadInvoicePdf).toHaveBeenCalledWith(2, false);
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() => expect(exportInvoices).toHaveBeenCalledWith({}));
  });

  it('filters by a picked 申请日期 range; the statistics and 导出 follow the filters', async () => {
    await openPage();
    pickDateRange(screen.getByLabelText('申请日期'), '2026-11-01', '2026-11-26');
    fireEvent.click(button(document.body, '查询'));
    const filters = { createdFrom: '2026-11-01', createdTo: '2026-11-26' };
    await waitFor(() => expect(listInvoices).toHaveBeenLastCalledWith(expect.objectContaining(filters)));
    await waitFor(() => expect(invoiceStatistics).toHaveBeenLastCalledWith(expect.objectContaining(filters)));
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() => expect(exportInvoices).toHaveBeenCalledWith(expect.objectContaining(filters)));
  });

  it('驳回 and 红冲 ask for a reason first', async () => {
    await openPage();
    fireEvent.click(button(rowOf('D20261126100000123456'), '驳回'));
    fireEvent.click(button(dialog(), '确定'));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog()).getByRole('textbox'), { target: { value: '抬头有误' } });
    fireEvent.click(button(dialog(), '确定'));
    await waitFor(() => expect(rejectInvoice).toHaveBeenCalledWith(1, '抬头有误'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(button(rowOf('D20261126100000654321'), '红冲'));
    fireEvent.change(within(dialog()).getByRole('textbox'), { target: { value: '订单已退款' } });
    fireEvent.click(button(dialog(), '确定'));
    await waitFor(() => expect(redInvoice).toHaveBeenCalledWith(2, '订单已退款'));
  });

  it('批量开票 sends the chosen rows', async () => {
    await openPage();
    const pending = rowOf('D20261126100000123456');
    fireEvent.click(within(pending).getByRole('checkbox'));
    fireEvent.click(button(document.body, '批量开票（1）'));
    await waitFor(() => expect(batchOpenInvoices).toHaveBeenCalledWith([1]));
  });

  it('开票设置 saves the seller details', async () => {
    await openPage();
    fireEvent.click(button(document.body, '开票设置'));
    expect(await screen.findByText('尚未填写销售方信息，填写后才能开票')).toBeTruthy();
    const field = (id: string, value: string) =>
      fireEvent.change(document.querySelector(`#invoice-config_${id}`) as HTMLInputElement, {
        target: { value },
      });
    field('sellerName', '演示公司');
    field('sellerTaxNo', '91370100MA3C000X1K');
    field('sellerAddressPhone', '济南 0531-1');
    field('sellerBankAccount', '工行 1');
    fireEvent.click(button(dialog(), '保存'));
    await waitFor(() =>
      expect(saveInvoiceConfig).toHaveBeenCalledWith({
        sellerName: '演示公司',
        sellerTaxNo: '91370100MA3C000X1K',
        sellerAddressPhone: '济南 0531-1',
        sellerBankAccount: '工行 1',
        itemName: '培训费',
        taxRatePct: 6,
      }),
    );
  });

  it('作废, 标记已开, 备注 and 批量红冲 send what was typed; 刷新 and 红字PDF for their states; 详情 shows the history', async () => {
    const ISSUING = buildRow({
      id: 4,
      title: '王五',
      status: 'ISSUING',
      orders: [{ ...PENDING.orders[0], orderId: 8, orderNo: 'D3' } as InvoiceRow['orders'][number]],
    });
    const REVERSED = buildRow({
      id: 5,
      title: '赵六',
      status: 'REVERSED',
      invoiceNumber: '26370000000000000005',
      redInvoiceNumber: '26370000000000000006',
      hasPdf: true,
      orders: [{ ...PENDING.orders[0], orderId: 9, orderNo: 'D4' } as InvoiceRow['orders'][number]],
    });
    jest
      .mocked(listInvoices)
      .mockResolvedValue({ list: [PENDING, ISSUED, ISSUING, REVERSED], total: 4, pageNum: 1, pageSize: 10 });
    await openPage();
    fireEvent.click(button(rowOf('D20261126100000123456'), '作废'));
    fireEvent.change(within(dialog()).getByRole('textbox'), { target: { value: '重复申请' } });
    fireEvent.click(button(dialog(), '确定'));
    await waitFor(() => expect(cancelInvoice).toHaveBeenCalledWith(1, '重复申请'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(button(rowOf('D20261126100000123456'), '标记已开'));
    fireEvent.change(document.querySelector('#invoice-mark_invoiceNumber') as HTMLInputElement, {
      target: { value: '12345678' },
    });
    pickDate(document.querySelector('#invoice-mark_issuedDate') as HTMLInputElement, '2026-11-20');
    fireEvent.click(button(dialog(), '确定'));
    await waitFor(() =>
      expect(markInvoice).toHaveBeenCalledWith({
        id: 1,
        invoiceNumber: '12345678',
        issuedDate: '2026-11-20',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(button(rowOf('D20261126100000654321'), '备注'));
    fireEvent.change(within(dialog()).getByRole('textbox'), { target: { value: '已邮寄' } });
    fireEvent.click(button(dialog(), '确定'));
    await waitFor(() => expect(remarkInvoice).toHaveBeenCalledWith(2, '已邮寄'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(button(rowOf('D3'), '刷新'));
    await waitFor(() => expect(refreshInvoice).toHaveBeenCalledWith(4));
    fireEvent.click(button(rowOf('D4'), '红字PDF'));
    await waitFor(() => expect(downloadInvoicePdf).toHaveBeenCalledWith(5, true));

    fireEvent.click(within(rowOf('D20261126100000654321')).getByRole('checkbox'));
    fireEvent.click(button(document.body, '批量红冲'));
    fireEvent.change(within(dialog()).getByRole('textbox'), { target: { value: '整单退款' } });
    fireEvent.click(button(dialog(), '确定'));
    await waitFor(() => expect(redInvoices).toHaveBeenCalledWith([2], '整单退款'));

    fireEvent.click(button(rowOf('D20261126100000654321'), '详情'));
    expect(await screen.findByText(/发票平台：开票中 → 已开票（发票号码 1）/)).toBeTruthy();
    expect(getInvoice).toHaveBeenCalledWith(2);
  });
});
