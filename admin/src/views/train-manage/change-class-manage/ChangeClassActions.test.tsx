import type { ChangeClassAbilities, ChangeClassView } from '@px/api/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { auditChangeClassApply, cancelChangeClassApply } from '../../../api/change-class';
import { ChangeClassActions } from './ChangeClassActions';

jest.mock('../../../api/change-class', () => ({
  auditChangeClassApply: jest.fn(),
  cancelChangeClassApply: jest.fn(),
}));

const DECIDABLE: ChangeClassAbilities = {
  canApprove: true,
  approveRefusal: null,
  canReject: true,
  rejectRefusal: null,
  canCancel: true,
  cancelRefusal: null,
  canWithdraw: false,
  withdrawRefusal: '转班申请不存在',
};
const ROW: ChangeClassView = {
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
  abilities: DECIDABLE,
  createdAt: '2026-12-06T02:00:00.000Z',
};
const buttonNamed = (name: string) => screen.queryByRole('button', { name: new RegExp(`^${name}$`) });

beforeEach(() => {
  jest
    .mocked(auditChangeClassApply)
    .mockReset()
    .mockResolvedValue({ ...ROW, status: 'DONE' });
  jest.mocked(cancelChangeClassApply).mockReset();
});

describe('ChangeClassActions', () => {
  it('offers 通过, 驳回 and 撤销 of a pending application its abilities allow; 通过 approves', async () => {
    const onDone = jest.fn();
    render(<ChangeClassActions row={ROW} onDone={onDone} />);
    expect(buttonNamed('驳回')).toBeTruthy();
    expect(buttonNamed('撤销')).toBeTruthy();
    fireEvent.click(buttonNamed('通过') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      Array.from(dialog.querySelectorAll('button')).find(
        (node) => node.textContent?.replace(/\s/g, '') === '通过',
      ) as HTMLElement,
    );
    await waitFor(() => expect(auditChangeClassApply).toHaveBeenCalledWith(7, true, undefined));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('offers nothing the abilities refuse (a decided application, or only some actions allowed)', () => {
    const refused = '该申请已处理';
    const { unmount } = render(
      <ChangeClassActions
        row={{
          ...ROW,
          status: 'REJECTED',
          abilities: {
            ...DECIDABLE,
            canApprove: false,
            approveRefusal: refused,
            canReject: false,
            rejectRefusal: refused,
            canCancel: false,
            cancelRefusal: refused,
          },
        }}
        onDone={jest.fn()}
      />,
    );
    for (const name of ['通过', '驳回', '撤销']) expect(buttonNamed(name)).toBeNull();
    unmount();
    render(
      <ChangeClassActions
        row={{ ...ROW, abilities: { ...DECIDABLE, canApprove: false, approveRefusal: refused } }}
        onDone={jest.fn()}
      />,
    );
    expect(buttonNamed('通过')).toBeNull();
    expect(buttonNamed('驳回')).toBeTruthy();
  });
});
