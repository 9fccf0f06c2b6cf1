import { getCookie } from './cookie';

describe('getCookie', () => {
  it('reads one cookie among several', () => {
    expect(getCookie('token', 'a=1; token=abc; b=2')).toBe('abc');
  });

  it('does not match a cookie whose name only ends with the name', () => {
    expect(getCookie('token', 'xtoken=abc')).toBeUndefined();
  });

  it('decodes the value and keeps = inside it', () => {
    expect(getCookie('token', 'token=a%20b%3D%3D')).toBe('a b==');
    expect(getCookie('token', 'token=a=b')).toBe('a=b');
  });

  it('returns undefined for a missing or empty cookie', () => {
    expect(getCookie('token', '')).toBeUndefined();
    expect(getCookie('token', 'token=')).toBeUndefined();
  });
});
