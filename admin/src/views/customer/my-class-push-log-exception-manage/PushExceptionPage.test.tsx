import type { PushExceptionRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  correctPushException,
  getPushClassOptions,
  handlePushException,
  listPushAttempts,
  listPushExceptions,
} from '../../../api/regulator';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { PushExceptionPage } from './PushExceptionPage';

jest.mock('../../../api/regulator', () => ({
  listPushExceptions: jest.fn(),
  correctPushException: jest.fn(),
  handlePushException: jest.fn(),
  listPushAttempts: jest.fn(),
  getPushClassOptions: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const SERVICE = buildAccountInfo(['/home', '/customer/my-class-push-log-exception-manage']);
const ROW: PushExceptionRow = {
  id: 7,
  pushNo: 'RP2026112800000007',
  myClassId: 3,
  kind: 'ORIGINAL',
  correctsPushNo: null,
  origin: 'AUTO',
  status: 'FAILED',
  accountId: 4,
  studentName: '赵六',
  idCardNo: '370102********1234',
  classId: 2,
  className: '安全生产继续教育',
  hours: 12,
  attempts: 1,
  lastCode: 'REJECTED',
  failure: '身份证号：身份证号与姓名不一致',
  errors: [
    {
      field: 'student.idNumber',
      fieldLabel: '身份证号',
      reason: 'ID_NAME_MISMATCH',
      message: '身份证号与姓名不一致',
    },
  ],
  receiptNo: null,
  acceptedAt: null,
  nextAttemptAt: null,
  handledAt: null,
  handleNote: null,
  createdAt: '2026-11-28T02:00:00.000Z',
  canRepush: true,
  repushRefusal: null,
  realName: '赵六',
  idCardNoFull: '370102199001011234',
  mobile: '13900000000',
  canCorrect: true,
  correctRefusal: null,
  canHandle: true,
  handleRefusal: null,
};

/** The dialog holding the form field `selector` (both dialogs of the page are rendered). */
const dialogOf = (selector: string) =>
  waitFor(() => {
    const dialog = document.querySelector(selector)?.closest('[role="dialog"]') as HTMLElement | null;
    if (!dialog || dialog.style.display === 'none') throw new Error('not open');
    return dialog;
  });

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest
    .mocked(listPushExceptions)
    .mockReset()
    .mockResolvedValue({ list: [ROW], total: 1, pageNum: 1, pageSize: 10 });
  jest
    .mocked(correctPushException)
    .mockReset()
    .mockResolvedValue({ ...ROW, status: 'PENDING' });
  jest
    .mocked(handlePushException)
    .mockReset()
    .mockResolvedValue({ ...ROW, status: 'IGNORED' });
  jest.mocked(listPushAttempts).mockReset().mockResolvedValue([]);
  jest.mocked(getPushClassOptions).mockReset().mockResolvedValue([]);
});

test('a refusal shows its field and reason; 更正并重新上报 sends the corrected identity with the note', async () => {
  renderScreen(<PushExceptionPage />, SERVICE, '/customer/my-class-push-log-exception-manage');
  const row = (await screen.findByText('RP2026112800000007')).closest('tr') as HTMLElement;
  expect(within(row).getByText('身份证号')).toBeTruthy();
  expect(within(row).getByText('身份证号与姓名不一致')).toBeTruthy();
  fireEvent.click(button(row, '更正并重新上报'));
  const dialog = await dialogOf('#push-correct_realName');
  expect(within(dialog).getByText('监管平台退回')).toBeTruthy();
  await waitFor(() =>
    expect((document.querySelector('#push-correct_realName') as HTMLInputElement).value).toBe('赵六'),
  );
  fireEvent.change(document.querySelector('#push-correct_realName') as HTMLInputElement, {
    target: { value: '赵陆' },
  });
  // The note is required.
  fireEvent.click(button(dialog, '更正并重新上报'));
  expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
  expect(correctPushException).not.toHaveBeenCalled();
  fireEvent.change(document.querySelector('#push-correct_note') as HTMLTextAreaElement, {
    target: { value: '已核对身份证' },
  });
  fireEvent.click(button(dialog, '更正并重新上报'));
  await waitFor(() =>
    expect(correctPushException).toHaveBeenCalledWith({
      id: 7,
      realName: '赵陆',
      idCardNo: '370102199001011234',
      mobile: '13900000000',
      note: '已核对身份证',
    }),
  );
  await waitFor(() => expect(listPushExceptions).toHaveBeenCalledTimes(2));
});

test('标记已处理 asks for a note; a handled row offers neither action', async () => {
  jest.mocked(listPushExceptions).mockResolvedValue({
    list: [
      ROW,
      {
        ...ROW,
        id: 8,
        pushNo: 'RP2026112800000008',
        status: 'IGNORED',
        handledAt: '2026-11-28T03:00:00.000Z',
        handleNote: '学员已退学',
        canCorrect: false,
        canHandle: false,
        canRepush: false,
      },
    ],
    total: 2,
    pageNum: 1,
    pageSize: 10,
  });
  // The reader has shown every column (处理 sits behind 列设置).
  window.localStorage.setItem('listColumns:customer/my-class-push-log-exception-manage', '[]');
  renderScreen(<PushExceptionPage />, SERVICE, '/customer/my-class-push-log-exception-manage');
  const handled = (await screen.findByText('RP2026112800000008')).closest('tr') as HTMLElement;
  expect(within(handled).queryByText('标记已处理')).toBeNull();
  expect(within(handled).getByText('学员已退学')).toBeTruthy();
  const row = screen.getByText('RP2026112800000007').closest('tr') as HTMLElement;
  fireEvent.click(button(row, '标记已处理'));
  const dialog = await dialogOf('#push-handle_note');
  fireEvent.change(document.querySelector('#push-handle_note') as HTMLTextAreaElement, {
    target: { value: '重复报名，无需上报' },
  });
  fireEvent.click(button(dialog, '标记已处理'));
  await waitFor(() => expect(handlePushException).toHaveBeenCalledWith(7, '重复报名，无需上报'));
});
