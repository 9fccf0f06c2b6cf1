import type { NotPushedRow, PushRow } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  exportFailedPushes,
  getPushClassOptions,
  listNotPushed,
  listPushAttempts,
  listPushes,
  pushEnrolments,
  repushPushes,
} from '../../../api/regulator';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { PushLogPage } from './PushLogPage';

jest.mock('../../../api/regulator', () => ({
  listPushes: jest.fn(),
  listPushAttempts: jest.fn(),
  listNotPushed: jest.fn(),
  exportFailedPushes: jest.fn(),
  repushPushes: jest.fn(),
  pushEnrolments: jest.fn(),
  getPushClassOptions: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const SERVICE = buildAccountInfo(['/home', '/customer/my-class-push-log-manage']);
const PUSHED: PushRow = {
  id: 1,
  pushNo: 'RP2026112800000001',
  myClassId: 3,
  kind: 'ORIGINAL',
  correctsPushNo: null,
  origin: 'AUTO',
  status: 'SUCCESS',
  accountId: 4,
  studentName: '张三',
  idCardNo: '370102********1234',
  classId: 2,
  className: '安全生产继续教育',
  hours: 12,
  attempts: 1,
  lastCode: 'ACCEPTED',
  failure: null,
  errors: [],
  receiptNo: 'RC1',
  acceptedAt: '2026-11-28T02:00:00.000Z',
  nextAttemptAt: null,
  handledAt: null,
  handleNote: null,
  createdAt: '2026-11-28T01:59:00.000Z',
  canRepush: false,
  repushRefusal: '该记录已上报成功，无需重新上报',
};
const FAILED: PushRow = {
  ...PUSHED,
  id: 2,
  pushNo: 'RP2026112800000002',
  studentName: '李四',
  status: 'FAILED',
  acceptedAt: null,
  attempts: 10,
  lastCode: 'UNREACHABLE',
  failure: '已尝试 10 次仍未成功：监管平台无应答（TimeoutError）',
  canRepush: true,
  repushRefusal: null,
};
const WAITING: NotPushedRow = {
  myClassId: 9,
  accountId: 5,
  studentName: '王五',
  idCardNo: null,
  classId: 2,
  className: '安全生产继续教育',
  passedAt: '2026-11-27T02:00:00.000Z',
  hours: 12,
  reason: '手动上报模式，待人工上报',
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  jest
    .mocked(listPushes)
    .mockReset()
    .mockResolvedValue({ list: [PUSHED, FAILED], total: 2, pageNum: 1, pageSize: 10 });
  jest
    .mocked(listNotPushed)
    .mockReset()
    .mockResolvedValue({ list: [WAITING], total: 1, pageNum: 1, pageSize: 10 });
  jest
    .mocked(listPushAttempts)
    .mockReset()
    .mockResolvedValue([
      {
        id: 11,
        attempt: 1,
        answerCode: 'ACCEPTED',
        httpStatus: 200,
        durationMs: 35,
        message: 'RC1',
        request: {
          method: 'POST',
          path: '/api/v1/study-records',
          hours: 12,
          classCode: 'PX1-2',
          idNumber: '370102********1234',
        },
        createdAt: '2026-11-28T02:00:00.000Z',
      },
    ]);
  jest.mocked(repushPushes).mockReset().mockResolvedValue({ queued: 1, refused: [] });
  jest.mocked(pushEnrolments).mockReset().mockResolvedValue({ queued: 1, refused: [] });
  jest.mocked(exportFailedPushes).mockReset();
  jest.mocked(getPushClassOptions).mockReset().mockResolvedValue([]);
});

test('lists each push with its state; only failed ones are re-pushed; 上报记录 shows the attempts', async () => {
  renderScreen(<PushLogPage />, SERVICE, '/customer/my-class-push-log-manage');
  const done = (await screen.findByText('RP2026112800000001')).closest('tr') as HTMLElement;
  const failed = screen.getByText('RP2026112800000002').closest('tr') as HTMLElement;
  expect(within(done).getByText('已上报')).toBeTruthy();
  expect(within(done).queryByText('重新上报')).toBeNull();
  expect(within(failed).getByText('已尝试 10 次仍未成功：监管平台无应答（TimeoutError）')).toBeTruthy();
  fireEvent.click(button(failed, '重新上报'));
  await waitFor(() => expect(repushPushes).toHaveBeenCalledWith([2]));
  fireEvent.click(button(done, '上报记录'));
  expect(await screen.findByText('POST /api/v1/study-records（12 学时）')).toBeTruthy();
  expect(listPushAttempts).toHaveBeenCalledWith(1);
});

test('未上报 lists who passed and was never pushed, with why; 上报 pushes one', async () => {
  renderScreen(<PushLogPage />, SERVICE, '/customer/my-class-push-log-manage?view=not-pushed');
  const row = (await screen.findByText('王五')).closest('tr') as HTMLElement;
  expect(within(row).getByText('手动上报模式，待人工上报')).toBeTruthy();
  fireEvent.click(button(row, '上报'));
  await waitFor(() => expect(pushEnrolments).toHaveBeenCalledWith([9]));
  await waitFor(() => expect(listNotPushed).toHaveBeenCalledTimes(2));
});
