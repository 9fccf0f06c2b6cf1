import type { ClassItem, ClassPage } from '@px/api/contract';
import { ApiError } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getClassCategoryTree } from '../../../api/class-category';
import { getSystemInfo } from '../../../api/project';
import { countPushable, pushClasses } from '../../../api/regulator';
import {
  batchCopyClasses,
  batchModifyClasses,
  copyClass,
  deleteClass,
  exportClasses,
  listClasses,
  setClassAmount,
  setClassesOnShelf,
  sortClasses,
} from '../../../api/train-class';
import { listTrainPlans } from '../../../api/train-plan';
import { pickDate } from '../../../testing/date-pickers';
import { buildFieldsError } from '../../../testing/field-errors';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { ClassListPage } from './ClassListPage';
import { buildClass, buildPlan, CLASS_STAFF, CLASS_TREE, YEAR } from './class-test-data';

jest.mock('../../../api/train-class', () => ({
  listClasses: jest.fn(),
  exportClasses: jest.fn(),
  setClassesOnShelf: jest.fn(),
  setClassAmount: jest.fn(),
  copyClass: jest.fn(),
  batchCopyClasses: jest.fn(),
  batchModifyClasses: jest.fn(),
  deleteClass: jest.fn(),
  sortClasses: jest.fn(),
}));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));
jest.mock('../../../api/train-plan', () => ({ listTrainPlans: jest.fn() }));
jest.mock('../../../api/regulator', () => ({ countPushable: jest.fn(), pushClasses: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../../api/class-category', () => ({
  getClassCategoryTree: jest.fn(),
  saveClassCategory: jest.fn(),
  dragClassCategory: jest.fn(),
  deleteClassCategory: jest.fn(),
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listClasses);
const shelfMock = jest.mocked(setClassesOnShelf);

const ON_SHELF = buildClass();
const OFF_SHELF = buildClass({
  id: 2,
  name: '公需科目通识班',
  categoryId: 1,
  baseType: 'public',
  categoryPath: '公需科目',
  amount: 0,
  onShelf: false,
  offered: false,
  sort: 2,
});

const page = (list: ClassItem[]): ClassPage => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lastPopconfirm = () => {
  const all = document.querySelectorAll<HTMLElement>('.ant-popconfirm');
  return all[all.length - 1];
};
const modal = (title: string) => screen.getByText(title).closest('.ant-modal') as HTMLElement;
/** A button by its text (antd spaces out two-character labels of some buttons: 查 询). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const fieldError = (id: string) =>
  input(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function openPage() {
  const rendered = renderScreen(<ClassListPage />, CLASS_STAFF, '/train-manage/class');
  await screen.findByText('公需科目通识班');
  return rendered;
}

async function choose(selectId: string, option: string) {
  fireEvent.mouseDown(input(selectId));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

async function chooseTree(selectId: string, option: string) {
  fireEvent.mouseDown(input(selectId));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-tree-title' }));
}

function selectRows(...names: string[]) {
  for (const name of names)
    fireEvent.click(rowOf(name).querySelector('input[type="checkbox"]') as HTMLElement);
}

beforeEach(() => {
  window.localStorage.clear();
  listMock.mockReset().mockResolvedValue(page([ON_SHELF, OFF_SHELF]));
  shelfMock.mockReset().mockResolvedValue(null);
  jest.mocked(setClassAmount).mockReset().mockResolvedValue(ON_SHELF);
  jest
    .mocked(copyClass)
    .mockReset()
    .mockResolvedValue({ ids: [3] });
  jest
    .mocked(batchCopyClasses)
    .mockReset()
    .mockResolvedValue({ ids: [3, 4] });
  jest.mocked(batchModifyClasses).mockReset().mockResolvedValue(null);
  jest.mocked(deleteClass).mockReset().mockResolvedValue(null);
  jest.mocked(sortClasses).mockReset().mockResolvedValue(null);
  jest
    .mocked(exportClasses)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
  jest
    .mocked(listTrainPlans)
    .mockReset()
    .mockResolvedValue({
      list: [
        buildPlan(10, '建筑业继续教育计划'),
        buildPlan(11, '医护技能提升计划'),
        buildPlan(12, '往年安全生产计划', { year: YEAR - 1, status: 'CLOSED' }),
      ],
      total: 3,
      pageNum: 1,
      pageSize: 100,
    });
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ classStartYear: YEAR - 1 }));
  jest.mocked(getClassCategoryTree).mockReset().mockResolvedValue(CLASS_TREE);
  jest
    .mocked(countPushable)
    .mockReset()
    .mockImplementation((ids) =>
      Promise.resolve({ total: ids.length * 3, classes: ids.map((classId) => ({ classId, count: 3 })) }),
    );
  jest.mocked(pushClasses).mockReset().mockResolvedValue({ queued: 6, refused: [] });
});

describe('ClassListPage', () => {
  it('shows each class: name to its editor, plan, type, price in yuan, hours, windows, tags, enrolments', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(jest.mocked(listTrainPlans)).toHaveBeenCalledWith({ pageNum: 1, pageSize: 100 });
    for (const text of ['专业科目 / 建筑施工', '98.00', '12.5 / 4', '已上架', '在售'])
      expect(within(rowOf('安全员继续教育班')).getByText(text)).toBeTruthy();
    // The plan and the windows are a pick away (the list fits 1280 px without them), remembered.
    expect(within(rowOf('安全员继续教育班')).queryByText('建筑业继续教育计划')).toBeNull();
    fireEvent.click(screen.getAllByLabelText('列设置')[0] as HTMLElement);
    for (const title of ['培训计划', '报名时间', '学习时间'])
      fireEvent.click(await screen.findByText(title, { selector: '.ant-checkbox-label' }));
    const onShelf = rowOf('安全员继续教育班');
    for (const text of [
      '建筑业继续教育计划',
      `${YEAR}-01-01 至 ${YEAR}-12-31`,
      `${YEAR}-02-01 至 ${YEAR + 1}-06-30`,
    ])
      expect(within(onShelf).getByText(text)).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('listColumns:train-manage/class') ?? '[]')).toEqual([
      'sort',
    ]);
    expect(within(onShelf).getByText('安全员继续教育班').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/train-class-detail?id=1',
    );
    const offShelf = rowOf('公需科目通识班');
    for (const text of ['0.00', '已下架', '未在售']) expect(within(offShelf).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('filters by name, year, plan, class type and shelf from the first page, and resets', async () => {
    await openPage();
    fireEvent.change(screen.getByPlaceholderText('名称的一部分'), { target: { value: ' 安全员 ' } });
    fireEvent.mouseDown(input('class-filters_year'));
    const years = await screen.findAllByText(/^\d{4}年$/, { selector: '.ant-select-item-option-content' });
    expect(years.map((option) => option.textContent)).toEqual([
      `${YEAR + 1}年`,
      `${YEAR}年`,
      `${YEAR - 1}年`,
    ]);
    fireEvent.click(years[1]);
    await choose('class-filters_planId', `${YEAR}年 · 医护技能提升计划`);
    await chooseTree('class-filters_categoryId', '建筑施工');
    await choose('class-filters_shelf', '已下架');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        name: '安全员',
        year: YEAR,
        planId: 11,
        categoryId: 21,
        shelf: 'OFF',
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.click(button(document.body, '重置'));
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
  });

  it('copies a class after confirmation and reloads', async () => {
    await openPage();
    fireEvent.click(button(rowOf('安全员继续教育班'), '复制'));
    expect(await screen.findByText('复制班级「安全员继续教育班」？')).toBeTruthy();
    expect(copyClass).not.toHaveBeenCalled();
    fireEvent.click(button(lastPopconfirm(), '复制'));
    await waitFor(() => expect(copyClass).toHaveBeenCalledWith(1));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('puts a class on the shelf at once and takes one off after confirmation', async () => {
    await openPage();
    fireEvent.click(button(rowOf('公需科目通识班'), '上架'));
    await waitFor(() => expect(shelfMock).toHaveBeenCalledWith([2], true));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
    await screen.findByText('公需科目通识班');
    fireEvent.click(button(rowOf('安全员继续教育班'), '下架'));
    expect(await screen.findByText('下架班级「安全员继续教育班」？')).toBeTruthy();
    fireEvent.click(button(lastPopconfirm(), '下架'));
    await waitFor(() => expect(shelfMock).toHaveBeenLastCalledWith([1], false));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(3));
  });

  it('deletes a class off the shelf after confirmation; on the shelf it must come off first', async () => {
    jest
      .mocked(deleteClass)
      .mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '已有学员报名' }));
    await openPage();
    expect(button(rowOf('安全员继续教育班'), '删除').disabled).toBe(true);
    fireEvent.click(button(rowOf('公需科目通识班'), '删除'));
    expect(await screen.findByText('删除班级「公需科目通识班」？')).toBeTruthy();
    fireEvent.click(button(lastPopconfirm(), '删除'));
    await waitFor(() => expect(deleteClass).toHaveBeenCalledWith(2));
    // Refused by the server (the client showed why): the list stays as it is.
    expect(listMock).toHaveBeenCalledTimes(1);
    // The refused delete has settled (the row is busy until then, its 删除 disabled): ask again.
    await waitFor(() => expect(button(rowOf('公需科目通识班'), '删除').disabled).toBe(false));
    fireEvent.click(button(rowOf('公需科目通识班'), '删除'));
    fireEvent.click(button(lastPopconfirm(), '删除'));
    await waitFor(() => expect(deleteClass).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('changes a price typed in yuan, refusing amounts that are not money', async () => {
    await openPage();
    fireEvent.click(button(rowOf('安全员继续教育班'), '改价'));
    const dialog = modal('改价 · 安全员继续教育班');
    await waitFor(() => expect(input('class-amount-form_amount').value).toBe('98.00'));
    for (const bad of ['12.345', '-1', 'abc', '100000.01']) {
      fireEvent.change(input('class-amount-form_amount'), { target: { value: bad } });
      fireEvent.click(button(dialog, '保存'));
      await waitFor(() =>
        expect(fieldError('class-amount-form_amount')).toBe('请输入 0 到 100000 之间、最多两位小数的金额'),
      );
    }
    expect(setClassAmount).not.toHaveBeenCalled();
    fireEvent.change(input('class-amount-form_amount'), { target: { value: '120.5' } });
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() => expect(setClassAmount).toHaveBeenCalledWith(1, 12050));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('puts the selected classes on and off the shelf together', async () => {
    await openPage();
    expect(button(document.body, '批量上架').disabled).toBe(true);
    selectRows('安全员继续教育班', '公需科目通识班');
    expect(await screen.findByText('已选 2 个班级')).toBeTruthy();
    fireEvent.click(button(document.body, '批量上架'));
    await waitFor(() => expect(shelfMock).toHaveBeenCalledWith([1, 2], true));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('勾选班级后可批量操作')).toBeTruthy();
    await screen.findByText('公需科目通识班');
    selectRows('公需科目通识班');
    fireEvent.click(button(document.body, '批量下架'));
    expect(await screen.findByText('下架所选 1 个班级？')).toBeTruthy();
    fireEvent.click(button(lastPopconfirm(), '下架'));
    await waitFor(() => expect(shelfMock).toHaveBeenLastCalledWith([2], false));
  });

  it('reports the selected classes to the regulator, saying how many students may be reported', async () => {
    await openPage();
    selectRows('安全员继续教育班', '公需科目通识班');
    fireEvent.click(await screen.findByText('上报监管平台（6 人）'));
    expect(await screen.findByText('可上报 6 人（已合格且未上报）')).toBeTruthy();
    fireEvent.click(button(lastPopconfirm(), '上报'));
    await waitFor(() => expect(pushClasses).toHaveBeenCalledWith([1, 2]));
    expect(countPushable).toHaveBeenCalledWith([1, 2]);
  });

  it('copies the selected classes into a chosen plan and year', async () => {
    await openPage();
    selectRows('安全员继续教育班', '公需科目通识班');
    fireEvent.click(button(document.body, '批量复制'));
    const dialog = modal('批量复制班级');
    fireEvent.mouseDown(input('class-batch-copy-form_planId'));
    const closed = await screen.findByText(`${YEAR - 1}年 · 往年安全生产计划（已关闭）`, {
      selector: '.ant-select-item-option-content',
    });
    expect(closed.closest('.ant-select-item-option-disabled')).toBeTruthy();
    fireEvent.click(
      await screen.findByText(`${YEAR}年 · 医护技能提升计划`, {
        selector: '.ant-select-item-option-content',
      }),
    );
    await choose('class-batch-copy-form_year', `${YEAR + 1}年`);
    fireEvent.click(button(dialog, '复制'));
    await waitFor(() =>
      expect(batchCopyClasses).toHaveBeenCalledWith({ ids: [1, 2], planId: 11, year: YEAR + 1 }),
    );
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('modifies only the filled fields of the selected classes, showing refusals on their fields', async () => {
    jest
      .mocked(batchModifyClasses)
      .mockRejectedValueOnce(
        buildFieldsError([{ field: 'enrolEndDate', message: '报名结束日期不能晚于学习结束日期' }]),
      );
    await openPage();
    selectRows('公需科目通识班');
    fireEvent.click(button(document.body, '批量修改'));
    const dialog = await waitFor(() => modal('批量修改班级'));
    fireEvent.click(button(dialog, '修改'));
    expect(await screen.findByText('请至少填写一项要修改的内容')).toBeTruthy();
    fireEvent.change(input('class-batch-modify-form_amount'), { target: { value: '1.5.0' } });
    fireEvent.click(button(dialog, '修改'));
    await waitFor(() =>
      expect(fieldError('class-batch-modify-form_amount')).toBe(
        '请输入 0 到 100000 之间、最多两位小数的金额',
      ),
    );
    fireEvent.change(input('class-batch-modify-form_amount'), { target: { value: '0' } });
    pickDate(input('class-batch-modify-form_enrolEndDate'), `${YEAR}-10-01`);
    await chooseTree('class-batch-modify-form_categoryId', '公需科目');
    fireEvent.click(button(dialog, '修改'));
    await waitFor(() =>
      expect(fieldError('class-batch-modify-form_enrolEndDate')).toBe('报名结束日期不能晚于学习结束日期'),
    );
    expect(batchModifyClasses).toHaveBeenCalledWith({
      ids: [2],
      categoryId: 1,
      amount: 0,
      enrolEndDate: `${YEAR}-10-01`,
    });
    expect(listMock).toHaveBeenCalledTimes(1);
    fireEvent.click(button(dialog, '修改'));
    await waitFor(() => expect(batchModifyClasses).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('edits the sort numbers of the rows on screen and saves them together', async () => {
    await openPage();
    fireEvent.click(button(document.body, '调整排序'));
    const second = await screen.findByLabelText('排序 公需科目通识班');
    fireEvent.change(second, { target: { value: '0' } });
    fireEvent.click(button(document.body, '保存排序'));
    await waitFor(() =>
      expect(sortClasses).toHaveBeenCalledWith([
        { id: 1, sort: 1 },
        { id: 2, sort: 0 },
      ]),
    );
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByLabelText('排序 公需科目通识班')).toBeNull();
  });

  it('exports the classes of the current filters', async () => {
    await openPage();
    await choose('class-filters_shelf', '已上架');
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ shelf: 'ON', pageNum: 1, pageSize: 10 }));
    fireEvent.click(button(document.body, '导出'));
    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledWith(expect.any(Blob), '班级列表.xlsx'));
    expect(exportClasses).toHaveBeenCalledWith(expect.objectContaining({ shelf: 'ON' }));
  });

  it('leads to the editor for a new class and opens the class category tree', async () => {
    await openPage();
    fireEvent.click(button(document.body, '班级分类'));
    const drawer = (
      await screen.findByText('建筑施工', { selector: '.ant-tree-title *, .ant-tree-title' })
    ).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('专业科目')).toBeTruthy();
    fireEvent.click(button(document.body, '新建班级'));
    expect(screen.getByTestId('location').textContent).toBe('/train-manage/train-class-detail');
  });

  it('counts paid enrolments as 报名人数, the unpaid and the refunded apart; any of them keeps the class', async () => {
    listMock.mockResolvedValue(
      page([
        { ...ON_SHELF, enrolledCount: 3, unpaidCount: 2, leftCount: 1 },
        { ...OFF_SHELF, enrolledCount: 0, unpaidCount: 1, leftCount: 0 },
      ]),
    );
    await openPage();
    const counted = rowOf('安全员继续教育班');
    expect(within(counted).getByText('3')).toBeTruthy();
    expect(within(counted).getByText('待支付 2 · 退款/转出 1')).toBeTruthy();
    const unpaidOnly = rowOf('公需科目通识班');
    expect(within(unpaidOnly).getByText('待支付 1')).toBeTruthy();
    expect(button(unpaidOnly, '删除').disabled).toBe(true);
  });
});
