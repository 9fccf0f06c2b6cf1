import type { ExceptionLogRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  listExceptionLog,
  queryExceptionLog,
  resolveExceptionLog,
  retryExceptionLog,
} from '../../../api/exception';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { ExceptionLogPage } from './ExceptionLogPage';

jest.mock('../../../api/exception', () => ({
  listExceptionLog: jest.fn(),
  queryExceptionLog: jest.fn(),
  retryExceptionLog: jest.fn(),
  resolveExceptionLog: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/exception-manage', '/exception-manage/list']);
const JOB: ExceptionLogRow = {
  key: 'JOB:0f8b6c2e-0000-4000-8000-000000000001',
  source: 'JOB',
  state: 'OPEN',
  at: '2026-12-01T02:00:00.000Z',
  projectId: 1,
  projectName: '演示项目',
  object: '后台任务 invoice.issue',
  reason: '开票平台无响应',
  link: null,
  resolvedByName: null,
  resolvedAt: null,
  resolveNote: null,
  canRetry: true,
  retryRefusal: null,
  canResolve: true,
  resolveRefusal: null,
};
const PUSH: ExceptionLogRow = {
  ...JOB,
  key: 'PUSH:7',
  source: 'PUSH',
  object: '推送单号 RP2026 · 赵六',
  reason: '身份证号与姓名不一致',
  link: '/customer/my-class-push-log-exception-manage',
};
const PAYMENT: ExceptionLogRow = {
  ...JOB,
  key: 'PAYMENT:3',
  source: 'PAYMENT',
  object: '支付通知 #3',
  reason: '签名校验失败',
  canRetry: false,
  retryRefusal: '该类异常不能重试，请到关联页面处理',
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest
    .mocked(listExceptionLog)
    .mockReset()
    .mockResolvedValue({ list: [JOB, PUSH, PAYMENT], total: 3, pageNum: 1, pageSize: 10 });
  jest
    .mocked(retryExceptionLog)
    .mockReset()
    .mockResolvedValue({ key: JOB.key, message: '任务 invoice.issue 已重新排队' });
  jest
    .mocked(resolveExceptionLog)
    .mockReset()
    .mockResolvedValue({ ...PAYMENT, state: 'RESOLVED', facts: [] });
  jest
    .mocked(queryExceptionLog)
    .mockReset()
    .mockResolvedValue({ ...JOB, facts: [{ label: '任务数据', value: '{"invoiceId":1}' }] });
});

test('open failures first; 重试 only where allowed; the object links to its page', async () => {
  renderScreen(<ExceptionLogPage />, STAFF, '/exception-manage/list');
  const job = (await screen.findByText('后台任务 invoice.issue')).closest('tr') as HTMLElement;
  expect(listExceptionLog).toHaveBeenCalledWith(expect.objectContaining({ state: 'OPEN' }));
  const push = screen.getByText('推送单号 RP2026 · 赵六');
  expect(push.closest('a')?.getAttribute('href')).toContain('/customer/my-class-push-log-exception-manage');
  const payment = screen.getByText('支付通知 #3').closest('tr') as HTMLElement;
  expect(within(payment).queryByText('重试')).toBeNull();
  fireEvent.click(button(job, '重试'));
  await waitFor(() => expect(retryExceptionLog).toHaveBeenCalledWith(JOB.key));
  await waitFor(() => expect(listExceptionLog).toHaveBeenCalledTimes(2));
});

test('标记已处理 needs a note; 详情 shows what was recorded', async () => {
  renderScreen(<ExceptionLogPage />, STAFF, '/exception-manage/list');
  const payment = (await screen.findByText('支付通知 #3')).closest('tr') as HTMLElement;
  fireEvent.click(button(payment, '标记已处理'));
  const dialog = await waitFor(() => {
    const found = document.querySelector('#exception-log-resolve_note')?.closest('[role="dialog"]');
    if (!found) throw new Error('not open');
    return found as HTMLElement;
  });
  fireEvent.click(button(dialog, '标记已处理'));
  expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
  fireEvent.change(document.querySelector('#exception-log-resolve_note') as HTMLTextAreaElement, {
    target: { value: '探测请求' },
  });
  fireEvent.click(button(dialog, '标记已处理'));
  await waitFor(() => expect(resolveExceptionLog).toHaveBeenCalledWith('PAYMENT:3', '探测请求'));

  const job = screen.getByText('后台任务 invoice.issue').closest('tr') as HTMLElement;
  fireEvent.click(button(job, '详情'));
  expect(await screen.findByText('{"invoiceId":1}')).toBeTruthy();
});
