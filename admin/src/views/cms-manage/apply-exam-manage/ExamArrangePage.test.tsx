import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  assignSeat,
  autoAssignSeats,
  exportAttendance,
  getCmsBatchOptions,
  issueTickets,
  listCmsCandidates,
  listCmsSittings,
} from '../../../api/cms';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { BATCH_OPTION, CANDIDATE, page, SITTING } from '../cms-fixtures';
import { button, dialogOf } from '../test-helpers';
import { ExamArrangePage } from './ExamArrangePage';

jest.mock('../../../api/cms', () => ({
  getCmsBatchOptions: jest.fn(),
  listCmsSittings: jest.fn(),
  listCmsCandidates: jest.fn(),
  saveCmsSitting: jest.fn(),
  deleteCmsSitting: jest.fn(),
  autoAssignSeats: jest.fn(),
  assignSeat: jest.fn(),
  unassignSeat: jest.fn(),
  issueTickets: jest.fn(),
  exportAttendance: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/cms-manage/apply-exam-manage']);

beforeEach(() => {
  jest.mocked(getCmsBatchOptions).mockReset().mockResolvedValue([BATCH_OPTION]);
  jest.mocked(listCmsSittings).mockReset().mockResolvedValue([SITTING]);
  jest
    .mocked(listCmsCandidates)
    .mockReset()
    .mockResolvedValue(page([CANDIDATE]));
  jest.mocked(autoAssignSeats).mockReset().mockResolvedValue({ assigned: 1, unseated: 2 });
  jest.mocked(issueTickets).mockReset().mockResolvedValue({ issued: 1 });
  jest.mocked(assignSeat).mockReset().mockResolvedValue(CANDIDATE);
  jest
    .mocked(exportAttendance)
    .mockReset()
    .mockResolvedValue(new Blob(['x']));
});

test('the first batch’s sittings and candidates; 自动排座 says who was left without a seat; 发放准考证', async () => {
  renderScreen(<ExamArrangePage />, STAFF, '/cms-manage/apply-exam-manage');
  const sitting = (await screen.findByText('演示培训单位 3 楼')).closest('tr') as HTMLElement;
  expect(within(sitting).getByText('1 / 2')).toBeTruthy();
  // Seated candidates: the room cannot be deleted.
  expect(within(sitting).queryByText('删除')).toBeNull();
  await screen.findByText('张三');
  expect(listCmsCandidates).toHaveBeenCalledWith(expect.objectContaining({ batchId: 3 }));
  fireEvent.click(button(document.body, '自动排座'));
  await waitFor(() => expect(autoAssignSeats).toHaveBeenCalledWith(3));
  expect(await screen.findByText('已安排 1 人，2 人因座位不足未安排')).toBeTruthy();
  fireEvent.click(button(document.body, '发放准考证'));
  await waitFor(() => expect(issueTickets).toHaveBeenCalledWith(3));
  fireEvent.click(button(sitting, '导出签到表'));
  await waitFor(() => expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '签到表-第一考场.xlsx'));
  expect(exportAttendance).toHaveBeenCalledWith(5);
});

test('安排座位 seats a candidate in the chosen room at the seat typed', async () => {
  renderScreen(<ExamArrangePage />, STAFF, '/cms-manage/apply-exam-manage');
  const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
  fireEvent.click(button(row, '安排座位'));
  const dialog = await dialogOf('#cms-seat_seatNo');
  fireEvent.click(button(dialog, '保存'));
  expect(await within(dialog).findByText('请选择考场')).toBeTruthy();
  fireEvent.mouseDown(document.querySelector('#cms-seat_sittingId') as HTMLElement);
  fireEvent.click(
    await screen.findByText('第一考场（1/2）', { selector: '.ant-select-item-option-content' }),
  );
  fireEvent.change(document.querySelector('#cms-seat_seatNo') as HTMLInputElement, {
    target: { value: '2' },
  });
  fireEvent.click(button(dialog, '保存'));
  await waitFor(() => expect(assignSeat).toHaveBeenCalledWith({ applyId: 21, sittingId: 5, seatNo: 2 }));
});
