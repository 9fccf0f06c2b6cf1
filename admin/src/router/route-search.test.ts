import { ADMIN_MENU, type AdminMenuEntry, ROUTE_SEARCH } from '@px/config';
import { buildSearchPool, createRouteSearch } from './route-search';
import { buildRouteTree } from './route-tree';

const everyUrl = (entries: AdminMenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.url, ...everyUrl(entry.children ?? [])]);
/** The whole product's route table, as if every screen existed. */
const ROUTES = buildRouteTree(ADMIN_MENU, new Map(everyUrl(ADMIN_MENU).map((url) => [url, url])));
const POOL = buildSearchPool(ROUTES);

describe('buildSearchPool', () => {
  it('titles each page with its sections, joined by >', () => {
    expect(POOL).toContainEqual({
      path: '/account-manage/role',
      title: ['账号管理', '角色管理'],
      label: '账号管理 > 角色管理',
    });
    expect(POOL[0]).toEqual({ path: '/home', title: ['首页'], label: '首页' });
  });

  it('omits hidden pages and sections themselves', () => {
    const paths = POOL.map((entry) => entry.path);
    expect(paths).not.toContain('/project-manage/setting');
    expect(paths).not.toContain('/unit-manage/detail');
    expect(paths).not.toContain('/train-manage/study-report/student-detail');
    expect(paths).not.toContain('/account-manage');
    expect(paths).toContain('/project-manage/list');
  });

  it('is empty without routes', () => {
    expect(buildSearchPool([])).toEqual([]);
  });
});

describe('createRouteSearch', () => {
  const search = createRouteSearch(POOL);

  it('uses the options of config (threshold 0.4, title 0.7, path 0.3)', () => {
    expect(ROUTE_SEARCH).toEqual({
      threshold: 0.4,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  });

  it('finds a page by its title first', () => {
    expect(search.search('角色管理')[0]?.path).toBe('/account-manage/role');
    expect(search.search('管理员')[0]?.path).toBe('/account-manage/administrator-list');
  });

  it('finds every page of a section by the section title', () => {
    const found = search.search('账号管理').map((entry) => entry.path);
    expect(found.slice(0, 3).sort()).toEqual([
      '/account-manage/administrator-list',
      '/account-manage/banner-list',
      '/account-manage/role',
    ]);
  });

  it('finds a page by its path', () => {
    expect(search.search('administrator')[0]?.path).toBe('/account-manage/administrator-list');
  });

  it('tolerates a typo', () => {
    expect(search.search('administrater')[0]?.path).toBe('/account-manage/administrator-list');
  });

  it('finds nothing for blank text or text far from every page', () => {
    expect(search.search('')).toEqual([]);
    expect(search.search('   ')).toEqual([]);
    expect(search.search('zzzzqqqq')).toEqual([]);
  });

  it('never offers hidden pages', () => {
    expect(search.search('项目设置').map((entry) => entry.path)).not.toContain('/project-manage/setting');
  });
});
