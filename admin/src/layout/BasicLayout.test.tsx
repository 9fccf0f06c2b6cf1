import { buildSystemInfo } from '@px/test/jest/system-info';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getAccountInfo, loginOut } from '../api/login';
import { getSystemInfo } from '../api/project';
import { STORAGE_KEYS } from '../store/app';
import { signedOutAtom } from '../store/session';
import { buildAccountInfo, renderApp, setTokenCookie } from '../testing/render-app';
import { documentTitleOf } from './BasicLayout';

// The home screen's figures stay loading (never answered): the shell around it is tested here.
jest.mock('../api/project', () => ({
  getSystemInfo: jest.fn(),
  listProjects: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../api/unit', () => ({
  listUnits: jest.fn(() => new Promise(() => undefined)),
  getUnit: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../api/account', () => ({ queryAccounts: jest.fn(() => new Promise(() => undefined)) }));
// The home screen's 待办事项.
jest.mock('../api/home', () => ({ getHomeTodo: jest.fn(() => new Promise(() => undefined)) }));
// The unit manager's home (单位工作台).
jest.mock('../api/unit-import', () => ({
  ...jest.requireActual('../api/unit-import'),
  getUnitWorkspace: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../api/login', () => ({
  getAccountInfo: jest.fn(),
  loginOut: jest.fn(() => Promise.resolve()),
  checkAccountBeforeLogin: jest.fn(),
  login: jest.fn(),
  getLoginVcode: jest.fn(),
}));
jest.mock('../router/routes', () => jest.requireActual('../testing/mock-routes'));
jest.mock('../router/route-table', () => jest.requireActual('../testing/mock-routes'));

const getAccountInfoMock = jest.mocked(getAccountInfo);

// Queries here avoid accessible-name computation (role queries with `name`): jsdom computes styles
// against every antd rule for it, which grows slow as more components register their styles.
configure({ defaultHidden: true });

const PROJECT_ADMIN = buildAccountInfo([
  '/home',
  '/account-manage/role',
  '/account-manage/administrator-list',
  '/unit-manage/list',
  '/unit-manage/detail',
]);
const PLATFORM_ADMIN = buildAccountInfo(
  ['/home', '/project-manage/list', '/project-manage/setting', '/super-account/index'],
  { roleSystem: 1, roleName: '平台管理员', userName: '平台运营' },
);
const UNIT_MANAGER = buildAccountInfo(['/home', '/unit-manage/detail', '/train-manage/unit-class'], {
  roleSystem: 4,
  roleName: '单位管理员',
});

const location = () => screen.getByTestId('location').textContent;
const sidebar = () => screen.getByLabelText('主菜单');
const tabList = () => screen.getByLabelText('已打开的页面');
const tabs = () => within(tabList()).queryAllByRole('tab');
const tabTitles = () => tabs().map((tab) => tab.textContent);
const tab = (title: string) => within(tabList()).getByText(title, { selector: 'a' });
const menuLink = (title: string) => within(sidebar()).getByText(title, { selector: 'a' });
const button = (label: string) => screen.getByLabelText(label, { selector: 'button' });
const contextMenu = (title: string) => screen.getByLabelText(`${title} 的操作`);
const contextItems = (title: string) =>
  within(contextMenu(title))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/** Opens the layout at `path` for an account and waits for its page. */
async function openAs(info: typeof PROJECT_ADMIN, path = '/home') {
  getAccountInfoMock.mockResolvedValue(info);
  const rendered = renderApp(path);
  await screen.findByLabelText('主菜单');
  await within(await screen.findByLabelText('已打开的页面')).findByText('首页');
  return rendered;
}

/** Opens a page from the sidebar. */
async function openFromMenu(title: string, section?: string) {
  if (section) fireEvent.click(within(sidebar()).getByText(section));
  fireEvent.click(await within(sidebar()).findByText(title, { selector: 'a' }));
}

beforeAll(() => {
  window.scrollTo = jest.fn();
});

beforeEach(() => {
  jest.mocked(getSystemInfo).mockReset().mockResolvedValue(buildSystemInfo());
  getAccountInfoMock.mockReset();
  jest.mocked(loginOut).mockClear();
  setTokenCookie('tok');
  window.localStorage.clear();
  Object.assign(window, { innerWidth: 1280 });
});

describe('the sidebar', () => {
  it('shows the menu of a project admin: granted visible pages only, sections with one page folded', async () => {
    await openAs(PROJECT_ADMIN);
    const menu = sidebar();
    expect(within(menu).getByText('山东职业技能培训管理后台')).toBeTruthy();
    expect(menuLink('首页')).toBeTruthy();
    expect(within(menu).getByText('账号管理')).toBeTruthy();
    expect(menuLink('培训机构').getAttribute('href')).toBe('/unit-manage/list');
    expect(within(menu).queryByText('单位详情')).toBeNull();
    expect(within(menu).queryByText('项目列表')).toBeNull();
    expect(within(menu).queryByText('超级账号登录')).toBeNull();

    fireEvent.click(within(menu).getByText('账号管理'));
    expect(await within(menu).findByText('角色管理', { selector: 'a' })).toBeTruthy();
    expect(menuLink('管理员列表')).toBeTruthy();
  });

  it('shows the menu of platform staff', async () => {
    await openAs(PLATFORM_ADMIN);
    const links = within(sidebar())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['首页', '超级账号登录', '项目列表']);
  });

  it('shows a unit manager home and the unit class list (the detail pages are hidden)', async () => {
    await openAs(UNIT_MANAGER);
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['首页', '单位班级']);
  });

  it('opens the section of the page on screen and selects it', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    const item = (await within(sidebar()).findByText('角色管理', { selector: 'a' })).closest('li');
    expect(item?.className).toContain('ant-menu-item-selected');
  });

  it('collapses and expands by the hamburger, remembering the choice', async () => {
    await openAs(PROJECT_ADMIN);
    fireEvent.click(button('收起菜单'));
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebar)).toBe('0');
    expect(within(sidebar()).queryByText('山东职业技能培训管理后台')).toBeNull();
    fireEvent.click(button('展开菜单'));
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebar)).toBe('1');
  });

  it('starts collapsed when that was the last choice', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sidebar, '0');
    await openAs(PROJECT_ADMIN);
    expect(button('展开菜单')).toBeTruthy();
  });

  it('becomes a drawer under 992 px that closes on navigation', async () => {
    Object.assign(window, { innerWidth: 800 });
    getAccountInfoMock.mockResolvedValue(PROJECT_ADMIN);
    renderApp('/home');
    const open = await screen.findByLabelText('展开菜单', { selector: 'button' });
    expect(screen.queryByLabelText('主菜单')).toBeNull();
    // The desktop choice is not touched by the automatic close.
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebar)).toBeNull();
    expect(screen.queryByLabelText('搜索菜单', { selector: 'button' })).toBeNull();

    fireEvent.click(open);
    fireEvent.click(await within(sidebar()).findByText('培训机构', { selector: 'a' }));
    await waitFor(() => expect(location()).toBe('/unit-manage/list'));
    expect(button('展开菜单')).toBeTruthy();
  });

  it('follows the window across 992 px', async () => {
    await openAs(PROJECT_ADMIN);
    act(() => {
      Object.assign(window, { innerWidth: 991 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByLabelText('主菜单')).toBeNull();
    act(() => {
      Object.assign(window, { innerWidth: 992 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByLabelText('主菜单')).toBeTruthy();
  });
});

describe('the top bar', () => {
  it('shows the breadcrumb of the page', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    const crumbs = document.querySelector<HTMLElement>('.app-navbar__breadcrumb');
    if (!crumbs) throw new Error('no breadcrumb');
    expect(crumbs.textContent).toBe('首页/账号管理/角色管理');
    expect(within(crumbs).getByText('首页', { selector: 'a' }).getAttribute('href')).toBe('/home');
  });

  it('finds a page by the route search and opens it', async () => {
    await openAs(PROJECT_ADMIN);
    fireEvent.click(button('搜索菜单'));
    const box = await screen.findByRole('combobox');
    fireEvent.change(box, { target: { value: '角色' } });
    fireEvent.click(await screen.findByText('账号管理 > 角色管理'));
    await waitFor(() => expect(location()).toBe('/account-manage/role'));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('does not offer hidden or refused pages in the route search', async () => {
    await openAs(PROJECT_ADMIN);
    fireEvent.click(button('搜索菜单'));
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: '单位' } });
    expect(await screen.findByText('单位管理 > 培训机构')).toBeTruthy();
    expect(screen.queryByText('单位管理 > 单位详情')).toBeNull();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '项目' } });
    expect(await screen.findByText('没有匹配的页面')).toBeTruthy();
  });

  it('warns when the browser cannot go full screen', async () => {
    await openAs(PROJECT_ADMIN);
    fireEvent.click(button('全屏'));
    expect(await screen.findByText('您的浏览器不支持全屏')).toBeTruthy();
  });

  it('switches the global size and remembers it', async () => {
    await openAs(PROJECT_ADMIN);
    fireEvent.click(button('布局大小'));
    const medium = (await screen.findByText('中等')).closest('li');
    expect(medium?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByText('迷你'));
    expect(await screen.findByText('切换尺寸成功')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.size)).toBe('mini');
    await waitFor(() => expect(button('全屏').className).toContain('ant-btn-sm'));
  });

  it('switches the theme colour among the eight and remembers it', async () => {
    await openAs(PROJECT_ADMIN);
    expect(tab('首页').style.background).toBe('rgb(64, 158, 255)');
    fireEvent.click(button('主题色'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      '#409EFF',
      '#1890ff',
      '#304156',
      '#212121',
      '#11a983',
      '#13c2c2',
      '#6959CD',
      '#f5222d',
    ]);
    fireEvent.click(screen.getByLabelText('#11a983'));
    expect(await screen.findByText('换肤成功')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.themeColor)).toBe('#11a983');
    await waitFor(() => expect(tab('首页').style.background).toBe('rgb(17, 169, 131)'));
  });

  it('shows the account and signs out', async () => {
    await openAs(PLATFORM_ADMIN, '/project-manage/list');
    const account = button('账号菜单');
    expect(account.textContent).toContain('平台运营');
    expect(account.textContent).toContain('平台管理员');
    fireEvent.click(account);
    fireEvent.click(await screen.findByText('退出登录'));
    expect(await screen.findByText('管理后台登录')).toBeTruthy();
    expect(location()).toBe('/admin-login');
    expect(loginOut).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain('token=');
  });

  it('forgets the sign-out once the sign-in page shows, so later visits keep their redirect', async () => {
    const { store } = await openAs(PLATFORM_ADMIN);
    fireEvent.click(button('账号菜单'));
    fireEvent.click(await screen.findByText('退出登录'));
    await screen.findByText('管理后台登录');
    await waitFor(() => expect(store.get(signedOutAtom)).toBe(false));
  });
});

