import type { ChangeClassOptions, ChangeClassView } from '@px/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cancelMyChange, getChangeOptions, listMyChanges } from '../../api/change-class';
import { renderScreen } from '../../testing/render-screen';
import { ChangeMyClassPage } from './ChangeMyClassPage';

jest.mock('../../api/change-class', () => ({
  getChangeOptions: jest.fn(),
  listMyChanges: jest.fn(),
  applyForChange: jest.fn(),
  cancelMyChange: jest.fn(),
}));

const PENDING: ChangeClassView = {
  id: 7,
  status: 'PENDING',
  accountId: 5,
  realName: '张三',
  idCardNo: null,
  mobile: null,
  myClassId: 30,
  fromClassId: 1,
  fromClassName: '电工作业班',
  toClassId: 2,
  toClassName: '焊工作业班',
  orderId: 9,
  orderNo: 'D202612060001',
  paidFen: 10_000,
  toAmountFen: 10_000,
  progressPercent: 5,
  reason: '时间冲突',
  remark: null,
  auditedByName: null,
  auditedAt: null,
  newMyClassId: null,
  abilities: {
    canApprove: false,
    approveRefusal: '无权限',
    canReject: false,
    rejectRefusal: '无权限',
    canCancel: false,
    cancelRefusal: '无权限',
    canWithdraw: true,
    withdrawRefusal: null,
  },
  createdAt: '2026-12-06T02:00:00.000Z',
};
const options = (pending: ChangeClassView): ChangeClassOptions => ({
  rules: { sameAmount: true, maxProgress: 20, days: 7 },
  refusal: '该班级已有待审核的转班申请',
  className: '电工作业班',
  paidFen: 10_000,
  progressPercent: 5,
  targets: [],
  pending,
});

beforeEach(() => {
  jest.mocked(getChangeOptions).mockReset().mockResolvedValue(options(PENDING));
  jest
    .mocked(listMyChanges)
    .mockReset()
    .mockResolvedValue({ list: [PENDING], total: 1, pageNum: 1, pageSize: 20 });
  jest
    .mocked(cancelMyChange)
    .mockReset()
    .mockResolvedValue({ ...PENDING, status: 'CANCELLED' });
});

describe('ChangeMyClassPage', () => {
  it('offers 撤销申请 on the pending application when its abilities allow it', async () => {
    renderScreen(<ChangeMyClassPage />, '/change-my-class?myClassId=30');
    const card = await screen.findByRole('region', { name: '待审核的转班申请' });
    expect(within(card).getByText('转到：焊工作业班')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '撤销申请' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认' }));
    await waitFor(() => expect(cancelMyChange).toHaveBeenCalledWith(7));
  });

  it("says why it cannot be withdrawn, in the server's words, instead of offering it", async () => {
    jest.mocked(getChangeOptions).mockResolvedValue(
      options({
        ...PENDING,
        abilities: { ...PENDING.abilities, canWithdraw: false, withdrawRefusal: '该申请已处理' },
      }),
    );
    renderScreen(<ChangeMyClassPage />, '/change-my-class?myClassId=30');
    const card = await screen.findByRole('region', { name: '待审核的转班申请' });
    expect(within(card).getByText('不能撤销：该申请已处理')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: '撤销申请' })).toBeNull();
  });
});
