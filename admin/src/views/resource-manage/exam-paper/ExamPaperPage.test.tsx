import type { ExamQuestionItem, PaperDetail, PaperItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deletePaper,
  examCategoryCalls,
  getPaper,
  listExamQuestions,
  listPapers,
  previewPaper,
  savePaper,
} from '../../../api/exam';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { button, rowOf, sampleCategoryTree } from '../components/screen-testing';
import { ExamPaperPage } from './ExamPaperPage';

jest.mock('../../../api/exam', () => ({
  examCategoryCalls: { tree: jest.fn(), save: jest.fn(), drag: jest.fn(), remove: jest.fn() },
  listPapers: jest.fn(),
  getPaper: jest.fn(),
  savePaper: jest.fn(),
  deletePaper: jest.fn(),
  previewPaper: jest.fn(),
  listExamQuestions: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listPapers);
const saveMock = jest.mocked(savePaper);

const STAFF = buildAccountInfo(['/home', '/resource-manage/exam-paper']);

function question(id: number, content: string, overrides: Partial<ExamQuestionItem> = {}): ExamQuestionItem {
  return {
    id,
    categoryId: 11,
    categoryName: '安全生产 / 消防安全',
    type: 'SINGLE',
    content,
    options: ['甲', '乙'],
    answer: 'B',
    acceptedAnswers: [],
    analysis: null,
    paperCount: 0,
    createdAt: '2026-11-01T02:00:00.000Z',
    updatedAt: '2026-11-01T02:00:00.000Z',
    abilities: { canDelete: true, deleteRefusal: null },
    ...overrides,
  };
}
const Q1 = question(31, '发现火情后，第一步应当做什么？');
const Q2 = question(32, '火警电话是____。', {
  type: 'FILL',
  options: [],
  answer: '',
  acceptedAnswers: ['119'],
});
const Q3 = question(33, '电器着火可以直接用水扑救。', { type: 'JUDGE', options: ['正确', '错误'] });

const FIXED: PaperItem = {
  id: 9,
  name: '安全生产知识考试卷',
  mode: 'FIXED',
  description: null,
  questionCount: 2,
  totalScore: 100,
  classCount: 1,
  createdAt: '2026-11-01T02:00:00.000Z',
  updatedAt: '2026-11-02T02:00:00.000Z',
  abilities: { canDelete: false, deleteRefusal: '该试卷已被 1 个班级的考试使用，不能删除' },
};
const RANDOM: PaperItem = {
  ...FIXED,
  id: 10,
  name: '随机练习卷',
  mode: 'RANDOM',
  classCount: 0,
  questionCount: 10,
  abilities: { canDelete: true, deleteRefusal: null },
};
const FIXED_DETAIL: PaperDetail = {
  ...FIXED,
  questions: [
    { questionId: 31, score: 60, question: Q1 },
    { questionId: 32, score: 40, question: Q2 },
  ],
  rules: [],
};

async function openPage() {
  renderScreen(<ExamPaperPage />, STAFF, '/resource-manage/exam-paper');
  await screen.findByText('随机练习卷');
}
const drawer = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest('.ant-drawer') as HTMLElement;

beforeEach(() => {
  listMock.mockReset().mockResolvedValue({ list: [FIXED, RANDOM], total: 2, pageNum: 1, pageSize: 10 });
  jest.mocked(getPaper).mockReset().mockResolvedValue(FIXED_DETAIL);
  saveMock.mockReset().mockResolvedValue(FIXED_DETAIL);
  jest.mocked(deletePaper).mockReset().mockResolvedValue(null);
  jest.mocked(examCategoryCalls.tree).mockReset().mockResolvedValue(sampleCategoryTree('questionCount'));
  jest
    .mocked(listExamQuestions)
    .mockReset()
    .mockResolvedValue({ list: [Q1, Q2, Q3], total: 3, pageNum: 1, pageSize: 10 });
  jest.mocked(previewPaper).mockReset();
});

describe('ExamPaperPage: the list', () => {
  it('lists papers with mode, questions, total and classes; a paper in use cannot be deleted', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const fixed = rowOf('安全生产知识考试卷');
    for (const text of ['手动组卷', '2', '100', '1'])
      expect(within(fixed).getAllByText(text).length).toBeGreaterThan(0);
    expect(button(fixed, '删除').disabled).toBe(true);
    fireEvent.click(button(rowOf('随机练习卷'), '删除'));
    fireEvent.click(button(await screen.findByRole('tooltip'), '删除'));
    await waitFor(() => expect(deletePaper).toHaveBeenCalledWith(10));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('previews a draw with answers, and draws a random paper again', async () => {
    jest.mocked(previewPaper).mockResolvedValue({
      paperId: 10,
      name: '随机练习卷',
      mode: 'RANDOM',
      totalScore: 100,
      questions: [{ ...Q2, no: 1, score: 100 }],
    });
    await openPage();
    fireEvent.click(button(rowOf('随机练习卷'), '预览'));
    expect(await screen.findByText('预览：随机练习卷')).toBeTruthy();
    expect(screen.getByText('答案：119')).toBeTruthy();
    expect(screen.getByText('共 1 题，总分 100 分')).toBeTruthy();
    fireEvent.click(button(document.body, '重新抽题'));
    await waitFor(() => expect(previewPaper).toHaveBeenCalledTimes(2));
    expect(previewPaper).toHaveBeenCalledWith(10);
  });
});

describe('ExamPaperPage: the editor', () => {
  it('builds a paper by hand: questions from the bank, scores spread to 100, then saves', async () => {
    saveMock.mockResolvedValue({ ...FIXED_DETAIL, id: 11 });
    await openPage();
    fireEvent.click(button(document.body, '新建试卷'));
    const editor = await drawer('新建试卷');
    fireEvent.change(editor.querySelector('#paper-editor_name') as HTMLInputElement, {
      target: { value: '消防安全小测' },
    });
    fireEvent.click(button(editor, '添加试题'));
    const picker = (await screen.findByText('选择试题', { selector: '.ant-modal-title' })).closest(
      '.ant-modal-container',
    ) as HTMLElement;
    await within(picker).findByText('电器着火可以直接用水扑救。');
    fireEvent.click(within(rowOf('发现火情后，第一步应当做什么？', picker)).getByRole('checkbox'));
    fireEvent.click(within(rowOf('电器着火可以直接用水扑救。', picker)).getByRole('checkbox'));
    fireEvent.click(button(picker, '添加（2）'));
    await within(editor).findByText('总分 0 / 100（总分须为 100 分）');
    fireEvent.click(button(editor, '平均分配分值'));
    expect(await within(editor).findByText('总分 100 / 100')).toBeTruthy();
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        name: '消防安全小测',
        mode: 'FIXED',
        description: undefined,
        questions: [
          { questionId: 31, score: 50 },
          { questionId: 33, score: 50 },
        ],
        rules: [],
      }),
    );
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('edits a paper: its questions, their scores and order are loaded and sent back', async () => {
    await openPage();
    fireEvent.click(button(rowOf('安全生产知识考试卷'), '编辑'));
    const editor = await drawer('编辑试卷');
    expect(await within(editor).findByText('火警电话是____。')).toBeTruthy();
    expect(getPaper).toHaveBeenCalledWith(9);
    expect(within(editor).getByText('总分 100 / 100')).toBeTruthy();
    fireEvent.click(within(rowOf('火警电话是____。', editor)).getByRole('button', { name: '上移' }));
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 9,
          questions: [
            { questionId: 32, score: 40 },
            { questionId: 31, score: 60 },
          ],
        }),
      ),
    );
  });

  it('writes random rules and lists what the server refused', async () => {
    saveMock.mockRejectedValueOnce(
      buildFieldsError([{ field: 'rules.0.count', message: '题库中单选题只有 3 题' }]),
    );
    await openPage();
    fireEvent.click(button(document.body, '新建试卷'));
    const editor = await drawer('新建试卷');
    fireEvent.change(editor.querySelector('#paper-editor_name') as HTMLInputElement, {
      target: { value: '随机卷' },
    });
    fireEvent.click(within(editor).getByLabelText('随机组卷'));
    fireEvent.click(await within(editor).findByRole('button', { name: /添加规则/ }));
    // 题库现有 of the new rule: the bank's single-choice questions, read at once.
    expect(await within(editor).findByText('3 题')).toBeTruthy();
    expect(jest.mocked(listExamQuestions)).toHaveBeenLastCalledWith(
      { pageNum: 1, pageSize: 1, type: 'SINGLE' },
      expect.objectContaining({ quiet: true }),
    );
    fireEvent.change(await within(editor).findByLabelText('规则 1 题目数量'), { target: { value: '10' } });
    fireEvent.change(within(editor).getByLabelText('规则 1 每题分值'), { target: { value: '10' } });
    fireEvent.blur(within(editor).getByLabelText('规则 1 每题分值'));
    expect(await within(editor).findByText('总分 100 / 100')).toBeTruthy();
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        name: '随机卷',
        mode: 'RANDOM',
        description: undefined,
        questions: [],
        rules: [{ categoryId: null, type: 'SINGLE', count: 10, score: 10 }],
      }),
    );
    expect(await within(editor).findByText('题库中单选题只有 3 题')).toBeTruthy();
  });
});
