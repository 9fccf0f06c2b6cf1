import type { ClassCenterBaseType, ClassCenterItem, PageAnswer, SystemInfo } from '@px/api/contract';
import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { Dialog } from 'react-vant';
import { countCart, joinClasses } from '../../api/cart';
import { getSystemInfo } from '../../api/project';
import {
  type ClassCenterQuery,
  listCenterCategories,
  listCenterClasses,
  listCenterYears,
} from '../../api/train-class';
import { tokenAtom } from '../../store/session';
import { muteToast, probedLocation, setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { ClassCenterPage } from './ClassCenterPage';
import { CENTER_VARIANTS, type CenterVariantName } from './center-variants';
import { CLASS_TREE } from './class-tree.fixture';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/train-class', () => ({
  listCenterCategories: jest.fn(),
  listCenterClasses: jest.fn(),
  listCenterYears: jest.fn(),
}));
jest.mock('../../api/cart', () => ({ countCart: jest.fn(), joinClasses: jest.fn() }));

const classes = jest.mocked(listCenterClasses);
const years = jest.mocked(listCenterYears);
const categories = jest.mocked(listCenterCategories);
const count = jest.mocked(countCart);
const join = jest.mocked(joinClasses);

/** An offered class as `class/center-page` answers it. */
function buildClass(id: number, overrides: Partial<ClassCenterItem> = {}): ClassCenterItem {
  return {
    id,
    name: `班级${id}`,
    year: 2025,
    baseType: 'public',
    categoryPath: '公需科目',
    amount: 9800,
    requiredHours: 12,
    electiveHours: 4,
    courseCount: 3,
    teacherName: '李老师',
    enrolEndDate: '2025-12-31',
    studyStartDate: '2025-01-01',
    studyEndDate: '2026-06-30',
    rating: 4.5,
    evaluationCount: 12,
    ...overrides,
  };
}

/** A page of `rows` out of `total`, as the call answers `query`. */
function pageOf(
  rows: ClassCenterItem[],
  query: ClassCenterQuery,
  total = rows.length,
): PageAnswer<ClassCenterItem> {
  return { list: rows, total, pageNum: Number(query.pageNum ?? 1), pageSize: Number(query.pageSize ?? 10) };
}

/** Answers pages out of `all` (25 classes by default) the way the server would. */
function serve(all: ClassCenterItem[]) {
  classes.mockImplementation(async (query) => {
    const pageNum = Number(query.pageNum);
    const pageSize = Number(query.pageSize);
    return pageOf(all.slice((pageNum - 1) * pageSize, pageNum * pageSize), query, all.length);
  });
}

function renderCentre(
  name: CenterVariantName,
  options: { settings?: Partial<SystemInfo>; signedIn?: boolean } = {},
) {
  jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo(options.settings));
  const store = createStore();
  if (options.signedIn) store.set(tokenAtom, 'tok');
  const variant = CENTER_VARIANTS[name];
  return renderScreen(<ClassCenterPage variant={variant} />, variant.path, store);
}

/** The query of the first page of a year and base type, without a category. */
const firstPage = (year: number | undefined, baseType: string) => ({
  unitId: undefined,
  year,
  baseType,
  pageNum: 1,
  pageSize: 10,
});

