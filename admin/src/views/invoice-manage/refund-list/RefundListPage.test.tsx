import type { RefundApplyPage, RefundApplyRow } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  approveRefundApply,
  exportRefundApplies,
  listRefundApplies,
  rejectRefundApply,
} from '../../../api/refund-apply';
import { pickDateRange } from '../../../testing/date-pickers';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { RefundListPage } from './RefundListPage';

jest.mock('../../../api/refund-apply', () => ({
  listRefundApplies: jest.fn(),
  exportRefundApplies: jest.fn(),
  approveRefundApply: jest.fn(),
  rejectRefundApply: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/invoice-manage/refund-list']);

function buildRow(overrides: Partial<RefundApplyRow> = {}): RefundApplyRow {
  return {
    id: 1,
    orderId: 11,
    orderNo: 'D20261126101500123456',
    orderItemId: null,
    className: '安全生产法专题班',
    amount: 9800,
    status: 'PENDING',
    reason: '工作调动',
    rejectReason: null,
    failure: null,
    createdAt: '2026-11-26T02:15:00.000Z',
    auditedAt: null,
    finishedAt: null,
    accountId: 51,
    studentName: '李四',
    idCardNo: '370102********2012',
    mobile: '13800000001',
    paidAmount: 9800,
    paidAt: '2026-11-25T02:16:00.000Z',
    auditorName: null,
    outRefundNo: null,
    abilities: {
      canApprove: true,
      approveRefusal: null,
      canReject: true,
      rejectRefusal: null,
      approveWarning: null,
    },
    ...overrides,
  };
}
const PENDING = buildRow();
const REJECTED = buildRow({
  id: 2,
  orderNo: 'D20261125080000111111',
  studentName: '王五',
  status: 'REJECTED',
  rejectReason: '已超过试听期',
  auditorName: '项目管理员',
  abilities: {
    canApprove: false,
    approveRefusal: '该申请已驳回，不能再审核',
    canReject: false,
    rejectRefusal: '该申请已驳回，不能驳回',
    approveWarning: null,
  },
});
const INVOICE_WARNING =
  '该订单已开具发票（发票号码 24110000000012345678，¥98.00）。退款不会自动红冲该发票：退款后发票仍为“已开票”，发票列表会标记“订单已退款，需红冲”，请在发票列表中红冲。';
const page = (list: RefundApplyRow[]): RefundApplyPage => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest
    .mocked(listRefundApplies)
    .mockReset()
    .mockResolvedValue(page([PENDING, REJECTED]));
  jest
    .mocked(exportRefundApplies)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(approveRefundApply).mockReset();
  jest.mocked(rejectRefundApply).mockReset();
  jest.mocked(saveBlobAs).mockReset();
});

async function openPage() {
  renderScreen(<RefundListPage />, STAFF, '/invoice-manage/refund-list');
  await screen.findByText(PENDING.orderNo);
}

describe('RefundListPage', () => {
  it('lists applications with student, class, amounts, reason and state; only pending ones can be audited', async () => {
    await openPage();
    const pending = rowOf(PENDING.orderNo);
    for (const text of ['李四', '安全生产法专题班', '¥98.00', '工作调动', '待审核'])
      expect(within(pending).getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    expect(button(pending, '通过')).toBeTruthy();
    expect(button(pending, '驳回')).toBeTruthy();
    const rejected = rowOf(REJECTED.orderNo);
    expect(within(rejected).getByText('已驳回')).toBeTruthy();
    expect(within(rejected).getByText('驳回：已超过试听期')).toBeTruthy();
    expect(within(rejected).queryByText(/通\s*过/)).toBeNull();
  });

  it('通过 after the confirmation approves and reloads', async () => {
    jest.mocked(approveRefundApply).mockResolvedValue({ ...PENDING, status: 'REFUNDING' });
    await openPage();
    fireEvent.click(button(rowOf(PENDING.orderNo), '通过'));
    const confirm = await waitFor(() => document.querySelector('.ant-popconfirm') as HTMLElement);
    fireEvent.click(button(confirm, '通过'));
    await waitFor(() => expect(approveRefundApply).toHaveBeenCalledWith(PENDING.id));
    await waitFor(() => expect(listRefundApplies).toHaveBeenCalledTimes(2));
  });

  it('通过 of an invoiced order warns what happens to the invoice before approving', async () => {
    const invoiced = buildRow({
      abilities: { ...PENDING.abilities, approveWarning: INVOICE_WARNING },
    });
    jest.mocked(listRefundApplies).mockResolvedValue(page([invoiced]));
    jest.mocked(approveRefundApply).mockResolvedValue({ ...invoiced, status: 'REFUNDING' });
    await openPage();
    fireEvent.click(button(rowOf(PENDING.orderNo), '通过'));
    const confirm = await waitFor(() => document.querySelector('.ant-popconfirm') as HTMLElement);
    expect(within(confirm).getByText(INVOICE_WARNING)).toBeTruthy();
    expect(approveRefundApply).not.toHaveBeenCalled();
    fireEvent.click(button(confirm, '通过'));
    await waitFor(() => expect(approveRefundApply).toHaveBeenCalledWith(PENDING.id));
  });

  it('offers only what the row allows: an approved application is approved again, never rejected', async () => {
    const approved = buildRow({
      status: 'APPROVED',
      abilities: { ...PENDING.abilities, canReject: false, rejectRefusal: '该申请已通过，不能驳回' },
    });
    jest.mocked(listRefundApplies).mockResolvedValue(page([approved]));
    await openPage();
    const row = rowOf(PENDING.orderNo);
    expect(button(row, '通过')).toBeTruthy();
    expect(within(row).queryByText(/驳\s*回/)).toBeNull();
  });

  it('驳回 asks for a reason and sends it', async () => {
    jest
      .mocked(rejectRefundApply)
      .mockResolvedValue({ ...PENDING, status: 'REJECTED', rejectReason: '材料不全' });
    await openPage();
    fireEvent.click(button(rowOf(PENDING.orderNo), '驳回'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(button(dialog, '驳回'));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '材料不全' } });
    fireEvent.click(button(dialog, '驳回'));
    await waitFor(() => expect(rejectRefundApply).toHaveBeenCalledWith(PENDING.id, '材料不全'));
  });

  it('导出 downloads the list of a picked 申请日期 range', async () => {
    await openPage();
    pickDateRange(screen.getByLabelText('申请日期'), '2026-11-01', '2026-11-26');
    fireEvent.click(button(document.body, '查询'));
    const filters = { createdFrom: '2026-11-01', createdTo: '2026-11-26' };
    await waitFor(() => expect(listRefundApplies).toHaveBeenLastCalledWith(expect.objectContaining(filters)));
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalled());
    expect(exportRefundApplies).toHaveBeenCalledWith(filters);
    expect(jest.mocked(saveBlobAs).mock.calls[0]?.[1]).toMatch(/^退款申请-\d{8}\.xlsx$/);
  });

  it('opens filtered by the state the address names (home’s 待办事项), 重置 clears it; other states are ignored', async () => {
    const { unmount } = renderScreen(<RefundListPage />, STAFF, '/invoice-manage/refund-list?status=PENDING');
    await screen.findByText(PENDING.orderNo);
    expect(listRefundApplies).toHaveBeenCalledWith({ status: 'PENDING', pageNum: 1, pageSize: 10 });
    const status = () =>
      document.querySelector('#refund-filters_status')?.closest('.ant-select')?.textContent;
    expect(status()).toContain('待审核');
    // 重置 shows every application again.
    fireEvent.click(button(document.body, '重置'));
    await waitFor(() => expect(listRefundApplies).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
    expect(status()).not.toContain('待审核');
    unmount();
    jest.mocked(listRefundApplies).mockClear();
    renderScreen(<RefundListPage />, STAFF, '/invoice-manage/refund-list?status=DROP');
    await screen.findByText(PENDING.orderNo);
    expect(listRefundApplies).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(jest.mocked(listRefundApplies).mock.calls[0]?.[0]).not.toHaveProperty('status', 'DROP');
  });
});