describe('the tab bar', () => {
  it('starts with home, which cannot be closed', async () => {
    await openAs(PROJECT_ADMIN);
    expect(tabTitles()).toEqual(['首页']);
    expect(screen.queryByLabelText('关闭 首页')).toBeNull();
    expect(tab('首页').getAttribute('aria-selected')).toBe('true');
  });

  it('adds a tab per page opened, keeps its query and leads back to it', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role?page=2');
    await openFromMenu('培训机构');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '角色管理', '培训机构']));
    const role = tab('角色管理');
    expect(role.getAttribute('href')).toBe('/account-manage/role?page=2');
    fireEvent.click(role);
    await waitFor(() => expect(location()).toBe('/account-manage/role?page=2'));
    expect(tabTitles()).toEqual(['首页', '角色管理', '培训机构']);
  });

  it('adds hidden pages as tabs too', async () => {
    await openAs(PROJECT_ADMIN, '/unit-manage/detail?id=4');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '单位详情']));
  });

  it('closes the active tab and goes to the last one', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    await openFromMenu('培训机构');
    await waitFor(() => expect(tabTitles()).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('关闭 培训机构'));
    await waitFor(() => expect(location()).toBe('/account-manage/role'));
    expect(tabTitles()).toEqual(['首页', '角色管理']);
  });

  it('closes another tab and stays', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    await openFromMenu('培训机构');
    await waitFor(() => expect(tabTitles()).toHaveLength(3));
    fireEvent.click(screen.getByLabelText('关闭 角色管理'));
    expect(tabTitles()).toEqual(['首页', '培训机构']);
    expect(location()).toBe('/unit-manage/list');
  });

  it('closes a tab by middle click', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    fireEvent(tab('角色管理'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(tabTitles()).toEqual(['首页']);
  });

  it('offers refresh, close, close others and close all in the context menu (no close for home)', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    fireEvent.contextMenu(tab('角色管理'), { clientX: 300, clientY: 60 });
    const menu = contextMenu('角色管理');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    expect(menu.style.width).toBe('105px');
    fireEvent.click(document.body);
    expect(screen.queryByLabelText('角色管理 的操作')).toBeNull();

    fireEvent.contextMenu(tab('首页'));
    expect(contextItems('首页')).toEqual(['刷新', '关闭其他', '关闭所有']);
  });

  it('closes the other tabs and shows the chosen one', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    await openFromMenu('培训机构');
    await waitFor(() => expect(tabTitles()).toHaveLength(3));
    fireEvent.contextMenu(tab('角色管理'));
    fireEvent.click(within(contextMenu('角色管理')).getByText('关闭其他'));
    await waitFor(() => expect(location()).toBe('/account-manage/role'));
    expect(tabTitles()).toEqual(['首页', '角色管理']);
  });

  it('closes all tabs but home and goes home', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role');
    await openFromMenu('培训机构');
    await waitFor(() => expect(tabTitles()).toHaveLength(3));
    fireEvent.contextMenu(tab('培训机构'));
    fireEvent.click(within(contextMenu('培训机构')).getByText('关闭所有'));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(tabTitles()).toEqual(['首页']);
  });

  it('refreshes a page through /redirect: the same address, a new screen', async () => {
    await openAs(PROJECT_ADMIN, '/account-manage/role?page=3');
    const before = (await screen.findByTestId('test-screen')).dataset.mount;
    fireEvent.contextMenu(tab('角色管理'));
    fireEvent.click(within(contextMenu('角色管理')).getByText('刷新'));
    await waitFor(() => expect(screen.getByTestId('test-screen').dataset.mount).not.toBe(before));
    expect(location()).toBe('/account-manage/role?page=3');
    expect(tabTitles()).toEqual(['首页', '角色管理']);
  });
});