/** The query of the n-th (from 0) class call. */
const queryOf = (index: number) => classes.mock.calls[index]?.[0];
const lastQuery = () => classes.mock.calls.at(-1)?.[0];
const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((node) => node.textContent);

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  setTokenCookie(undefined);
  classes.mockReset();
  serve([buildClass(1), buildClass(2, { amount: 0, rating: null, evaluationCount: 0 })]);
  years.mockReset().mockResolvedValue([2025, 2024]);
  categories.mockReset().mockResolvedValue(CLASS_TREE);
  count.mockReset().mockResolvedValue({ count: 3 });
  join.mockReset().mockResolvedValue({ added: 1, skipped: 1, count: 4 });
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('/classSelectCenter', () => {
  it('lists the newest year of the first shown base type, ten a page, each card linking to the detail', async () => {
    renderCentre('classSelectCenter');
    expect(await screen.findByRole('heading', { name: '班级1' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '选课中心' })).toBeTruthy();
    expect(queryOf(0)).toEqual({
      unitId: undefined,
      year: 2025,
      baseType: 'public',
      pageNum: 1,
      pageSize: 10,
    });
    expect(screen.getByRole('button', { name: '年度：2025年' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['公需课', '专业课']);

    const card = screen.getByRole('link', { name: '班级1' });
    expect(card.getAttribute('href')).toBe('/detail-public?id=1');
    expect(within(card).getByText('公需科目')).toBeTruthy();
    expect(within(card).getByText('必修 12.0 学时 · 选修 4.0 学时')).toBeTruthy();
    expect(within(card).getByText('¥98.00')).toBeTruthy();
    expect(within(card).getByText('4.5 分（12 人评价）')).toBeTruthy();
    expect(within(card).getByText('报名截止 2025-12-31')).toBeTruthy();
    const free = screen.getByRole('link', { name: '班级2' });
    expect(within(free).getByText('免费')).toBeTruthy();
    expect(within(free).getByText('暂无评价')).toBeTruthy();
    expect(screen.getByText('共 2 个班级')).toBeTruthy();

    fireEvent.click(card);
    expect(await probedLocation()).toBe('/detail-public?id=1');
  });

  it('asks again for the chosen year, base type and name', async () => {
    renderCentre('classSelectCenter');
    await screen.findByRole('heading', { name: '班级1' });

    fireEvent.click(screen.getByRole('button', { name: '年度：2025年' }));
    fireEvent.click(await screen.findByText('2024年度'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ year: 2024, baseType: 'public', pageNum: 1 }));

    fireEvent.click(screen.getByRole('tab', { name: '专业课' }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ year: 2024, baseType: 'specialized', pageNum: 1 }),
    );

    fireEvent.change(screen.getByPlaceholderText('搜索班级名称'), { target: { value: ' 安全 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        unitId: undefined,
        year: 2024,
        baseType: 'specialized',
        name: '安全',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('hides elective hours with hideElective', async () => {
    renderCentre('classSelectCenter', { settings: { hideElective: 1 } });
    const card = await screen.findByRole('link', { name: '班级1' });
    expect(within(card).getByText('必修 12.0 学时')).toBeTruthy();
    expect(within(card).queryByText(/选修/)).toBeNull();
  });

  it('offers only the shown base types: showClassType order, hide flags', async () => {
    const { unmount } = renderCentre('classSelectCenter', {
      settings: { h5Config: { showClassType: ['specialized', 'public'] } },
    });
    await screen.findByRole('heading', { name: '班级1' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['专业课', '公需课']);
    expect(queryOf(0)).toMatchObject({ baseType: 'specialized' });
    unmount();

    classes.mockClear();
    renderCentre('classSelectCenter', { settings: { hidePublicType: 1 } });
    await screen.findByRole('heading', { name: '班级1' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(queryOf(0)).toMatchObject({ baseType: 'specialized' });
  });

  it('says so when no base type is shown or no year is offered', async () => {
    const { unmount } = renderCentre('classSelectCenter', {
      settings: { hidePublicType: 1, hideSpecializedType: 1 },
    });
    expect(await screen.findByText('暂未开放选课')).toBeTruthy();
    unmount();
    years.mockResolvedValue([]);
    renderCentre('classSelectCenter');
    expect(await screen.findByText('暂无可报名的班级')).toBeTruthy();
    expect(classes).not.toHaveBeenCalled();
  });

  it('says what the empty search looked for and clears it in one tap', async () => {
    classes.mockImplementation(async (query) =>
      query.name ? pageOf([], query) : pageOf([buildClass(1)], query),
    );
    renderCentre('classSelectCenter');
    await screen.findByRole('heading', { name: '班级1' });
    fireEvent.change(screen.getByPlaceholderText('搜索班级名称'), { target: { value: '不存在' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有找到名称包含“不存在”的班级')).toBeTruthy();
    expect(screen.queryByText('暂无可报名的班级')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    expect(await screen.findByRole('heading', { name: '班级1' })).toBeTruthy();
    expect(lastQuery()).not.toHaveProperty('name', expect.anything());
    expect((screen.getByPlaceholderText('搜索班级名称') as HTMLInputElement).value).toBe('');
  });

  it('shows the failure of the first page with a retry', async () => {
    classes.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderCentre('classSelectCenter');
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: '班级1' })).toBeTruthy();
  });
});

describe('the infinite list and pull to refresh', () => {
  let offsetParent: jest.SpyInstance;
  const TWENTY_FIVE = Array.from({ length: 25 }, (_, index) => buildClass(index + 1));

  // jsdom lays nothing out: give elements a parent so the list sees its end on screen and loads on.
  beforeEach(() => {
    offsetParent = jest.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
  });
  afterEach(() => offsetParent.mockRestore());

  it('loads the next pages while the end shows and stops at the total', async () => {
    serve(TWENTY_FIVE);
    renderCentre('classSelectCenter');
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(cardNames()).toHaveLength(25);
    expect(classes.mock.calls.map(([query]) => query.pageNum)).toEqual([1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(classes).toHaveBeenCalledTimes(3);
  });

  it('offers a retry when a next page fails', async () => {
    serve(TWENTY_FIVE);
    classes
      .mockImplementationOnce(async (query) => pageOf(TWENTY_FIVE.slice(0, 10), query, 25))
      .mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderCentre('classSelectCenter');
    fireEvent.click(await screen.findByText('加载失败，点击重试'));
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(classes.mock.calls.map(([query]) => query.pageNum)).toEqual([1, 2, 2, 3]);
  });

  it('reloads page 1 on pull to refresh', async () => {
    const { container } = renderCentre('classSelectCenter');
    await screen.findByText('没有更多了');
    serve([buildClass(7, { name: '新开班级' })]);
    const track = container.querySelector('.rv-pull-refresh__track') as HTMLElement;
    fireEvent.touchStart(track, { touches: [{ clientX: 0, clientY: 0 }] });
    fireEvent.touchMove(track, { touches: [{ clientX: 0, clientY: 20 }] });
    fireEvent.touchMove(track, { touches: [{ clientX: 0, clientY: 160 }] });
    fireEvent.touchEnd(track);
    expect(await screen.findByRole('heading', { name: '新开班级' })).toBeTruthy();
    expect(cardNames()).toEqual(['新开班级']);
    expect(lastQuery()).toMatchObject({ year: 2025, pageNum: 1 });
  });
});

describe('the tree model (showClassTypeModel 2)', () => {
  /** Answers the classes of each category (none given: every class) the way the server would. */
  function serveByCategory(byCategory: Record<number, number[]>, all = [1, 2, 3]) {
    classes.mockImplementation(async (query) => {
      const ids = query.categoryId === undefined ? all : (byCategory[Number(query.categoryId)] ?? []);
      const pageNum = Number(query.pageNum);
      const pageSize = Number(query.pageSize);
      const rows = ids.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return pageOf(
        rows.map((id) => buildClass(id, { baseType: 'specialized' })),
        query,
        ids.length,
      );
    });
  }
  const majorNames = () =>
    within(screen.getByRole('group', { name: '专业类型' }))
      .getAllByRole('button')
      .map((button) => button.textContent);

  it('adds the major type and major child rows from the tree and pages the chosen category', async () => {
    serveByCategory({ 21: [1, 3], 212: [3], 22: [2] });
    renderCentre('classSelectCenter', { settings: { showClassTypeModel: 2 } });
    expect(await screen.findByRole('group', { name: '专业类型' })).toBeTruthy();
    expect(categories).toHaveBeenCalledWith({ unitId: undefined, year: 2025 });
    expect(majorNames()).toEqual(['全部', '继续教育']);
    await waitFor(() => expect(cardNames()).toEqual(['班级1', '班级2', '班级3']));
    expect(queryOf(0)).toEqual(firstPage(2025, 'public'));

    fireEvent.click(screen.getByRole('tab', { name: '专业课' }));
    await waitFor(() => expect(majorNames()).toEqual(['全部', '建筑施工', '职业技能']));
    fireEvent.click(screen.getByRole('button', { name: '建筑施工' }));
    await waitFor(() => expect(cardNames()).toEqual(['班级1', '班级3']));
    expect(lastQuery()).toEqual({
      unitId: undefined,
      year: 2025,
      baseType: 'specialized',
      categoryId: 21,
      pageNum: 1,
      pageSize: 10,
    });
    const children = screen.getByRole('group', { name: '专业子类' });
    fireEvent.click(within(children).getByRole('button', { name: '施工员' }));
    await waitFor(() => expect(cardNames()).toEqual(['班级3']));
    expect(lastQuery()).toMatchObject({ categoryId: 212, pageNum: 1, pageSize: 10 });
    // The tree is read once: the rows do not depend on the base type or the list.
    expect(categories).toHaveBeenCalledTimes(1);
  });

  it('reads the tree of the chosen year, keeping the choice while it is offered', async () => {
    serveByCategory({ 21: [1], 22: [2] });
    renderCentre('specialized', { settings: { showClassTypeModel: 2 } });
    fireEvent.click(await screen.findByRole('button', { name: '建筑施工' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ year: 2025, categoryId: 21 }));

    fireEvent.click(screen.getByRole('button', { name: '年度：2025年' }));
    fireEvent.click(await screen.findByText('2024年度'));
    await waitFor(() => expect(categories).toHaveBeenLastCalledWith({ unitId: undefined, year: 2024 }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ year: 2024, categoryId: 21, pageNum: 1 }));

    const withoutBuilding = { ...(CLASS_TREE[1] as ClassCenterBaseType) };
    withoutBuilding.children = withoutBuilding.children.filter((node) => node.id !== 21);
    categories.mockResolvedValue([withoutBuilding]);
    fireEvent.click(screen.getByRole('button', { name: '年度：2024年' }));
    // The action sheet opened before stays in the document: take the latest one's item.
    fireEvent.click((await screen.findAllByText('2025年度')).at(-1) as HTMLElement);
    await waitFor(() => expect(majorNames()).toEqual(['全部', '职业技能']));
    expect(lastQuery()).toEqual(firstPage(2025, 'specialized'));
    expect(screen.getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no child row for a major type without children, and no rows (nor tree) with hideMajorType', async () => {
    serveByCategory({ 22: [2] });
    categories.mockResolvedValue([
      { ...(CLASS_TREE[1] as ClassCenterBaseType), children: [{ id: 22, name: '职业技能', children: [] }] },
    ]);
    const { unmount } = renderCentre('specialized', { settings: { showClassTypeModel: 2 } });
    fireEvent.click(await screen.findByRole('button', { name: '职业技能' }));
    await waitFor(() => expect(cardNames()).toEqual(['班级2']));
    expect(screen.queryByRole('group', { name: '专业子类' })).toBeNull();
    unmount();

    classes.mockClear();
    categories.mockClear();
    renderCentre('classSelectCenter', { settings: { showClassTypeModel: 2, hideMajorType: 1 } });
    await screen.findByRole('heading', { name: '班级1' });
    expect(screen.queryByRole('group', { name: '专业类型' })).toBeNull();
    expect(categories).not.toHaveBeenCalled();
    expect(queryOf(0)).toMatchObject({ pageSize: 10 });
  });

  it('shows the failure of the tree with a retry, the list waiting for it', async () => {
    categories.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderCentre('classSelectCenter2', { signedIn: true });
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    expect(classes).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('group', { name: '专业类型' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '班级1' })).toBeTruthy();
  });

  it('is the model of /classSelectCenter2 whatever the setting, its cards opening /detail-public2', async () => {
    renderCentre('classSelectCenter2', { signedIn: true });
    expect(await screen.findByRole('group', { name: '专业类型' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: '班级1' })).getAttribute('href')).toBe(
      '/detail-public2?id=1',
    );
  });

  describe('paging a category', () => {
    let offsetParent: jest.SpyInstance;
    beforeEach(() => {
      offsetParent = jest.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    });
    afterEach(() => offsetParent.mockRestore());

    it('loads the next pages of the chosen category, ten a page', async () => {
      serveByCategory({ 21: Array.from({ length: 15 }, (_, index) => index + 1) });
      renderCentre('professional');
      fireEvent.click(await screen.findByRole('button', { name: '建筑施工' }));
      await waitFor(() => expect(cardNames()).toHaveLength(15));
      const pages = classes.mock.calls.filter(([query]) => query.categoryId === 21).map(([query]) => query);
      expect(pages.map((query) => [query.pageNum, query.pageSize])).toEqual([
        [1, 10],
        [2, 10],
      ]);
    });
  });
});

describe('the variants', () => {
  it('/v2/classSelectCenter lays the cards out in a grid opening /v2/detail-public', async () => {
    const { container } = renderCentre('v2ClassSelectCenter');
    await screen.findByRole('heading', { name: '班级1' });
    expect(container.querySelector('.class-center__cards--grid')).not.toBeNull();
    expect(screen.getByRole('link', { name: '班级1' }).getAttribute('href')).toBe('/v2/detail-public?id=1');
  });

  it('/classCenter lists every year: no year picker, no year sent', async () => {
    renderCentre('classCenter', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: '班级中心' })).toBeTruthy();
    await screen.findByRole('heading', { name: '班级1' });
    expect(years).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /年度/ })).toBeNull();
    expect(queryOf(0)).toEqual({
      unitId: undefined,
      year: undefined,
      baseType: 'public',
      pageNum: 1,
      pageSize: 10,
    });
  });

  it.each([
    ['publicClass', '公需课', 'public'],
    ['specialized', '专业课', 'specialized'],
  ] as const)('/%s is fixed to its base type without tabs', async (name, title, baseType) => {
    renderCentre(name);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    await screen.findByRole('heading', { name: '班级1' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(queryOf(0)).toMatchObject({ baseType, year: 2025, pageSize: 10 });
  });

  it('/professional shows the major type row of specialized classes whatever the setting', async () => {
    renderCentre('professional');
    expect(await screen.findByRole('button', { name: '建筑施工' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '继续教育' })).toBeNull();
    await screen.findByRole('heading', { name: '班级1' });
    expect(queryOf(0)).toEqual(firstPage(2025, 'specialized'));
    expect(screen.getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('/vocational starts at the major type named 技能 when there is one', async () => {
    classes.mockImplementation(async (query) =>
      pageOf(query.categoryId === 22 ? [buildClass(2)] : [buildClass(1), buildClass(2)], query),
    );
    renderCentre('vocational');
    await waitFor(() => expect(cardNames()).toEqual(['班级2']));
    // The first page asked is already the preselected major type's.
    expect(queryOf(0)).toMatchObject({ baseType: 'specialized', categoryId: 22, pageSize: 10 });
    expect(screen.getByRole('button', { name: '职业技能' }).getAttribute('aria-pressed')).toBe('true');
    const majors = screen.getByRole('group', { name: '专业类型' });
    fireEvent.click(within(majors).getByRole('button', { name: '全部' }));
    await waitFor(() => expect(cardNames()).toEqual(['班级1', '班级2']));
    expect(lastQuery()?.categoryId).toBeUndefined();
  });

  it('/vocational lists every specialized class when no major type is named 技能', async () => {
    categories.mockResolvedValue([
      { ...(CLASS_TREE[1] as ClassCenterBaseType), children: [{ id: 21, name: '建筑施工', children: [] }] },
    ]);
    renderCentre('vocational');
    await screen.findByRole('heading', { name: '班级1' });
    expect(queryOf(0)?.categoryId).toBeUndefined();
    expect(screen.getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the cart', () => {
  it('shows no cart entry to visitors and sends 一键加入 to sign in', async () => {
    renderCentre('classSelectCenter');
    await screen.findByRole('heading', { name: '班级1' });
    expect(screen.queryByRole('button', { name: /购物车/ })).toBeNull();
    expect(count).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '一键加入' }));
    expect(await probedLocation()).toBe('/login?redirect=/classSelectCenter');
    expect(join).not.toHaveBeenCalled();
  });

  it('shows the count to a student and opens the cart', async () => {
    renderCentre('classSelectCenter', { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: '购物车（3）' }));
    expect(await probedLocation()).toBe('/go-pay');
  });

  it('adds every listed class after a confirmation and shows the new count', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    try {
      renderCentre('classSelectCenter', { signedIn: true });
      await screen.findByRole('button', { name: '购物车（3）' });
      fireEvent.click(await screen.findByRole('button', { name: '一键加入' }));
      await waitFor(() => expect(join).toHaveBeenCalledWith([1, 2]));
      expect(confirm).toHaveBeenCalledWith(
        expect.objectContaining({ message: '将当前列表的 2 个班级加入购物车？' }),
      );
      expect(await screen.findByRole('button', { name: '购物车（4）' })).toBeTruthy();
      expect(toastSuccess).toHaveBeenCalledWith('已加入 1 个班级，1 个已在购物车或已报名');
    } finally {
      confirm.mockRestore();
    }
  });

  it('adds nothing when the student cancels', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockRejectedValue(new Error('cancel'));
    try {
      renderCentre('classSelectCenter', { signedIn: true });
      await screen.findByRole('button', { name: '购物车（3）' });
      fireEvent.click(await screen.findByRole('button', { name: '一键加入' }));
      await waitFor(() => expect(confirm).toHaveBeenCalled());
      expect(join).not.toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });
});
