import type { CourseCategoryNode, CourseDetail, CourseItem, CoursePage as Page } from '@px/api/contract';
import { finishRequest, formatDateTime } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { courseCategoryCalls, deleteCourse, getCourse, queryCourses, saveCourse } from '../../../api/course';
import { feedback } from '../../../api/feedback';
import { queryResources } from '../../../api/resource';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import {
  buildVideo,
  button,
  dialog,
  field,
  pickCategory,
  rowOf,
  sampleCategoryTree,
  treeNode,
} from '../components/screen-testing';
import { CoursePage } from './CoursePage';

jest.mock('../../../api/course', () => ({
  courseCategoryCalls: { tree: jest.fn(), save: jest.fn(), drag: jest.fn(), remove: jest.fn() },
  queryCourses: jest.fn(),
  getCourse: jest.fn(),
  saveCourse: jest.fn(),
  deleteCourse: jest.fn(),
}));
jest.mock('../../../api/resource', () => ({ queryResources: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const treeMock = jest.mocked(courseCategoryCalls.tree);
const queryMock = jest.mocked(queryCourses);
const saveMock = jest.mocked(saveCourse);

const STAFF = buildAccountInfo(['/home', '/resource-manage/course', '/resource-manage/add-question']);

const TREE: CourseCategoryNode[] = sampleCategoryTree('courseCount');

/** A course as the server answers it: 删除 of a draft only. */
function course(overrides: Partial<Omit<CourseItem, 'abilities'>> = {}): CourseItem {
  const status = overrides.status ?? 'PUBLISHED';
  return {
    abilities:
      status === 'PUBLISHED'
        ? { canDelete: false, deleteRefusal: '已发布的课程不能删除，请先改为草稿' }
        : { canDelete: true, deleteRefusal: null },
    id: 7,
    name: '消防安全基础',
    categoryId: 11,
    categoryName: '安全生产 / 消防安全',
    teacherName: '王老师',
    status: 'PUBLISHED',
    hours: 2.5,
    lessonCount: 2,
    createdAt: '2024-05-01T02:03:04.000Z',
    updatedAt: '2024-05-02T02:03:04.000Z',
    ...overrides,
  };
}
const PUBLISHED = course();
const DRAFT = course({
  id: 8,
  name: '安全生产法规',
  categoryId: 1,
  categoryName: '安全生产',
  teacherName: null,
  status: 'DRAFT',
  hours: 0,
  lessonCount: 0,
});

const DETAIL: CourseDetail = {
  ...PUBLISHED,
  description: '消防常识',
  lessons: [
    {
      id: 1,
      resourceId: 5,
      resourceName: '安全生产概述',
      durationSeconds: 12,
      hours: 1,
      trialSeconds: 5,
      questionCount: 1,
    },
    {
      id: 2,
      resourceId: 6,
      resourceName: '消防演练示范',
      durationSeconds: 3723,
      hours: 1.5,
      trialSeconds: 0,
      questionCount: 0,
    },
  ],
};

const video = (id: number, name: string, durationSeconds: number) =>
  buildVideo({ id, name, durationSeconds, categoryId: null, categoryName: null });
const VIDEOS = [video(5, '安全生产概述', 12), video(6, '消防演练示范', 3723), video(9, '现场急救', 90)];

function page(list: CourseItem[]): Page {
  return { list, total: list.length, pageNum: 1, pageSize: 10 };
}

const pick = pickCategory;
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-section') as HTMLElement;
const saveButton = () => button(document.querySelector('.ant-drawer-footer') as HTMLElement, '保存');
/** The lesson rows of the editor, in order. */
const lessonRows = () =>
  Array.from(drawer().querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const lessonInput = (row: HTMLElement, column: 'hours' | 'trialSeconds') =>
  row.querySelector<HTMLInputElement>(`input[id$="_${column}"]`) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

async function openPage() {
  const rendered = renderScreen(<CoursePage />, STAFF, '/resource-manage/course');
  await screen.findByText('安全生产法规');
  await screen.findByText('职业技能');
  return rendered;
}

/** Opens the video picker of the editor, ticks `names` and adds them. */
async function addVideos(...names: string[]) {
  fireEvent.click(button(drawer(), '添加视频'));
  const picker = await dialog('选择视频');
  await within(picker).findByText('现场急救');
  for (const name of names) fireEvent.click(within(rowOf(name, picker)).getByRole('checkbox'));
  fireEvent.click(button(picker, `添加（${names.length}）`));
  await waitFor(() => expect(screen.queryByText('选择视频', { selector: '.ant-modal-title' })).toBeNull());
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('resource-manage/course');
  jest.clearAllMocks();
  treeMock.mockResolvedValue(TREE);
  queryMock.mockResolvedValue(page([PUBLISHED, DRAFT]));
  jest.mocked(queryResources).mockResolvedValue({ list: VIDEOS, total: 3, pageNum: 1, pageSize: 10 });
  jest.mocked(getCourse).mockResolvedValue(DETAIL);
  saveMock.mockResolvedValue(DETAIL);
});

describe('CoursePage', () => {
  it('shows the course categories with counts and the courses with their columns', async () => {
    await openPage();
    expect(queryMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(within(treeNode('安全生产')).getByText('2')).toBeTruthy();
    expect(within(treeNode('消防安全')).getByText('1')).toBeTruthy();
    const published = rowOf('消防安全基础');
    for (const text of [
      '安全生产 / 消防安全',
      '王老师',
      '2.5',
      '已发布',
      formatDateTime(PUBLISHED.updatedAt, 'YYYY-MM-DD HH:mm'),
    ])
      expect(within(published).getByText(text)).toBeTruthy();
    const draft = rowOf('安全生产法规');
    for (const text of ['草稿', '—']) expect(within(draft).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('lists the selected category with the name, teacher and status filters', async () => {
    await openPage();
    pick('消防安全');
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith({ categoryId: 11, pageNum: 1, pageSize: 10 }),
    );
    type(field('course-filters_name'), ' 消防 ');
    type(field('course-filters_teacherName'), '王');
    fireEvent.mouseDown(field('course-filters_status'));
    fireEvent.click(await screen.findByText('已发布', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith({
        name: '消防',
        teacherName: '王',
        status: 'PUBLISHED',
        categoryId: 11,
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.click(screen.getByText('全部课程'));
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: '消防', categoryId: undefined, pageNum: 1 }),
      ),
    );
  });

  it('creates a course in the selected category from picked videos, in the order set', async () => {
    saveMock.mockResolvedValue({ ...DETAIL, id: 12 });
    await openPage();
    pick('消防安全');
    fireEvent.click(button(document.body, '新建课程'));
    await screen.findByText('新建课程', { selector: '.ant-drawer-title' });
    type(field('course-editor_name'), ' 现场急救入门 ');
    type(field('course-editor_teacherName'), '李医生');
    type(field('course-editor_description'), '急救常识');
    await addVideos('现场急救', '安全生产概述');
    expect(lessonRows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('现场急救'),
      expect.stringContaining('安全生产概述'),
    ]);
    const [first, second] = lessonRows() as [HTMLElement, HTMLElement];
    type(lessonInput(first, 'hours'), '1.5');
    type(lessonInput(first, 'trialSeconds'), '75');
    type(lessonInput(second, 'hours'), '0.5');
    expect(await within(first).findByText('试看 01:15 / 时长 01:30')).toBeTruthy();
    await waitFor(() => expect(within(drawer()).getByText('2', { selector: 'strong' })).toBeTruthy());
    // 安全生产概述 first.
    fireEvent.click(within(second).getByRole('button', { name: '上移' }));
    await waitFor(() => expect(lessonRows()[0]?.textContent).toContain('安全生产概述'));
    expect(
      within(lessonRows()[0] as HTMLElement)
        .getByRole('link', { name: '添加弹题' })
        .getAttribute('href'),
    ).toBe('/resource-manage/add-question?resourceId=5');
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        name: '现场急救入门',
        categoryId: 11,
        teacherName: '李医生',
        description: '急救常识',
        status: 'DRAFT',
        lessons: [
          { resourceId: 5, hours: 0.5, trialSeconds: 0 },
          { resourceId: 9, hours: 1.5, trialSeconds: 75 },
        ],
      }),
    );
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(3));
    expect(treeMock).toHaveBeenCalledTimes(2);
  });

  it('edits a course: loads it, removes a lesson, makes it a draft, keeps its id', async () => {
    await openPage();
    fireEvent.click(button(rowOf('消防安全基础'), '编辑'));
    await waitFor(() => expect(field('course-editor_name').value).toBe('消防安全基础'));
    expect(getCourse).toHaveBeenCalledWith(7);
    expect(field('course-editor_teacherName').value).toBe('王老师');
    expect(lessonRows()).toHaveLength(2);
    expect(within(drawer()).getByText('1 题')).toBeTruthy();
    fireEvent.click(within(lessonRows()[0] as HTMLElement).getByText('移除'));
    await waitFor(() => expect(lessonRows()).toHaveLength(1));
    fireEvent.click(within(drawer()).getByText('草稿'));
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 7,
        name: '消防安全基础',
        categoryId: 11,
        teacherName: '王老师',
        description: '消防常识',
        status: 'DRAFT',
        lessons: [{ resourceId: 6, hours: 1.5, trialSeconds: 0 }],
      }),
    );
  });

  it('refuses bad hours, a trial longer than the video and a published course without lessons', async () => {
    await openPage();
    fireEvent.click(button(document.body, '新建课程'));
    await screen.findByText('新建课程', { selector: '.ant-drawer-title' });
    type(field('course-editor_name'), '急救');
    fireEvent.click(within(drawer()).getByText('已发布'));
    const save = saveButton();
    fireEvent.click(save);
    expect(await within(drawer()).findByText('请选择课程分类')).toBeTruthy();
    expect(await within(drawer()).findByText('发布的课程至少需要一个课时')).toBeTruthy();

    await addVideos('现场急救');
    const row = lessonRows()[0] as HTMLElement;
    type(lessonInput(row, 'hours'), '0.25');
    type(lessonInput(row, 'trialSeconds'), '91');
    fireEvent.click(save);
    expect(await within(row).findByText('学时应为 0.1 到 100 之间、最多一位小数的数')).toBeTruthy();
    expect(await within(row).findByText('试看秒数不能超过视频时长 90 秒')).toBeTruthy();
    type(lessonInput(row, 'hours'), '');
    expect(await within(row).findByText('请填写学时')).toBeTruthy();
    type(lessonInput(row, 'hours'), '101');
    type(lessonInput(row, 'trialSeconds'), '2.5');
    expect(await within(row).findByText('试看秒数应为非负整数')).toBeTruthy();
    expect(await within(row).findByText('学时应为 0.1 到 100 之间、最多一位小数的数')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusals on their fields, a lesson’s on its row', async () => {
    saveMock.mockRejectedValue(
      buildFieldsError([
        { field: 'name', message: '课程名称已存在' },
        { field: 'lessons.1.trialSeconds', message: '试看秒数不能超过视频时长 3723 秒' },
        { field: 'lessons.0.resourceId', message: '视频不存在' },
      ]),
    );
    await openPage();
    fireEvent.click(button(rowOf('消防安全基础'), '编辑'));
    await waitFor(() => expect(lessonRows()).toHaveLength(2));
    fireEvent.click(saveButton());
    const [first, second] = lessonRows() as [HTMLElement, HTMLElement];
    expect(await within(second).findByText('试看秒数不能超过视频时长 3723 秒')).toBeTruthy();
    expect(within(first).getByText('视频不存在')).toBeTruthy();
    expect(within(drawer()).getByText('课程名称已存在')).toBeTruthy();
  });

  it('deletes a draft after confirmation; a published course cannot be; a refusal is shown', async () => {
    const deleteMock = jest.mocked(deleteCourse).mockResolvedValueOnce(null);
    await openPage();
    expect(button(rowOf('消防安全基础'), '删除').disabled).toBe(true);
    fireEvent.click(button(rowOf('安全生产法规'), '删除'));
    expect(await screen.findByText('删除课程「安全生产法规」？')).toBeTruthy();
    fireEvent.click(button(document.querySelector('.ant-popconfirm') as HTMLElement, '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(8));
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(2));

    // The server refuses (say it was published meanwhile): the request client shows why.
    deleteMock.mockImplementationOnce(() =>
      finishRequest(
        {
          status: 200,
          data: { respCode: -1, respDesc: '已发布的课程不能删除，请先改为草稿', attribute: null },
        },
        { feedback, onUnauthorized: jest.fn() },
      ),
    );
    fireEvent.click(button(rowOf('安全生产法规'), '删除'));
    const confirms = document.querySelectorAll<HTMLElement>('.ant-popconfirm');
    fireEvent.click(button(confirms[confirms.length - 1] as HTMLElement, '删除'));
    expect(await screen.findByText('已发布的课程不能删除，请先改为草稿')).toBeTruthy();
    expect(deleteMock).toHaveBeenCalledTimes(2);
    expect(queryMock).toHaveBeenCalledTimes(2);
  });
});
