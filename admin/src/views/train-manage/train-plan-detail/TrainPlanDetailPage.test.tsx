import { chinaYear, type TrainPlanItem } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listDictionary } from '../../../api/dictionary';
import { getSystemInfo } from '../../../api/project';
import { getTrainPlan, saveTrainPlan } from '../../../api/train-plan';
import { pickDate } from '../../../testing/date-pickers';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { TrainPlanDetailPage } from './TrainPlanDetailPage';

jest.mock('../../../api/train-plan', () => ({ getTrainPlan: jest.fn(), saveTrainPlan: jest.fn() }));
jest.mock('../../../api/dictionary', () => ({ listDictionary: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getTrainPlan);
const saveMock = jest.mocked(saveTrainPlan);
const YEAR = chinaYear(new Date());
const PROJECT_ADMIN = buildAccountInfo([
  '/home',
  '/train-manage/train-plan-list',
  '/train-manage/train-plan-detail',
]);

function buildPlan(overrides: Partial<TrainPlanItem> = {}): TrainPlanItem {
  return {
    id: 5,
    year: YEAR,
    name: '建筑业继续教育计划',
    industry: 'construction',
    industryName: '建筑业',
    startDate: `${YEAR}-03-01`,
    endDate: `${YEAR}-12-31`,
    status: 'DRAFT',
    description: '面向建筑业专业技术人员',
    publishedAt: null,
    closedAt: null,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** A button by its text (antd spaces out two-character labels of some buttons: 保 存). */
const button = (text: string) =>
  within(document.body)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) =>
  document.querySelector<HTMLInputElement>(`#train-plan-form_${id}`) as HTMLInputElement;
const fieldError = (id: string) =>
  field(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function choose(id: string, option: string) {
  fireEvent.mouseDown(field(id));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

function open(path: string) {
  return renderScreen(<TrainPlanDetailPage />, PROJECT_ADMIN, path);
}

beforeEach(() => {
  getMock.mockReset().mockResolvedValue(buildPlan());
  saveMock
    .mockReset()
    .mockImplementation(async (payload) =>
      buildPlan({ ...(payload as Partial<TrainPlanItem>), id: (payload.id as number | undefined) ?? 9 }),
    );
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
    .mockResolvedValue(buildSystemInfo({ classStartYear: YEAR - 1 }));
});

describe('TrainPlanDetailPage', () => {
  it('creates a draft plan, checking the dates first, then returns to the list', async () => {
    open('/train-manage/train-plan-detail');
    expect(await screen.findByText('新建培训计划')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
    fireEvent.mouseDown(field('year'));
    const years = await screen.findAllByText(/^\d{4}年$/, { selector: '.ant-select-item-option-content' });
    expect(years.map((option) => option.textContent)).toEqual([
      `${YEAR + 1}年`,
      `${YEAR}年`,
      `${YEAR - 1}年`,
    ]);
    fireEvent.click(years[1]);
    await choose('industry', '医疗卫生');
    fireEvent.change(field('name'), { target: { value: ' 医护技能提升计划 ' } });
    pickDate(field('startDate'), `${YEAR}-07-01`);
    pickDate(field('endDate'), `${YEAR}-06-30`);
    fireEvent.click(button('创建计划'));
    await waitFor(() => expect(fieldError('endDate')).toBe('结束日期不能早于开始日期'));
    expect(saveMock).not.toHaveBeenCalled();

    pickDate(field('endDate'), `${YEAR}-12-31`);
    fireEvent.change(field('description'), { target: { value: '下半年岗位技能培训' } });
    fireEvent.click(button('创建计划'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        year: YEAR,
        name: '医护技能提升计划',
        industry: 'healthcare',
        startDate: `${YEAR}-07-01`,
        endDate: `${YEAR}-12-31`,
        description: '下半年岗位技能培训',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-plan-list'),
    );
  });

  it('asks for every required field before saving', async () => {
    open('/train-manage/train-plan-detail');
    await screen.findByText('新建培训计划');
    fireEvent.click(button('创建计划'));
    await waitFor(() => expect(fieldError('name')).toBe('请填写计划名称'));
    expect(fieldError('year')).toBe('请选择年度');
    expect(fieldError('industry')).toBe('请选择所属行业');
    expect(fieldError('startDate')).toBe('请选择开始日期');
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('edits a draft with its id and shows the refusals of the server on their fields', async () => {
    saveMock.mockRejectedValueOnce(
      buildFieldsError([{ field: 'name', message: '该年度已有同名的培训计划' }]),
    );
    open('/train-manage/train-plan-detail?id=5');
    expect(await screen.findByText('编辑培训计划 · 建筑业继续教育计划')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(5);
    expect(field('name').value).toBe('建筑业继续教育计划');
    expect(field('startDate').value).toBe(`${YEAR}-03-01`);
    expect(field('year').disabled).toBe(false);
    fireEvent.click(button('保存'));
    await waitFor(() => expect(fieldError('name')).toBe('该年度已有同名的培训计划'));
    expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-plan-detail?id=5');

    fireEvent.change(field('name'), { target: { value: '建筑业继续教育计划（修订）' } });
    fireEvent.click(button('保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenLastCalledWith({
        id: 5,
        year: YEAR,
        name: '建筑业继续教育计划（修订）',
        industry: 'construction',
        startDate: `${YEAR}-03-01`,
        endDate: `${YEAR}-12-31`,
        description: '面向建筑业专业技术人员',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-plan-list'),
    );
  });

  it('keeps the year of a published plan, offering its own year even outside the range', async () => {
    getMock.mockResolvedValue(
      buildPlan({ status: 'PUBLISHED', year: 2015, startDate: '2015-01-01', endDate: '2015-12-31' }),
    );
    open('/train-manage/train-plan-detail?id=5');
    expect(await screen.findByText('已发布的计划不能修改年度')).toBeTruthy();
    expect(field('year').disabled).toBe(true);
    expect(screen.getByText('2015年')).toBeTruthy();
    expect(field('name').disabled).toBe(false);
  });

  it('shows a closed plan read-only, without a save button', async () => {
    getMock.mockResolvedValue(buildPlan({ status: 'CLOSED' }));
    open('/train-manage/train-plan-detail?id=5');
    expect(
      await screen.findByText('该计划已关闭，不能修改；如需修改，请在培训计划列表中重新发布。'),
    ).toBeTruthy();
    expect(screen.getByText('查看培训计划 · 建筑业继续教育计划')).toBeTruthy();
    expect(field('name').disabled).toBe(true);
    expect(field('endDate').disabled).toBe(true);
    expect(
      screen.queryByText((content) => content.replace(/\s/g, '') === '保存', { selector: 'button span' }),
    ).toBeNull();
  });

  it('explains a malformed id, and a failed load can be retried', async () => {
    const first = open('/train-manage/train-plan-detail?id=abc');
    expect(await screen.findByText('计划编号无效')).toBeTruthy();
    first.unmount();
    getMock.mockRejectedValueOnce(new Error('培训计划不存在'));
    open('/train-manage/train-plan-detail?id=5');
    expect(await screen.findByText('培训计划不存在')).toBeTruthy();
    fireEvent.click(button('重新加载'));
    expect(await screen.findByText('编辑培训计划 · 建筑业继续教育计划')).toBeTruthy();
    expect(getMock).toHaveBeenCalledTimes(2);
  });
});
