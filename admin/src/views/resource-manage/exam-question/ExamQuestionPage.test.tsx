import type { ExamCategoryNode, ExamQuestionItem } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deleteExamQuestion,
  downloadExamQuestionTemplate,
  examCategoryCalls,
  importExamQuestions,
  listExamQuestions,
  saveExamQuestion,
} from '../../../api/exam';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { button, dialog, field, pickCategory, rowOf, sampleCategoryTree } from '../components/screen-testing';
import { ExamQuestionPage, QUESTION_TEMPLATE_FILE } from './ExamQuestionPage';

jest.mock('../../../api/exam', () => ({
  examCategoryCalls: { tree: jest.fn(), save: jest.fn(), drag: jest.fn(), remove: jest.fn() },
  listExamQuestions: jest.fn(),
  saveExamQuestion: jest.fn(),
  deleteExamQuestion: jest.fn(),
  importExamQuestions: jest.fn(),
  downloadExamQuestionTemplate: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listExamQuestions);
const saveMock = jest.mocked(saveExamQuestion);
const importMock = jest.mocked(importExamQuestions);

const STAFF = buildAccountInfo(['/home', '/resource-manage/exam-question']);
const TREE: ExamCategoryNode[] = sampleCategoryTree('questionCount');

function question(overrides: Partial<ExamQuestionItem> = {}): ExamQuestionItem {
  return {
    id: 31,
    categoryId: 11,
    categoryName: '安全生产 / 消防安全',
    type: 'SINGLE',
    content: '发现火情后，第一步应当做什么？',
    options: ['继续工作', '立即报警并疏散'],
    answer: 'B',
    acceptedAnswers: [],
    analysis: '先报警。',
    paperCount: 1,
    createdAt: '2026-11-01T02:00:00.000Z',
    updatedAt: '2026-11-02T02:00:00.000Z',
    abilities: { canDelete: false, deleteRefusal: '该试题已被 1 张试卷使用，不能删除' },
    ...overrides,
  };
}
const SINGLE = question();
const FILL = question({
  id: 32,
  type: 'FILL',
  content: '火警电话是____。',
  options: [],
  answer: '',
  acceptedAnswers: ['119', '幺幺九'],
  paperCount: 0,
  abilities: { canDelete: true, deleteRefusal: null },
  categoryId: null,
  categoryName: null,
});

const page = (list: ExamQuestionItem[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

async function openPage() {
  renderScreen(<ExamQuestionPage />, STAFF, '/resource-manage/exam-question');
  await screen.findByText('火警电话是____。');
  await screen.findByText('职业技能');
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('resource-manage/exam-question');
  jest.mocked(examCategoryCalls.tree).mockReset().mockResolvedValue(TREE);
  listMock.mockReset().mockResolvedValue(page([SINGLE, FILL]));
  saveMock.mockReset().mockResolvedValue(SINGLE);
  importMock.mockReset();
  jest.mocked(deleteExamQuestion).mockReset().mockResolvedValue(null);
  jest
    .mocked(downloadExamQuestionTemplate)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
});

describe('ExamQuestionPage: the bank', () => {
  it('lists the questions with type, options, answer, exam type and use by papers', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const single = rowOf('发现火情后，第一步应当做什么？');
    for (const text of ['单选题', 'A. 继续工作；B. 立即报警并疏散', 'B', '安全生产 / 消防安全'])
      expect(within(single).getByText(text)).toBeTruthy();
    const fill = rowOf('火警电话是____。');
    expect(within(fill).getByText('119 / 幺幺九')).toBeTruthy();
    expect(within(fill).getByText('填空题')).toBeTruthy();
    expect(await screen.findByText('消防安全')).toBeTruthy();
  });

  it('filters by exam type (and below), question type and keyword', async () => {
    await openPage();
    pickCategory('安全生产');
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({ categoryId: 1, pageNum: 1, pageSize: 10 }),
    );
    fireEvent.mouseDown(field('exam-question-filters_type'));
    fireEvent.click(await screen.findByText('判断题', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByPlaceholderText('题干中的文字'), { target: { value: ' 火 ' } });
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        categoryId: 1,
        type: 'JUDGE',
        keyword: '火',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('refuses to delete a question a paper holds, and deletes another after confirmation', async () => {
    await openPage();
    expect(button(rowOf('发现火情后，第一步应当做什么？'), '删除').disabled).toBe(true);
    fireEvent.click(button(rowOf('火警电话是____。'), '删除'));
    fireEvent.click(button(await screen.findByRole('tooltip'), '删除'));
    await waitFor(() => expect(deleteExamQuestion).toHaveBeenCalledWith(32));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });
});

describe('ExamQuestionPage: the editor', () => {
  it('adds a multiple-choice question with its options and right letters, in the selected exam type', async () => {
    await openPage();
    pickCategory('职业技能');
    fireEvent.click(button(document.body, '新增试题'));
    const modal = await dialog('新增试题');
    fireEvent.click(within(modal).getByLabelText('多选题'));
    fireEvent.change(field('exam-question-form_content'), { target: { value: '灭火的基本方法有哪些？' } });
    for (const [letter, text] of [
      ['A', '隔离法'],
      ['B', '窒息法'],
      ['C', '冷却法'],
    ])
      fireEvent.change(within(modal).getByLabelText(`选项${letter}`), { target: { value: text } });
    fireEvent.click(within(modal).getByLabelText('删除选项D'));
    fireEvent.click(await within(modal).findByRole('checkbox', { name: 'C' }));
    fireEvent.click(within(modal).getByRole('checkbox', { name: 'A' }));
    fireEvent.change(field('exam-question-form_analysis'), { target: { value: '三种方法。' } });
    fireEvent.click(button(modal, '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        categoryId: 2,
        type: 'MULTIPLE',
        content: '灭火的基本方法有哪些？',
        options: ['隔离法', '窒息法', '冷却法'],
        answer: 'AC',
        acceptedAnswers: [],
        analysis: '三种方法。',
      }),
    );
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(3));
  });

  it('asks for two right letters of a multiple-choice question before sending', async () => {
    await openPage();
    fireEvent.click(button(document.body, '新增试题'));
    const modal = await dialog('新增试题');
    fireEvent.click(within(modal).getByLabelText('多选题'));
    fireEvent.change(field('exam-question-form_content'), { target: { value: '题' } });
    for (const letter of ['A', 'B', 'C', 'D'])
      fireEvent.change(within(modal).getByLabelText(`选项${letter}`), { target: { value: letter } });
    fireEvent.click(await within(modal).findByRole('checkbox', { name: 'A' }));
    fireEvent.click(button(modal, '保存'));
    expect(await within(modal).findByText('请至少选择两个正确选项')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('edits a fill-in question (accepted answers one a line) and shows the server refusals on the fields', async () => {
    saveMock.mockRejectedValueOnce(
      buildFieldsError([{ field: 'acceptedAnswers.1', message: '填空答案不能超过 200 个字符' }]),
    );
    await openPage();
    fireEvent.click(button(rowOf('火警电话是____。'), '编辑'));
    const modal = await dialog('编辑试题');
    await waitFor(() => expect(field('exam-question-form_acceptedText').value).toBe('119\n幺幺九'));
    fireEvent.change(field('exam-question-form_acceptedText'), { target: { value: '119\n 火警 \n' } });
    fireEvent.click(button(modal, '保存'));
    expect(await within(modal).findByText('填空答案不能超过 200 个字符')).toBeTruthy();
    expect(saveMock).toHaveBeenCalledWith({
      id: 32,
      categoryId: null,
      type: 'FILL',
      content: '火警电话是____。',
      options: [],
      answer: '',
      acceptedAnswers: ['119', '火警'],
      analysis: '先报警。',
    });
  });

  it('takes 正确 / 错误 as the answer of a judge question', async () => {
    await openPage();
    fireEvent.click(button(document.body, '新增试题'));
    const modal = await dialog('新增试题');
    fireEvent.click(within(modal).getByLabelText('判断题'));
    fireEvent.change(field('exam-question-form_content'), {
      target: { value: '电器着火可以直接用水扑救。' },
    });
    await waitFor(() => expect(within(modal).queryByLabelText('选项A')).toBeNull());
    fireEvent.click(await within(modal).findByLabelText('错误'));
    fireEvent.click(button(modal, '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'JUDGE',
          options: [],
          answer: 'B',
          content: '电器着火可以直接用水扑救。',
        }),
      ),
    );
  });
});

describe('ExamQuestionPage: template and import', () => {
  it('downloads the template', async () => {
    await openPage();
    fireEvent.click(button(document.body, '下载模板'));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), QUESTION_TEMPLATE_FILE));
  });

  it('lists each refused cell of an import, and reloads after a clean one', async () => {
    importMock
      .mockResolvedValueOnce({
        total: 2,
        imported: 0,
        errors: [{ row: 3, field: 'answer', value: 'G', message: '答案应为选项字母' }],
      })
      .mockResolvedValueOnce({ total: 2, imported: 2, errors: [] });
    await openPage();
    fireEvent.click(button(document.body, '导入试题'));
    const modal = await dialog('导入试题');
    const file = new File(['xlsx'], '试题.xlsx');
    fireEvent.change(modal.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    await waitFor(() => expect(button(modal, '开始导入').disabled).toBe(false));
    fireEvent.click(button(modal, '开始导入'));
    expect(
      await screen.findByText('共 2 行，发现 1 处问题，未导入任何试题。请改正后重新选择文件导入。'),
    ).toBeTruthy();
    const refused = screen.getByText('答案应为选项字母').closest('tr') as HTMLElement;
    for (const text of ['3', '答案', 'G']) expect(within(refused).getByText(text)).toBeTruthy();

    fireEvent.click(button(modal, '开始导入'));
    expect(await screen.findByText('已导入 2 道试题')).toBeTruthy();
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });
});
