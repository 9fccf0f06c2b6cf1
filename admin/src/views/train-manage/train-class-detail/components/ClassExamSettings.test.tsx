import type { ExamSetting } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { getExamSetting, listPaperOptions, saveExamSetting } from '../../../../api/exam';
import { buildFieldsError } from '../../../../testing/field-errors';
import { buildAccountInfo } from '../../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../../testing/render-screen';
import { CLASS_STAFF } from '../../class/class-test-data';
import { ClassExamSettings } from './ClassExamSettings';

jest.mock('../../../../api/exam', () => ({
  getExamSetting: jest.fn(),
  saveExamSetting: jest.fn(),
  listPaperOptions: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getExamSetting);
const saveMock = jest.mocked(saveExamSetting);

const UNSET: ExamSetting = {
  classId: 5,
  className: '安全员继续教育班',
  examRequired: true,
  paperId: null,
  paperName: null,
  timeLimitMinutes: 60,
  attemptsAllowed: 3,
  passScore: 60,
  reviewPolicy: 'AFTER_SUBMIT',
  exerciseEnabled: false,
  configured: false,
};
const SAVED: ExamSetting = {
  ...UNSET,
  paperId: 9,
  paperName: '安全生产知识考试卷',
  timeLimitMinutes: 20,
  reviewPolicy: 'AFTER_PASS',
  exerciseEnabled: true,
  configured: true,
};

const button = (text: string) =>
  screen
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

function open(onSaved = jest.fn(), info = CLASS_STAFF) {
  renderScreen(
    <ClassExamSettings classId={5} onSaved={onSaved} />,
    info,
    '/train-manage/train-class-detail?id=5',
  );
  return onSaved;
}

beforeEach(() => {
  getMock.mockReset().mockResolvedValue(UNSET);
  saveMock.mockReset().mockResolvedValue(SAVED);
  jest
    .mocked(listPaperOptions)
    .mockReset()
    .mockResolvedValue([{ id: 9, name: '安全生产知识考试卷', mode: 'FIXED', questionCount: 10 }]);
});

describe('ClassExamSettings', () => {
  it('says an exam without a paper is not configured, and asks for a paper before saving', async () => {
    open();
    expect(await screen.findByText('考试尚未配置：请选择试卷并保存，学员才能参加考试')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(5);
    fireEvent.click(button('保存考试设置'));
    expect(await screen.findByText('需要考试或开放练习时请选择试卷')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('saves the paper, time limit, attempts, pass mark, review policy and exercises', async () => {
    const onSaved = open();
    await screen.findByText('考试尚未配置：请选择试卷并保存，学员才能参加考试');
    fireEvent.mouseDown(field('exam-setting-form_paperId'));
    fireEvent.click(
      await screen.findByText('安全生产知识考试卷（手动组卷 · 10 题）', {
        selector: '.ant-select-item-option-content',
      }),
    );
    fireEvent.change(field('exam-setting-form_timeLimitMinutes'), { target: { value: '20' } });
    fireEvent.mouseDown(field('exam-setting-form_reviewPolicy'));
    fireEvent.click(
      await screen.findByText('考试合格后显示答案', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.click(field('exam-setting-form_exerciseEnabled'));
    fireEvent.click(button('保存考试设置'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        classId: 5,
        examRequired: true,
        paperId: 9,
        timeLimitMinutes: 20,
        attemptsAllowed: 3,
        passScore: 60,
        reviewPolicy: 'AFTER_PASS',
        exerciseEnabled: true,
      }),
    );
    expect(onSaved).toHaveBeenCalledWith(SAVED);
    expect(await screen.findByText('学员学完要求学时后即可参加考试')).toBeTruthy();
  });

  it('shows the server refusals on their fields', async () => {
    getMock.mockResolvedValue(SAVED);
    saveMock.mockRejectedValueOnce(
      buildFieldsError([{ field: 'attemptsAllowed', message: '考试次数应为 1 到 100 的整数' }]),
    );
    open();
    await screen.findByText('学员学完要求学时后即可参加考试');
    expect(await screen.findByText('安全生产知识考试卷（手动组卷 · 10 题）')).toBeTruthy();
    fireEvent.click(button('保存考试设置'));
    expect(await screen.findByText('考试次数应为 1 到 100 的整数')).toBeTruthy();
  });

  it('links to 试卷管理 only for roles holding it', async () => {
    open(
      jest.fn(),
      buildAccountInfo(['/home', '/train-manage/train-class-detail', '/resource-manage/exam-paper']),
    );
    const link = await screen.findByText('去试卷管理组卷');
    expect(link.closest('a')?.getAttribute('href')).toBe('/resource-manage/exam-paper');
  });

  it('has no link to 试卷管理 for roles without it', async () => {
    open();
    await screen.findByText('考试尚未配置：请选择试卷并保存，学员才能参加考试');
    expect(screen.queryByText('去试卷管理组卷')).toBeNull();
  });

  it('offers to load again when the settings cannot be read', async () => {
    getMock.mockRejectedValueOnce(new Error('班级不存在'));
    open();
    expect(await screen.findByText('班级不存在')).toBeTruthy();
    fireEvent.click(button('重新加载'));
    expect(await screen.findByText('考试尚未配置：请选择试卷并保存，学员才能参加考试')).toBeTruthy();
  });
});
