import type { ExceptionCaseDetail, ExceptionCaseRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  assignExceptionCase,
  getExceptionCase,
  getExceptionCaseOptions,
  listExceptionCases,
  registerExceptionCase,
  resolveExceptionCase,
  startExceptionCase,
} from '../../../api/exception';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { ExceptionRegisterPage } from './ExceptionRegisterPage';

jest.mock('../../../api/exception', () => ({
  listExceptionCases: jest.fn(),
  getExceptionCase: jest.fn(),
  getExceptionCaseOptions: jest.fn(),
  registerExceptionCase: jest.fn(),
  assignExceptionCase: jest.fn(),
  startExceptionCase: jest.fn(),
  resolveExceptionCase: jest.fn(),
  uploadCaseImage: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const SERVICE = buildAccountInfo(['/home', '/customer', '/customer/exception-register']);
const PENDING: ExceptionCaseRow = {
  id: 7,
  kind: 'HOURS',
  status: 'PENDING',
  accountId: 4,
  realName: '李四',
  idCardNo: '370102198805122012',
  mobile: '13800000001',
  description: '第二章学时未累计',
  images: [],
  assigneeId: null,
  assigneeName: null,
  createdByName: '客服小王',
  createdAt: '2026-12-01T02:00:00.000Z',
  updatedAt: '2026-12-01T02:00:00.000Z',
  canAssign: true,
  assignRefusal: null,
  canStart: false,
  startRefusal: '请先指派处理人',
  canResolve: false,
  resolveRefusal: '请先开始处理',
};
const PROCESSING: ExceptionCaseRow = {
  ...PENDING,
  id: 8,
  kind: 'FACE',
  status: 'PROCESSING',
  realName: '王五',
  assigneeId: 3,
  assigneeName: '客服小王',
  canStart: false,
  startRefusal: '只有待处理的异常可以开始处理',
  canResolve: true,
  resolveRefusal: null,
};
const RESOLVED: ExceptionCaseRow = {
  ...PROCESSING,
  id: 9,
  kind: 'PAYMENT',
  status: 'RESOLVED',
  realName: '赵六',
  canAssign: false,
  assignRefusal: '该异常已处理',
  canResolve: false,
  resolveRefusal: '该异常已处理',
};
const DETAIL: ExceptionCaseDetail = {
  ...RESOLVED,
  images: [{ id: 'a', url: '/api/uploaded-image/a.png' }],
  notes: [
    {
      id: 1,
      action: 'REGISTER',
      fromStatus: null,
      toStatus: 'PENDING',
      note: '',
      assigneeName: null,
      createdByName: '客服小王',
      createdAt: '2026-12-01T02:00:00.000Z',
    },
    {
      id: 2,
      action: 'RESOLVE',
      fromStatus: 'PROCESSING',
      toStatus: 'RESOLVED',
      note: '已补单',
      assigneeName: '客服小王',
      createdByName: '客服小王',
      createdAt: '2026-12-01T05:00:00.000Z',
    },
  ],
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const dialogOf = (selector: string) =>
  waitFor(() => {
    const dialog = document.querySelector(selector)?.closest('[role="dialog"]') as HTMLElement | null;
    if (!dialog || dialog.style.display === 'none') throw new Error('not open');
    return dialog;
  });

beforeEach(() => {
  jest
    .mocked(listExceptionCases)
    .mockReset()
    .mockResolvedValue({ list: [PENDING, PROCESSING, RESOLVED], total: 3, pageNum: 1, pageSize: 10 });
  jest.mocked(getExceptionCase).mockReset().mockResolvedValue(DETAIL);
  jest
    .mocked(getExceptionCaseOptions)
    .mockReset()
    .mockImplementation(async (student?: string) => ({
      assignees: [{ id: 3, name: '客服小王' }],
      students: student ? [{ id: 4, realName: '李四', idCardNo: '370102198805122012', mobile: null }] : [],
    }));
  for (const call of [registerExceptionCase, assignExceptionCase, startExceptionCase, resolveExceptionCase])
    jest
      .mocked(call)
      .mockReset()
      .mockResolvedValue({ ...DETAIL });
});

test('each row offers only what its abilities allow; the home link starts filtered', async () => {
  renderScreen(<ExceptionRegisterPage />, SERVICE, '/customer/exception-register?status=PENDING');
  const pending = (await screen.findByText('李四')).closest('tr') as HTMLElement;
  expect(within(pending).getByText('待处理')).toBeTruthy();
  expect(within(pending).getByText('未指派')).toBeTruthy();
  expect(within(pending).queryByText('开始处理')).toBeNull();
  expect(button(pending, '指派')).toBeTruthy();
  const processing = screen.getByText('王五').closest('tr') as HTMLElement;
  expect(button(processing, '处理完成')).toBeTruthy();
  const resolved = screen.getByText('赵六').closest('tr') as HTMLElement;
  expect(within(resolved).queryByText('指派')).toBeNull();
  expect(within(resolved).queryByText('处理完成')).toBeNull();
  expect(listExceptionCases).toHaveBeenCalledWith(expect.objectContaining({ status: 'PENDING' }));
});

test('处理完成 needs a note; 指派 sends the chosen staff account', async () => {
  renderScreen(<ExceptionRegisterPage />, SERVICE, '/customer/exception-register');
  const processing = (await screen.findByText('王五')).closest('tr') as HTMLElement;
  fireEvent.click(button(processing, '处理完成'));
  const dialog = await dialogOf('#exception-resolve_note');
  fireEvent.click(button(dialog, '处理完成'));
  expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
  fireEvent.change(document.querySelector('#exception-resolve_note') as HTMLTextAreaElement, {
    target: { value: '已重新采集照片' },
  });
  fireEvent.click(button(dialog, '处理完成'));
  await waitFor(() => expect(resolveExceptionCase).toHaveBeenCalledWith(8, '已重新采集照片'));

  const pending = screen.getByText('李四').closest('tr') as HTMLElement;
  fireEvent.click(button(pending, '指派'));
  const assign = await dialogOf('#exception-assign_assigneeId');
  fireEvent.mouseDown(assign.querySelector('#exception-assign_assigneeId') as HTMLElement);
  fireEvent.click(await screen.findByTitle('客服小王'));
  fireEvent.click(button(assign, '指派'));
  await waitFor(() => expect(assignExceptionCase).toHaveBeenCalledWith(7, 3, undefined));
});

test('登记异常 searches the student and registers the case', async () => {
  renderScreen(<ExceptionRegisterPage />, SERVICE, '/customer/exception-register');
  await screen.findByText('李四');
  fireEvent.click(button(document.body, '登记异常'));
  const dialog = await dialogOf('#exception-register_accountId');
  const studentField = dialog.querySelector('#exception-register_accountId') as HTMLInputElement;
  fireEvent.mouseDown(studentField);
  fireEvent.change(studentField, { target: { value: '李四' } });
  await waitFor(() => expect(getExceptionCaseOptions).toHaveBeenCalledWith('李四'));
  fireEvent.click(await screen.findByTitle('李四（370102198805122012）'));
  fireEvent.mouseDown(dialog.querySelector('#exception-register_kind') as HTMLElement);
  fireEvent.click(await screen.findByTitle('人脸核验异常'));
  fireEvent.change(dialog.querySelector('#exception-register_description') as HTMLTextAreaElement, {
    target: { value: '人脸核验总是失败' },
  });
  fireEvent.click(button(dialog, '登记'));
  await waitFor(() =>
    expect(registerExceptionCase).toHaveBeenCalledWith({
      accountId: 4,
      kind: 'FACE',
      description: '人脸核验总是失败',
      imageIds: [],
    }),
  );
});

test('详情 shows the images and every step with who and when', async () => {
  renderScreen(<ExceptionRegisterPage />, SERVICE, '/customer/exception-register');
  const resolved = (await screen.findByText('赵六')).closest('tr') as HTMLElement;
  fireEvent.click(button(resolved, '详情'));
  expect(await screen.findByText('处理记录')).toBeTruthy();
  expect(screen.getByText('已补单')).toBeTruthy();
  expect(screen.getByText('（处理中 → 已处理）')).toBeTruthy();
  expect(screen.getByAltText('附件图片')).toBeTruthy();
  expect(getExceptionCase).toHaveBeenCalledWith(9);
});
