import { loginPathFor, safeRedirectTarget } from './paths';

describe('loginPathFor', () => {
  it('names the path to come back to', () => {
    expect(loginPathFor('/account-manage/role')).toBe('/admin-login?redirect=/account-manage/role');
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/account-manage/role', '/account-manage/role'],
    ['/project-manage/list?pageNum=2', '/project-manage/list?pageNum=2'],
    [null, '/home'],
    [undefined, '/home'],
    ['', '/home'],
    ['https://evil.example.com/', '/home'],
    ['//evil.example.com', '/home'],
    ['/\\evil.example.com', '/home'],
    ['/admin-login', '/home'],
    ['/admin-login?redirect=/home', '/home'],
  ])('goes to %p as %p', (redirect, target) => {
    expect(safeRedirectTarget(redirect)).toBe(target);
  });
});
