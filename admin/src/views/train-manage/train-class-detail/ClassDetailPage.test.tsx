import type { CertificateTemplateItem, ClassDetail, CourseItem, EvaluationItem } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listCertificateTemplates } from '../../../api/certificate';
import { getClassCategoryTree } from '../../../api/class-category';
import { courseCategoryCalls, queryCourses } from '../../../api/course';
import { getExamSetting, saveExamSetting } from '../../../api/exam';
import { getSystemInfo } from '../../../api/project';
import { getClass, listClassEvaluations, saveClass, setEvaluationStatus } from '../../../api/train-class';
import { listTrainPlans } from '../../../api/train-plan';
import { pickDate } from '../../../testing/date-pickers';
import { buildFieldsError } from '../../../testing/field-errors';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { buildClass, buildPlan, CLASS_STAFF, CLASS_TREE, YEAR } from '../class/class-test-data';
import { ClassDetailPage } from './ClassDetailPage';

jest.mock('../../../api/train-class', () => ({
  getClass: jest.fn(),
  saveClass: jest.fn(),
  listClassEvaluations: jest.fn(),
  setEvaluationStatus: jest.fn(),
}));
jest.mock('../../../api/train-plan', () => ({ listTrainPlans: jest.fn() }));
jest.mock('../../../api/exam', () => ({
  getExamSetting: jest.fn(),
  saveExamSetting: jest.fn(),
  listPaperOptions: jest.fn(() => Promise.resolve([])),
}));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../../api/class-category', () => ({ getClassCategoryTree: jest.fn() }));
jest.mock('../../../api/certificate', () => ({ listCertificateTemplates: jest.fn() }));
jest.mock('../../../api/course', () => ({
  queryCourses: jest.fn(),
  courseCategoryCalls: { tree: jest.fn() },
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getClass);
const saveMock = jest.mocked(saveClass);
const coursesMock = jest.mocked(queryCourses);
const evaluationsMock = jest.mocked(listClassEvaluations);

function buildCourse(id: number, name: string, hours: number, teacherName: string | null = null): CourseItem {
  return {
    id,
    name,
    categoryId: 1,
    categoryName: '安全生产',
    teacherName,
    status: 'PUBLISHED',
    hours,
    lessonCount: 2,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    abilities: { canDelete: false, deleteRefusal: '已发布的课程不能删除，请先改为草稿' },
  };
}

const FIRE = buildCourse(31, '消防安全基础', 3, '王老师');
const LAW = buildCourse(32, '建设工程法规', 2.5);

function buildDetail(overrides: Partial<ClassDetail> = {}): ClassDetail {
  return {
    ...buildClass({
      id: 5,
      categoryId: 211,
      categoryPath: '专业科目 / 建筑施工 / 安全员',
      onShelf: false,
      offered: false,
      requiredHours: 3,
      electiveHours: 1,
      courseCount: 2,
    }),
    studyInOrder: true,
    examRequired: false,
    applyRequired: false,
    examPassScore: 60,
    certificateTemplateId: null,
    certificateTemplateName: null,
    teacherName: '李讲师',
    description: '面向建筑施工企业安全员',
    courses: [
      {
        courseId: 31,
        name: '消防安全基础',
        teacherName: '王老师',
        kind: 'REQUIRED',
        hours: 3,
        courseHours: 3,
        lessonCount: 2,
        sort: 1,
      },
      {
        courseId: 32,
        name: '建设工程法规',
        teacherName: null,
        kind: 'ELECTIVE',
        hours: 2,
        courseHours: 2.5,
        lessonCount: 2,
        sort: 2,
      },
    ],
    ...overrides,
  };
}

function buildTemplate(
  id: number,
  name: string,
  status: CertificateTemplateItem['status'],
): CertificateTemplateItem {
  return {
    id,
    name,
    status,
    width: 1123,
    height: 794,
    fieldCount: 8,
    backgroundImage: null,
    backgroundUrl: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
  };
}

function buildEvaluation(overrides: Partial<EvaluationItem> = {}): EvaluationItem {
  return {
    id: 71,
    classId: 5,
    studentName: '张三',
    score: 4,
    content: '讲得很清楚',
    status: 'VISIBLE',
    createdAt: '2025-03-04T05:06:07.000Z',
    updatedAt: '2025-03-04T05:06:07.000Z',
    ...overrides,
  };
}

/** A button by its text (antd spaces out two-character labels of some buttons: 保 存). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) =>
  document.querySelector<HTMLInputElement>(`#class-form_${id}`) as HTMLInputElement;
const errorOf = (element: Element) =>
  element.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const fieldError = (id: string) => errorOf(field(id));
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function choose(id: string, option: string) {
  fireEvent.mouseDown(field(id));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

async function chooseTree(id: string, option: string) {
  fireEvent.mouseDown(field(id));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-tree-title' }));
}

function type(id: string, value: string) {
  fireEvent.change(field(id), { target: { value } });
}

/** Picks the day (`YYYY-MM-DD`) in the date field `id`. */
function pick(id: string, day: string) {
  pickDate(field(id), day);
}

/** 添加课程: picks both published courses (after filtering by name when `filter`). */
async function pickCourses(filter: boolean) {
  fireEvent.click(button(document.body, '添加课程'));
  const picker = (await screen.findByText('消防安全基础')).closest('.ant-modal') as HTMLElement;
  expect(coursesMock).toHaveBeenCalledWith({ status: 'PUBLISHED', pageNum: 1, pageSize: 10 });
  if (filter) {
    fireEvent.change(within(picker).getByPlaceholderText('名称的一部分'), { target: { value: '法规' } });
    fireEvent.click(button(picker, '查询'));
    await waitFor(() =>
      expect(coursesMock).toHaveBeenLastCalledWith({
        name: '法规',
        status: 'PUBLISHED',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  }
  for (const name of ['消防安全基础', '建设工程法规'])
    fireEvent.click(
      within(picker).getByText(name).closest('tr')?.querySelector('input[type="checkbox"]') as Element,
    );
  fireEvent.click(button(picker, '添加2门课程'));
}

async function makeElective(course: string) {
  fireEvent.mouseDown(screen.getByLabelText(`类型 ${course}`));
  const elective = await screen.findAllByText('选修', { selector: '.ant-select-item-option-content' });
  fireEvent.click(elective[elective.length - 1]);
}

function open(path: string) {
  return renderScreen(<ClassDetailPage />, CLASS_STAFF, path);
}

beforeEach(() => {
  getMock.mockReset().mockImplementation(async (id) => buildDetail({ id }));
  saveMock
    .mockReset()
    .mockImplementation(async (payload) => buildDetail({ id: (payload.id as number | undefined) ?? 9 }));
  coursesMock.mockReset().mockResolvedValue({ list: [FIRE, LAW], total: 2, pageNum: 1, pageSize: 10 });
  jest
    .mocked(courseCategoryCalls.tree)
    .mockReset()
    .mockResolvedValue([{ id: 1, parentId: null, name: '安全生产', sort: 1, courseCount: 2, children: [] }]);
  evaluationsMock.mockReset().mockResolvedValue({
    list: [
      buildEvaluation(),
      buildEvaluation({ id: 72, studentName: '李四', score: 2, content: null, status: 'HIDDEN' }),
    ],
    total: 2,
    pageNum: 1,
    pageSize: 10,
    rating: 4,
  });
  jest
    .mocked(setEvaluationStatus)
    .mockReset()
    .mockResolvedValue(buildEvaluation({ status: 'HIDDEN' }));
  jest
    .mocked(listTrainPlans)
    .mockReset()
    .mockResolvedValue({
      list: [buildPlan(10, '建筑业继续教育计划'), buildPlan(12, '往年安全生产计划', { status: 'CLOSED' })],
      total: 2,
      pageNum: 1,
      pageSize: 100,
    });
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ classStartYear: YEAR - 1 }));
  jest.mocked(getClassCategoryTree).mockReset().mockResolvedValue(CLASS_TREE);
  jest
    .mocked(listCertificateTemplates)
    .mockReset()
    .mockResolvedValue({
      list: [buildTemplate(3, '结业证书', 'ENABLED'), buildTemplate(4, '旧版证书', 'DISABLED')],
      total: 2,
      pageNum: 1,
      pageSize: 100,
    });
});

describe('ClassDetailPage', () => {
  it('refuses a price that is not money and a window that ends before it starts', async () => {
    open('/train-manage/train-class-detail');
    expect(await screen.findByText('新建班级')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
    expect(screen.queryByText('学员评价')).toBeNull();
    type('amount', '98.555');
    pick('enrolStartDate', `${YEAR}-03-01`);
    pick('enrolEndDate', `${YEAR}-02-01`);
    fireEvent.click(button(document.body, '创建班级'));
    await waitFor(() => expect(fieldError('amount')).toBe('请输入 0 到 100000 之间、最多两位小数的金额'));
    expect(fieldError('enrolEndDate')).toBe('报名结束日期不能早于报名开始日期');
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('adds picked published courses as required, then totals the hours by kind', async () => {
    open('/train-manage/train-class-detail');
    await screen.findByText('新建班级');
    await pickCourses(true);
    await screen.findByText('共 2 门课程，必修 5.5 学时，选修 0 学时');
    await makeElective('建设工程法规');
    fireEvent.change(screen.getByLabelText('学时 建设工程法规'), { target: { value: '2' } });
    await screen.findByText('共 2 门课程，必修 3 学时，选修 2 学时');
    fireEvent.change(field('electiveHours'), { target: { value: '2.5' } });
    fireEvent.click(button(document.body, '创建班级'));
    await waitFor(() => expect(fieldError('electiveHours')).toBe('选修要求不能超过选修课程的学时（2）'));
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('creates a class with its courses, kinds and hours, then stays on it', async () => {
    open('/train-manage/train-class-detail');
    await screen.findByText('新建班级');
    type('name', ' 安全员继续教育班 ');
    await choose('planId', `${YEAR}年 · 建筑业继续教育计划`);
    await choose('year', `${YEAR}年`);
    await chooseTree('categoryId', '安全员');
    type('amount', '98.5');
    pick('enrolStartDate', `${YEAR}-03-01`);
    pick('enrolEndDate', `${YEAR}-06-30`);
    pick('studyStartDate', `${YEAR}-03-01`);
    pick('studyEndDate', `${YEAR}-12-31`);
    await pickCourses(false);
    await makeElective('建设工程法规');
    fireEvent.change(field('electiveHours'), { target: { value: '1.5' } });
    fireEvent.click(field('examRequired'));
    fireEvent.mouseDown(field('certificateTemplateId'));
    const old = await screen.findByText('旧版证书（已停用）', {
      selector: '.ant-select-item-option-content',
    });
    expect(old.closest('.ant-select-item-option-disabled')).toBeTruthy();
    fireEvent.click(await screen.findByText('结业证书', { selector: '.ant-select-item-option-content' }));
    type('description', '面向建筑施工企业安全员');
    fireEvent.click(button(document.body, '创建班级'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        name: '安全员继续教育班',
        planId: 10,
        year: YEAR,
        categoryId: 211,
        amount: 9850,
        enrolStartDate: `${YEAR}-03-01`,
        enrolEndDate: `${YEAR}-06-30`,
        studyStartDate: `${YEAR}-03-01`,
        studyEndDate: `${YEAR}-12-31`,
        electiveHours: 1.5,
        studyInOrder: false,
        examRequired: true,
        applyRequired: false,
        examPassScore: 60,
        certificateTemplateId: 3,
        teacherName: '',
        description: '面向建筑施工企业安全员',
        courses: [
          { courseId: 31, kind: 'REQUIRED', hours: 3 },
          { courseId: 32, kind: 'ELECTIVE', hours: 2.5 },
        ],
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-class-detail?id=9'),
    );
    expect(await screen.findByText('编辑班级 · 安全员继续教育班')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(9);
  });

  it('asks for every required field before saving', async () => {
    open('/train-manage/train-class-detail');
    await screen.findByText('新建班级');
    fireEvent.click(button(document.body, '创建班级'));
    await waitFor(() => expect(fieldError('name')).toBe('请填写班级名称'));
    expect(fieldError('planId')).toBe('请选择培训计划');
    expect(fieldError('categoryId')).toBe('请选择班级类型');
    expect(fieldError('amount')).toBe('请输入价格');
    expect(fieldError('studyStartDate')).toBe('请选择学习开始日期');
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('edits a class: reorders and removes courses, sends the whole list, shows refusals on their fields', async () => {
    saveMock.mockRejectedValueOnce(
      buildFieldsError([
        { field: 'name', message: '该计划下已有同名班级' },
        { field: 'courses.0.hours', message: '学时应为 0 到 1000 之间、最多一位小数的数' },
        { field: 'courses', message: '上架的班级至少需要一门必修课程' },
        { field: 'courses.1.courseId', message: '课程未发布' },
      ]),
    );
    open('/train-manage/train-class-detail?id=5');
    expect(await screen.findByText('编辑班级 · 安全员继续教育班')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(5);
    expect(field('name').value).toBe('安全员继续教育班');
    expect(field('amount').value).toBe('98.00');
    expect(await screen.findByText('共 2 门课程，必修 3 学时，选修 2 学时')).toBeTruthy();
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() => expect(fieldError('name')).toBe('该计划下已有同名班级'));
    expect(errorOf(screen.getByLabelText('学时 消防安全基础'))).toBe(
      '学时应为 0 到 1000 之间、最多一位小数的数',
    );
    expect(screen.getByText('上架的班级至少需要一门必修课程')).toBeTruthy();
    expect(errorOf(screen.getByText('建设工程法规'))).toBe('课程未发布');
    expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-class-detail?id=5');

    type('name', '安全员继续教育班（修订）');
    fireEvent.click(button(rowOf('建设工程法规'), '上移'));
    await waitFor(() =>
      expect(screen.getAllByLabelText(/^学时 /)[0].getAttribute('aria-label')).toBe('学时 建设工程法规'),
    );
    fireEvent.click(button(rowOf('消防安全基础'), '移除'));
    await screen.findByText('共 1 门课程，必修 0 学时，选修 2 学时');
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(2));
    expect(saveMock).toHaveBeenLastCalledWith(
      expect.objectContaining({
        id: 5,
        name: '安全员继续教育班（修订）',
        amount: 9800,
        studyInOrder: true,
        electiveHours: 1,
        teacherName: '李讲师',
        courses: [{ courseId: 32, kind: 'ELECTIVE', hours: 2 }],
      }),
    );
  });

  it('lists the evaluations of the class and hides a visible one', async () => {
    open('/train-manage/train-class-detail?id=5');
    await screen.findByText('编辑班级 · 安全员继续教育班');
    fireEvent.click(screen.getByText('学员评价'));
    expect(await screen.findByText('讲得很清楚')).toBeTruthy();
    expect(evaluationsMock).toHaveBeenCalledWith({ classId: 5, pageNum: 1, pageSize: 10 });
    const visible = rowOf('讲得很清楚');
    expect(within(visible).getByText('张三')).toBeTruthy();
    expect(within(visible).getByText('显示中')).toBeTruthy();
    expect(within(rowOf('李四')).getByText('已隐藏')).toBeTruthy();
    expect(button(rowOf('李四'), '显示')).toBeTruthy();
    fireEvent.click(button(visible, '隐藏'));
    await waitFor(() => expect(setEvaluationStatus).toHaveBeenCalledWith(71, 'HIDDEN'));
    await waitFor(() => expect(evaluationsMock).toHaveBeenCalledTimes(2));
  });

  it('has the exam settings in a tab; what it saves shows in the class info', async () => {
    const setting = {
      classId: 5,
      className: '安全员继续教育班',
      examRequired: true,
      paperId: 9,
      paperName: '安全生产知识考试卷',
      timeLimitMinutes: 20,
      attemptsAllowed: 3,
      passScore: 70,
      reviewPolicy: 'AFTER_SUBMIT' as const,
      exerciseEnabled: true,
      configured: true,
    };
    jest.mocked(getExamSetting).mockResolvedValue({ ...setting, examRequired: false, configured: false });
    jest.mocked(saveExamSetting).mockResolvedValue(setting);
    open('/train-manage/train-class-detail?id=5');
    await screen.findByText('编辑班级 · 安全员继续教育班');
    expect(field('examRequired').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByText('考试设置'));
    await waitFor(() => expect(getExamSetting).toHaveBeenCalledWith(5));
    const toggle = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('#exam-setting-form_examRequired');
      if (!element) throw new Error('no exam settings yet');
      return element;
    });
    fireEvent.click(toggle);
    fireEvent.click(button(document.body, '保存考试设置'));
    await waitFor(() =>
      expect(saveExamSetting).toHaveBeenCalledWith(
        expect.objectContaining({ classId: 5, examRequired: true }),
      ),
    );
    await waitFor(() => expect(field('examRequired').getAttribute('aria-checked')).toBe('true'));
    expect(field('examPassScore').value).toBe('70');
  });

  it('explains a malformed id, and a failed load can be retried', async () => {
    const first = open('/train-manage/train-class-detail?id=abc');
    expect(await screen.findByText('班级编号无效')).toBeTruthy();
    first.unmount();
    getMock.mockRejectedValueOnce(new Error('班级不存在'));
    open('/train-manage/train-class-detail?id=5');
    expect(await screen.findByText('班级不存在')).toBeTruthy();
    fireEvent.click(button(document.body, '重新加载'));
    expect(await screen.findByText('编辑班级 · 安全员继续教育班')).toBeTruthy();
  });
});