describe('an editor page given ?id=', () => {
  const PLANNER = buildAccountInfo([
    '/home',
    '/train-manage/train-plan-list',
    '/train-manage/train-plan-detail',
  ]);

  it('is titled 编辑计划 in the tab, breadcrumb and document title, and the menu marks the plan list', async () => {
    await openAs(PLANNER, '/train-manage/train-plan-detail?id=7');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '编辑计划']));
    const crumbs = document.querySelector<HTMLElement>('.app-navbar__breadcrumb');
    expect(crumbs?.textContent).toBe('首页/培训管理/编辑计划');
    await waitFor(() => expect(document.title.startsWith('编辑计划 - ')).toBe(true));
    const list = (await within(sidebar()).findByText('培训计划', { selector: 'a' })).closest('li');
    expect(list?.className).toContain('ant-menu-item-selected');
    const create = within(sidebar()).getByText('创建计划', { selector: 'a' }).closest('li');
    expect(create?.className).not.toContain('ant-menu-item-selected');
  });

  it('keeps its create title without an id', async () => {
    await openAs(PLANNER, '/train-manage/train-plan-detail');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '创建计划']));
    expect(document.querySelector('.app-navbar__breadcrumb')?.textContent).toBe('首页/培训管理/创建计划');
  });
});

describe('documentTitleOf', () => {
  it('puts the page before the project title', () => {
    expect(documentTitleOf('角色管理', '管理后台')).toBe('角色管理 - 管理后台');
    expect(documentTitleOf(undefined, '管理后台')).toBe('管理后台');
    expect(documentTitleOf('角色管理', undefined)).toBeUndefined();
  });
});
