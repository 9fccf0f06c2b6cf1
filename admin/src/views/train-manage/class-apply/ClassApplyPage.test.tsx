import type { ClassApplyRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { auditClassApply, listClassApplies } from '../../../api/class-apply';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { ClassApplyPage } from './ClassApplyPage';

jest.mock('../../../api/class-apply', () => ({
  listClassApplies: jest.fn(),
  auditClassApply: jest.fn(),
  notifyStudyClass: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/train-manage', '/train-manage/class-apply']);
const PENDING: ClassApplyRow = {
  id: 7,
  status: 'PENDING',
  accountId: 4,
  realName: '李四',
  idCardNo: '370102198805122012',
  mobile: '13800000001',
  unitName: null,
  classId: 11,
  className: '特种作业安全管理研修班',
  classYear: 2026,
  amountFen: 0,
  reason: '单位安排参加',
  remark: null,
  auditedByName: null,
  auditedAt: null,
  createdAt: '2026-12-01T02:00:00.000Z',
  canApprove: true,
  approveRefusal: null,
  canReject: true,
  rejectRefusal: null,
};
const REJECTED: ClassApplyRow = {
  ...PENDING,
  id: 8,
  realName: '王五',
  status: 'REJECTED',
  remark: '本期仅面向特种作业单位',
  auditedByName: '项目管理员',
  auditedAt: '2026-12-01T03:00:00.000Z',
  canApprove: false,
  approveRefusal: '该申请已处理',
  canReject: false,
  rejectRefusal: '该申请已处理',
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest
    .mocked(listClassApplies)
    .mockReset()
    .mockResolvedValue({ list: [PENDING, REJECTED], total: 2, pageNum: 1, pageSize: 10 });
  jest
    .mocked(auditClassApply)
    .mockReset()
    .mockResolvedValue({ ...PENDING, status: 'APPROVED', canApprove: false, canReject: false });
});

test('a pending application is approved after confirmation; a decided one offers no action', async () => {
  // The reader has shown every column (审核 sits behind 列设置).
  window.localStorage.setItem('listColumns:train-manage/class-apply', '[]');
  renderScreen(<ClassApplyPage />, STAFF, '/train-manage/class-apply');
  const decided = (await screen.findByText('王五')).closest('tr') as HTMLElement;
  expect(within(decided).queryByText('通过')).toBeNull();
  expect(within(decided).getByText('本期仅面向特种作业单位')).toBeTruthy();
  const row = screen.getByText('李四').closest('tr') as HTMLElement;
  expect(within(row).getByText('待审核')).toBeTruthy();
  fireEvent.click(button(row, '通过'));
  const confirm = await screen.findByText('通过 李四 的报名申请？');
  fireEvent.click(button(confirm.closest('.ant-popover') as HTMLElement, '通过'));
  await waitFor(() => expect(auditClassApply).toHaveBeenCalledWith(7, true));
  await waitFor(() => expect(listClassApplies).toHaveBeenCalledTimes(2));
});

test('驳回 needs the reason the student reads', async () => {
  renderScreen(<ClassApplyPage />, STAFF, '/train-manage/class-apply');
  const row = (await screen.findByText('李四')).closest('tr') as HTMLElement;
  fireEvent.click(button(row, '驳回'));
  const dialog = await waitFor(() => {
    const found = document.querySelector('#class-apply-reject_remark')?.closest('[role="dialog"]');
    if (!found) throw new Error('not open');
    return found as HTMLElement;
  });
  fireEvent.click(button(dialog, '驳回'));
  expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
  expect(auditClassApply).not.toHaveBeenCalled();
  fireEvent.change(document.querySelector('#class-apply-reject_remark') as HTMLTextAreaElement, {
    target: { value: '名额已满' },
  });
  fireEvent.click(button(dialog, '驳回'));
  await waitFor(() => expect(auditClassApply).toHaveBeenCalledWith(7, false, '名额已满'));
});
