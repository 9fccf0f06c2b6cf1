import {
  encodeReturnPath,
  isRegisterTarget,
  isSameSitePath,
  loginPathFor,
  normalizePath,
  safeRedirectTarget,
  withQueryParam,
} from './paths';

describe('normalizePath', () => {
  it.each([
    ['/my/', '/my'],
    ['/my', '/my'],
    ['/', '/'],
    ['', '/'],
    ['//', '/'],
  ])('%p -> %p', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('writes the path as spec section 2 does and encodes the query', () => {
    expect(loginPathFor('/my')).toBe('/login?redirect=/my');
    expect(loginPathFor('/my', '?tab=1&x=2')).toBe('/login?redirect=/my%3Ftab%3D1%26x%3D2');
    expect(new URLSearchParams(loginPathFor('/my', '?tab=1&x=2').split('?')[1]).get('redirect')).toBe(
      '/my?tab=1&x=2',
    );
  });

  it('round-trips through URLSearchParams', () => {
    const target = '/register?unitId=5&scene=abc_DEF-123';
    expect(new URLSearchParams(`redirect=${encodeReturnPath(target)}`).get('redirect')).toBe(target);
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/switch-login', '/switch-login'],
    ['/my?tab=1', '/my?tab=1'],
    ['/', '/'],
    [null, '/my'],
    [undefined, '/my'],
    ['', '/my'],
    ['https://evil.example.com/', '/my'],
    ['//evil.example.com/x', '/my'],
    ['/\\evil.example.com', '/my'],
    ['my', '/my'],
    ['/login?redirect=/my', '/my'],
    ['/auth-redirect?code=1', '/my'],
    ['/login-wx-binding?scene=x', '/my'],
  ])('%p -> %p', (redirect, expected) => {
    expect(safeRedirectTarget(redirect)).toBe(expected);
  });

  it('uses the fallback given', () => {
    expect(safeRedirectTarget(null, '/')).toBe('/');
  });
});

describe('isSameSitePath', () => {
  it('accepts site paths only', () => {
    expect(isSameSitePath('/a')).toBe(true);
    expect(isSameSitePath('//a')).toBe(false);
    expect(isSameSitePath('http://a')).toBe(false);
    expect(isSameSitePath(null)).toBe(false);
  });
});

describe('isRegisterTarget', () => {
  it.each([
    ['/register', true],
    ['/register?unitId=3', true],
    ['/industryRegister?unitId=3', true],
    ['/vocRegister', true],
    ['/registerNew/', true],
    ['/registerCms', false],
    ['/my', false],
    ['/login?redirect=/register', false],
  ])('%p -> %p', (target, expected) => {
    expect(isRegisterTarget(target)).toBe(expected);
  });
});

describe('withQueryParam', () => {
  it('adds or replaces one parameter and keeps the rest', () => {
    expect(withQueryParam('/register', 'scene', 's1')).toBe('/register?scene=s1');
    expect(withQueryParam('/register?unitId=3', 'scene', 's1')).toBe('/register?unitId=3&scene=s1');
    expect(withQueryParam('/register?scene=old&unitId=3', 'scene', 'new')).toBe(
      '/register?scene=new&unitId=3',
    );
    expect(withQueryParam('/register?unitId=3#top', 'scene', 's1')).toBe('/register?unitId=3&scene=s1#top');
  });
});
