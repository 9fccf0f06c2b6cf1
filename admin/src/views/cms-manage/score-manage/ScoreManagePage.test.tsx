import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  downloadScoreErrors,
  getCmsBatchOptions,
  importScores,
  publishScores,
  queryScores,
  updateScores,
} from '../../../api/cms';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { BATCH_OPTION, page, SCORE_ROW } from '../cms-fixtures';
import { button, dialogOf } from '../test-helpers';
import { ScoreManagePage } from './ScoreManagePage';

jest.mock('../../../api/cms', () => ({
  getCmsBatchOptions: jest.fn(),
  queryScores: jest.fn(),
  updateScores: jest.fn(),
  deleteScores: jest.fn(),
  downloadScoreTemplate: jest.fn(),
  importScores: jest.fn(),
  downloadScoreErrors: jest.fn(),
  exportScores: jest.fn(),
  publishScores: jest.fn(),
  unpublishScores: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/cms-manage/score-manage']);

beforeEach(() => {
  jest.mocked(getCmsBatchOptions).mockReset().mockResolvedValue([BATCH_OPTION]);
  jest
    .mocked(queryScores)
    .mockReset()
    .mockResolvedValue(page([SCORE_ROW]));
  jest.mocked(updateScores).mockReset().mockResolvedValue(SCORE_ROW);
  jest.mocked(publishScores).mockReset().mockResolvedValue({ published: 1, certificatesIssued: 1 });
  jest
    .mocked(downloadScoreErrors)
    .mockReset()
    .mockResolvedValue(new Blob(['x']));
});

test('a column per subject; 修改 saves each subject’s score or 缺考', async () => {
  renderScreen(<ScoreManagePage />, STAFF, '/cms-manage/score-manage');
  const row = (await screen.findByText('ZK2026000001')).closest('tr') as HTMLElement;
  expect(within(row).getByText('88.5')).toBeTruthy();
  expect(within(row).getByText('未录全')).toBeTruthy();
  expect(queryScores).toHaveBeenCalledWith(expect.objectContaining({ batchId: 3 }));
  fireEvent.click(button(row, '修改'));
  const dialog = await dialogOf('#cms-score_scores_1_score');
  fireEvent.click(button(dialog, '保存'));
  expect(await within(dialog).findByText('请填写成绩或标记缺考')).toBeTruthy();
  const boxes = dialog.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
  fireEvent.click(boxes[0] as HTMLInputElement);
  fireEvent.click(boxes[1] as HTMLInputElement);
  fireEvent.click(button(dialog, '保存'));
  await waitFor(() =>
    expect(updateScores).toHaveBeenCalledWith({
      applyId: 21,
      scores: [
        { subjectId: 31, score: null, absent: true },
        { subjectId: 32, score: null, absent: true },
      ],
    }),
  );
});

test('a refused import lists the cells and offers the error file; 发布成绩 says how many', async () => {
  jest.mocked(importScores).mockResolvedValue({
    total: 2,
    imported: 0,
    importId: 9,
    errors: [{ row: 3, field: '操作技能', value: '120', message: '成绩不能超过满分 100' }],
  });
  renderScreen(<ScoreManagePage />, STAFF, '/cms-manage/score-manage');
  await screen.findByText('ZK2026000001');
  fireEvent.click(button(document.body, '导入成绩'));
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]');
    if (!found) throw new Error('no file input');
    return found;
  });
  fireEvent.change(input, { target: { files: [new File(['x'], 'scores.xlsx')] } });
  fireEvent.click(button(document.body, '开始导入'));
  await waitFor(() => expect(importScores).toHaveBeenCalledWith(3, expect.any(File)));
  expect(await screen.findByText('成绩不能超过满分 100')).toBeTruthy();
  fireEvent.click(button(document.body, '下载错误文件'));
  await waitFor(() => expect(downloadScoreErrors).toHaveBeenCalledWith(9));
  expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '成绩导入错误.xlsx');
  fireEvent.click(button(document.body, '取消'));

  fireEvent.click(button(document.body, '发布成绩'));
  const [confirm] = await screen.findAllByText('发布该批次的成绩？');
  fireEvent.click(button(confirm?.closest('.ant-modal') as HTMLElement, '发布成绩'));
  await waitFor(() => expect(publishScores).toHaveBeenCalledWith(3));
  expect(await screen.findByText('已发布 1 名考生的成绩，发放证书 1 张')).toBeTruthy();
});
