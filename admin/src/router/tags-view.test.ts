import {
  contextMenuPosition,
  nextLocationAfterClose,
  refreshPathOf,
  scrollLeftForTag,
  type TagBox,
  tagsViewReducer,
  type VisitedView,
  visitedViewOf,
} from './tags-view';

const home = visitedViewOf('/home', '', '首页', true);
const role = visitedViewOf('/account-manage/role', '', '角色管理');
const list = visitedViewOf('/project-manage/list', '?pageNum=2', '项目列表');
const admins = visitedViewOf('/account-manage/administrator-list', '', '管理员列表');

const paths = (views: VisitedView[]) => views.map((view) => view.path);

describe('visitedViewOf', () => {
  it('keeps path, title, query and full path', () => {
    expect(visitedViewOf('/project-manage/setting', '?id=3&tab=video', '项目设置')).toEqual({
      path: '/project-manage/setting',
      title: '项目设置',
      query: { id: '3', tab: 'video' },
      fullPath: '/project-manage/setting?id=3&tab=video',
      affix: false,
    });
  });

  it('has the path alone as full path without a query', () => {
    expect(visitedViewOf('/home', '', '首页', true)).toMatchObject({
      fullPath: '/home',
      query: {},
      affix: true,
    });
    expect(visitedViewOf('/home', '?', '首页').fullPath).toBe('/home');
  });
});

describe('tagsViewReducer', () => {
  it('adds a tab per path, in the order visited', () => {
    let views = tagsViewReducer([home], { type: 'add', view: role });
    views = tagsViewReducer(views, { type: 'add', view: list });
    views = tagsViewReducer(views, { type: 'add', view: role });
    expect(paths(views)).toEqual(['/home', '/account-manage/role', '/project-manage/list']);
  });

  it('brings a tab up to date with a new query of its path, keeping its place', () => {
    const views = tagsViewReducer([home, list, role], {
      type: 'add',
      view: visitedViewOf('/project-manage/list', '?pageNum=5', '项目列表'),
    });
    expect(views[1]).toMatchObject({ fullPath: '/project-manage/list?pageNum=5', query: { pageNum: '5' } });
    expect(paths(views)).toEqual(['/home', '/project-manage/list', '/account-manage/role']);
  });

  it('keeps the fixed flag of a tab when its page is visited again', () => {
    const views = tagsViewReducer([home], { type: 'add', view: visitedViewOf('/home', '?x=1', '首页') });
    expect(views[0]).toMatchObject({ affix: true, fullPath: '/home?x=1' });
  });

  it('closes a tab, but never a fixed one', () => {
    expect(
      paths(tagsViewReducer([home, role, list], { type: 'close', path: '/account-manage/role' })),
    ).toEqual(['/home', '/project-manage/list']);
    expect(paths(tagsViewReducer([home, role], { type: 'close', path: '/home' }))).toEqual([
      '/home',
      '/account-manage/role',
    ]);
  });

  it('closes the others, keeping fixed tabs and the chosen one', () => {
    const views = tagsViewReducer([home, role, list, admins], {
      type: 'close-others',
      path: '/project-manage/list',
    });
    expect(paths(views)).toEqual(['/home', '/project-manage/list']);
  });

  it('closes all but the fixed tabs', () => {
    expect(tagsViewReducer([home, role, list], { type: 'close-all' })).toEqual([home]);
  });

  it('resets to the fixed tabs', () => {
    expect(tagsViewReducer([home, role], { type: 'reset', affix: [home] })).toEqual([home]);
  });

  it('returns a new list and leaves the old one alone', () => {
    const before = [home, role];
    const after = tagsViewReducer(before, { type: 'close', path: '/account-manage/role' });
    expect(before).toEqual([home, role]);
    expect(after).not.toBe(before);
    expect(tagsViewReducer(before, { type: 'add', view: role })).not.toBe(before);
  });
});

describe('nextLocationAfterClose', () => {
  it('stays while the page on screen keeps its tab', () => {
    expect(nextLocationAfterClose([home, list], '/project-manage/list', '/home')).toBeNull();
  });

  it('goes to the last tab when the page on screen lost its tab', () => {
    expect(nextLocationAfterClose([home, list], '/account-manage/role', '/home')).toBe(
      '/project-manage/list?pageNum=2',
    );
  });

  it('goes home when no tab is left', () => {
    expect(nextLocationAfterClose([], '/account-manage/role', '/home')).toBe('/home');
  });
});

describe('refreshPathOf', () => {
  it('leads through the refresh helper back to the tab, query included', () => {
    expect(refreshPathOf(list, '/redirect')).toBe('/redirect/project-manage/list?pageNum=2');
    expect(refreshPathOf(home, '/redirect')).toBe('/redirect/home');
  });
});

describe('scrollLeftForTag', () => {
  // Five tabs of 100 px from 15 px, 5 px apart, in a 300 px strip 535 px wide in all.
  const tags: TagBox[] = [0, 1, 2, 3, 4].map((i) => ({ offsetLeft: 15 + i * 105, offsetWidth: 100 }));
  const strip = (scrollLeft: number) => ({ scrollLeft, scrollWidth: 535, containerWidth: 300 });

  it('scrolls to the start for the first tab and to the end for the last', () => {
    expect(scrollLeftForTag(tags, 0, strip(120))).toBe(0);
    expect(scrollLeftForTag(tags, 4, strip(0))).toBe(235);
  });

  it('shows the next tab with 4 px to spare when it is cut off on the right', () => {
    // Tab 2's next neighbour ends at 15 + 3 * 105 + 100 = 430; plus 4 px padding = 434.
    expect(scrollLeftForTag(tags, 2, strip(0))).toBe(434 - 300);
  });

  it('shows the previous tab with 4 px to spare when it is cut off on the left', () => {
    // Tab 2's previous neighbour starts at 120; minus 4 px = 116.
    expect(scrollLeftForTag(tags, 2, strip(200))).toBe(116);
  });

  it('leaves the strip alone when both neighbours are in view', () => {
    const wide = { scrollLeft: 100, scrollWidth: 535, containerWidth: 400 };
    expect(scrollLeftForTag(tags, 2, wide)).toBe(100);
  });

  it('leaves the strip alone for a tab that is not there', () => {
    expect(scrollLeftForTag(tags, -1, strip(50))).toBe(50);
    expect(scrollLeftForTag([], 0, strip(0))).toBe(0);
  });

  it('never scrolls before the start when everything fits', () => {
    expect(
      scrollLeftForTag(tags.slice(0, 2), 1, { scrollLeft: 0, scrollWidth: 200, containerWidth: 300 }),
    ).toBe(0);
  });
});

describe('contextMenuPosition', () => {
  const bar = { left: 210, top: 50, width: 800 };

  it('opens 15 px right of the pointer, in the bar coordinates', () => {
    expect(contextMenuPosition({ clientX: 400, clientY: 67 }, bar)).toEqual({ left: 205, top: 17 });
  });

  it('keeps a 105 px menu inside the bar', () => {
    expect(contextMenuPosition({ clientX: 1000, clientY: 60 }, bar)).toEqual({ left: 800 - 105, top: 10 });
  });
});
