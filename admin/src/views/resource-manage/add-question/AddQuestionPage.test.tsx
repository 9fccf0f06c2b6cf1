import type { QuestionItem, ResourceItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deleteQuestion, queryQuestions, saveQuestion } from '../../../api/question';
import { getResource, getResourcePlayUrl } from '../../../api/resource';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { AddQuestionPage } from './AddQuestionPage';

jest.mock('../../../api/question', () => ({
  queryQuestions: jest.fn(),
  saveQuestion: jest.fn(),
  deleteQuestion: jest.fn(),
}));
jest.mock('../../../api/resource', () => ({ getResource: jest.fn(), getResourcePlayUrl: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const STAFF = buildAccountInfo(['/home', '/resource-manage/add-question']);
const VIDEO = { id: 5, name: '安全生产概述', durationSeconds: 60 } as ResourceItem;
const QUESTION: QuestionItem = {
  id: 9,
  resourceId: 5,
  markSecond: 6,
  type: 'SINGLE',
  content: '发现火情第一步？',
  options: ['继续工作', '报警'],
  answer: 'B',
  explanation: null,
  createdAt: '2024-05-01T02:03:04.000Z',
  updatedAt: '2024-05-01T02:03:04.000Z',
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const modal = () => document.querySelector('.ant-modal-container') as HTMLElement;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(getResource).mockResolvedValue(VIDEO);
  jest.mocked(getResourcePlayUrl).mockResolvedValue({
    provider: 'local',
    url: '/api/media/token-1',
    token: null,
    contentType: 'video/mp4',
    expiresAt: '2024-05-01T03:00:00.000Z',
  });
  jest.mocked(queryQuestions).mockResolvedValue([QUESTION]);
});

async function openPage() {
  renderScreen(<AddQuestionPage />, STAFF, '/resource-manage/add-question?resourceId=5');
  await screen.findByText('发现火情第一步？');
}

describe('AddQuestionPage', () => {
  it('plays the video from its play URL and lists its questions with options and answer', async () => {
    await openPage();
    expect(getResourcePlayUrl).toHaveBeenCalledWith(5);
    expect(queryQuestions).toHaveBeenCalledWith(5);
    expect(screen.getByTestId('question-player').getAttribute('src')).toBe('/api/media/token-1');
    expect(screen.getByText('A. 继续工作；B. 报警')).toBeTruthy();
    expect(await screen.findByText('添加弹题：安全生产概述')).toBeTruthy();
  });

  it('adds a question at the current second of the player and reloads the list', async () => {
    await openPage();
    const player = screen.getByTestId('question-player') as HTMLVideoElement;
    Object.defineProperty(player, 'currentTime', { value: 17.6, configurable: true });
    fireEvent.click(button(document.body, '在当前时间添加弹题'));
    await waitFor(() => expect(field('question-form_markSecond').value).toBe('17'));
    fireEvent.change(field('question-form_content'), { target: { value: '灭火器使用顺序？' } });
    fireEvent.change(field('question-form_optionsText'), { target: { value: '拔销\n 压把 \n\n瞄准' } });
    fireEvent.change(field('question-form_answer'), { target: { value: 'A' } });
    jest.mocked(saveQuestion).mockResolvedValue({ ...QUESTION, id: 10 });
    fireEvent.click(button(modal(), '确定'));
    await waitFor(() =>
      expect(saveQuestion).toHaveBeenCalledWith({
        resourceId: 5,
        markSecond: 17,
        type: 'SINGLE',
        content: '灭火器使用顺序？',
        options: ['拔销', '压把', '瞄准'],
        answer: 'A',
        explanation: undefined,
      }),
    );
    await waitFor(() => expect(queryQuestions).toHaveBeenCalledTimes(2));
  });

  it('shows the fields the server refuses on the form', async () => {
    await openPage();
    fireEvent.click(button(document.body, '编辑'));
    await waitFor(() => expect(field('question-form_markSecond').value).toBe('6'));
    jest.mocked(saveQuestion).mockRejectedValue(
      buildFieldsError([
        { field: 'markSecond', message: '弹题时间应小于视频时长 60 秒' },
        { field: 'options', message: '选项内容不能重复' },
      ]),
    );
    fireEvent.click(button(modal(), '确定'));
    expect(await screen.findByText('弹题时间应小于视频时长 60 秒')).toBeTruthy();
    expect(await screen.findByText('选项内容不能重复')).toBeTruthy();
    expect(saveQuestion).toHaveBeenCalledWith(expect.objectContaining({ id: 9, markSecond: 6 }));
  });

  it('deletes a question after confirmation', async () => {
    await openPage();
    jest.mocked(deleteQuestion).mockResolvedValue(null);
    fireEvent.click(button(document.body, '删除'));
    fireEvent.click(button(document.querySelector('.ant-popconfirm') as HTMLElement, '删除'));
    await waitFor(() => expect(deleteQuestion).toHaveBeenCalledWith(9));
  });

  it('asks to open it from a video without ?resourceId=', async () => {
    renderScreen(<AddQuestionPage />, STAFF, '/resource-manage/add-question');
    expect(await screen.findByText('请从视频资源或课程课时打开添加弹题')).toBeTruthy();
    expect(getResourcePlayUrl).not.toHaveBeenCalled();
  });
});
