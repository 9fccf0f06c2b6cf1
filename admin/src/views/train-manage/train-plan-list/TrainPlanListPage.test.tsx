import { chinaYear, type PageAnswer, type TrainPlanItem } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listDictionary } from '../../../api/dictionary';
import { getSystemInfo } from '../../../api/project';
import { closeTrainPlan, deleteTrainPlan, listTrainPlans, publishTrainPlan } from '../../../api/train-plan';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { TrainPlanListPage } from './TrainPlanListPage';

jest.mock('../../../api/train-plan', () => ({
  listTrainPlans: jest.fn(),
  publishTrainPlan: jest.fn(),
  closeTrainPlan: jest.fn(),
  deleteTrainPlan: jest.fn(),
}));
jest.mock('../../../api/dictionary', () => ({ listDictionary: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listTrainPlans);
const publishMock = jest.mocked(publishTrainPlan);
const closeMock = jest.mocked(closeTrainPlan);
const deleteMock = jest.mocked(deleteTrainPlan);
const YEAR = chinaYear(new Date());

const PROJECT_ADMIN = buildAccountInfo([
  '/home',
  '/train-manage/train-plan-list',
  '/train-manage/train-plan-detail',
]);

function buildPlan(overrides: Partial<TrainPlanItem> = {}): TrainPlanItem {
  return {
    id: 1,
    year: YEAR,
    name: '建筑业继续教育计划',
    industry: 'construction',
    industryName: '建筑业',
    startDate: `${YEAR}-03-01`,
    endDate: `${YEAR}-12-31`,
    status: 'DRAFT',
    description: null,
    publishedAt: null,
    closedAt: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

const DRAFT = buildPlan();
const PUBLISHED = buildPlan({
  id: 2,
  name: '医护技能提升计划',
  industry: 'healthcare',
  industryName: '医疗卫生',
  status: 'PUBLISHED',
});
const CLOSED = buildPlan({ id: 3, year: YEAR - 1, name: '往年安全生产计划', status: 'CLOSED' });

const page = (list: TrainPlanItem[]): PageAnswer<TrainPlanItem> => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const popconfirm = () => document.querySelector<HTMLElement>('.ant-popconfirm') as HTMLElement;
/** A button by its text (antd spaces out two-character labels of some buttons: 查 询). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const queryButton = (container: HTMLElement, text: string) =>
  within(container).queryByText((content) => content.replace(/\s/g, '') === text, {
    selector: 'button span',
  });

async function openPage() {
  const rendered = renderScreen(<TrainPlanListPage />, PROJECT_ADMIN, '/train-manage/train-plan-list');
  await screen.findByText('往年安全生产计划');
  return rendered;
}

async function choose(selectId: string, option: string) {
  fireEvent.mouseDown(document.querySelector(`#${selectId}`) as HTMLElement);
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

beforeEach(() => {
  listMock.mockReset().mockResolvedValue(page([DRAFT, PUBLISHED, CLOSED]));
  publishMock.mockReset().mockResolvedValue(DRAFT);
  closeMock.mockReset().mockResolvedValue(PUBLISHED);
  deleteMock.mockReset().mockResolvedValue(null);
  jest
    .mocked(listDictionary)
    .mockReset()
    .mockResolvedValue([
      { code: 'construction', label: '建筑业', parentCode: null, sort: 1 },
      { code: 'healthcare', label: '医疗卫生', parentCode: null, sort: 2 },
    ]);
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ classStartYear: YEAR - 2 }));
});

describe('TrainPlanListPage', () => {
  it('shows each plan: year, name to its editor, industry, period, status and the total', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(jest.mocked(listDictionary)).toHaveBeenCalledWith('industry');
    const draft = rowOf('建筑业继续教育计划');
    for (const text of [String(YEAR), '建筑业', `${YEAR}-03-01 至 ${YEAR}-12-31`, '草稿'])
      expect(within(draft).getByText(text)).toBeTruthy();
    expect(within(draft).getByText('建筑业继续教育计划').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/train-plan-detail?id=1',
    );
    expect(within(rowOf('医护技能提升计划')).getByText('已发布')).toBeTruthy();
    expect(within(rowOf('往年安全生产计划')).getByText('已关闭')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('filters by year (from classStartYear to next year), name, status and industry from the first page', async () => {
    await openPage();
    fireEvent.mouseDown(document.querySelector('#train-plan-filters_year') as HTMLElement);
    const years = await screen.findAllByText(/^\d{4}年$/, { selector: '.ant-select-item-option-content' });
    expect(years.map((option) => option.textContent)).toEqual([
      `${YEAR + 1}年`,
      `${YEAR}年`,
      `${YEAR - 1}年`,
      `${YEAR - 2}年`,
    ]);
    fireEvent.click(years[2]);
    fireEvent.change(screen.getByPlaceholderText('名称的一部分'), { target: { value: ' 继续教育 ' } });
    await choose('train-plan-filters_status', '已发布');
    await choose('train-plan-filters_industry', '医疗卫生');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        year: YEAR - 1,
        name: '继续教育',
        status: 'PUBLISHED',
        industry: 'healthcare',
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.click(button(document.body, '重置'));
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
  });

  it('offers the actions each status allows', async () => {
    await openPage();
    const draft = rowOf('建筑业继续教育计划');
    expect(within(draft).getByText('编辑')).toBeTruthy();
    expect(button(draft, '发布').disabled).toBe(false);
    expect(queryButton(draft, '关闭')).toBeNull();
    expect(button(draft, '删除').disabled).toBe(false);

    const published = rowOf('医护技能提升计划');
    expect(within(published).getByText('编辑')).toBeTruthy();
    expect(queryButton(published, '发布')).toBeNull();
    expect(button(published, '关闭').disabled).toBe(false);
    expect(button(published, '删除').disabled).toBe(true);

    const closed = rowOf('往年安全生产计划');
    expect(within(closed).getByText('查看')).toBeTruthy();
    expect(button(closed, '重新发布').disabled).toBe(false);
    expect(queryButton(closed, '关闭')).toBeNull();
    expect(button(closed, '删除').disabled).toBe(true);
  });

  it('publishes a draft after confirmation and reloads the list', async () => {
    await openPage();
    fireEvent.click(button(rowOf('建筑业继续教育计划'), '发布'));
    expect(await screen.findByText('发布计划「建筑业继续教育计划」？')).toBeTruthy();
    expect(publishMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '发布'));
    await waitFor(() => expect(publishMock).toHaveBeenCalledWith(1));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('closes a published plan and publishes a closed one again, each after confirmation', async () => {
    await openPage();
    fireEvent.click(button(rowOf('医护技能提升计划'), '关闭'));
    expect(await screen.findByText('关闭计划「医护技能提升计划」？')).toBeTruthy();
    fireEvent.click(button(popconfirm(), '关闭'));
    await waitFor(() => expect(closeMock).toHaveBeenCalledWith(2));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
    await screen.findByText('往年安全生产计划');
    fireEvent.click(button(rowOf('往年安全生产计划'), '重新发布'));
    expect(await screen.findByText('重新发布计划「往年安全生产计划」？')).toBeTruthy();
    const confirms = document.querySelectorAll<HTMLElement>('.ant-popconfirm');
    fireEvent.click(button(confirms[confirms.length - 1], '重新发布'));
    await waitFor(() => expect(publishMock).toHaveBeenCalledWith(3));
  });

  it('deletes a draft after confirmation', async () => {
    await openPage();
    fireEvent.click(button(rowOf('建筑业继续教育计划'), '删除'));
    expect(await screen.findByText('删除计划「建筑业继续教育计划」？')).toBeTruthy();
    expect(deleteMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(1));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('leads to the editor for a new plan', async () => {
    await openPage();
    fireEvent.click(button(document.body, '新建计划'));
    expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-plan-detail');
  });
});
