import { ALL_PAGES, checkState, countPages, grantedPages, menuPayload, toggleGrant } from './menu-grants';

const all = () => true;

describe('menu grants', () => {
  it('lists every page of the route table, hidden ones included, but no section', () => {
    expect(ALL_PAGES).toContain('/home');
    expect(ALL_PAGES).toContain('/unit-manage/detail');
    expect(ALL_PAGES).not.toContain('/unit-manage');
  });

  it('reads the pages of a stored menu, dropping sections and unknown URLs', () => {
    expect([...grantedPages(['/unit-manage', '/unit-manage/detail', '/nope'])]).toEqual([
      '/unit-manage/detail',
    ]);
    expect(countPages(['/home', '/account-manage', '/account-manage/role'])).toBe(2);
  });

  it('checks a page, or a whole section, and unchecks them', () => {
    let pages = toggleGrant(new Set(), '/account-manage/role', true, all);
    expect([...pages]).toEqual(['/account-manage/role']);
    pages = toggleGrant(pages, '/unit-manage', true, all);
    expect([...pages].sort()).toEqual(['/account-manage/role', '/unit-manage/detail', '/unit-manage/list']);
    pages = toggleGrant(pages, '/unit-manage', false, all);
    expect([...pages]).toEqual(['/account-manage/role']);
  });

  it('leaves pages the editor may not change as they are', () => {
    const canChange = (page: string) => page !== '/unit-manage/detail';
    expect([...toggleGrant(new Set(), '/unit-manage', true, canChange)]).toEqual(['/unit-manage/list']);
    expect([...toggleGrant(new Set(['/unit-manage/detail']), '/unit-manage', false, canChange)]).toEqual([
      '/unit-manage/detail',
    ]);
  });

  it('shows a section checked when all of its pages are granted, half-checked when some are', () => {
    const state = checkState(new Set(['/home', '/unit-manage/list', '/super-account/index']));
    expect(state.checked).toEqual(['/home', '/unit-manage/list', '/super-account', '/super-account/index']);
    expect(state.halfChecked).toEqual(['/unit-manage']);
  });

  it('sends the granted pages with their sections, in route-table order', () => {
    expect(
      menuPayload(new Set(['/account-manage/administrator-list', '/home', '/unit-manage/detail'])),
    ).toEqual([
      '/home',
      '/unit-manage',
      '/unit-manage/detail',
      '/account-manage',
      '/account-manage/administrator-list',
    ]);
    expect(menuPayload(new Set())).toEqual([]);
  });
});
