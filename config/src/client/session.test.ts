import {
  accountStep,
  EMPTY_ACCOUNT_MESSAGE,
  readTokenParam,
  readUnitIdParam,
  tokenAdoption,
} from './session';

describe('readTokenParam', () => {
  it('reads the token (trimmed) and the rest of the query', () => {
    expect(readTokenParam('?a=1&token=xyz&b=2')).toEqual({ token: 'xyz', rest: '?a=1&b=2' });
    expect(readTokenParam('?token=xyz')).toEqual({ token: 'xyz', rest: '' });
    expect(readTokenParam('?unitId=3&token=%20abc%20')).toEqual({ token: 'abc', rest: '?unitId=3' });
  });

  it('reads null and an empty value as clearing the token', () => {
    expect(readTokenParam('?token=null')).toEqual({ token: null, rest: '' });
    expect(readTokenParam('?token=')).toEqual({ token: null, rest: '' });
  });

  it('is null without the parameter', () => {
    expect(readTokenParam('')).toBeNull();
    expect(readTokenParam('?unitId=3')).toBeNull();
    expect(readTokenParam('?tokens=1')).toBeNull();
  });
});

describe('tokenAdoption', () => {
  it('adopts the token parameter and goes on to the path without it', () => {
    expect(tokenAdoption('/my', '?a=1&token=xyz')).toEqual({
      kind: 'adopt-token',
      token: 'xyz',
      to: '/my?a=1',
    });
    expect(tokenAdoption('/my', '?token=null')).toEqual({ kind: 'adopt-token', token: null, to: '/my' });
    expect(tokenAdoption('/my', '?a=1')).toBeNull();
  });
});

describe('readUnitIdParam', () => {
  it.each([
    ['?unitId=12', 12],
    ['?unitId=12&token=x', 12],
    ['?unitId=%2012%20', 12],
    ['?unitId=', undefined],
    ['?unitId=0', undefined],
    ['?unitId=-3', undefined],
    ['?unitId=abc', undefined],
    ['?unitId=null', undefined],
    ['?unitId=1.5', undefined],
    ['?unitId=99999999999999999999', undefined],
    ['', undefined],
  ])('reads %p as %p', (search, unitId) => {
    expect(readUnitIdParam(search)).toBe(unitId);
  });
});

describe('accountStep', () => {
  const info = { roleRP: { roleSystem: 2 } };

  it('loads an unloaded account and waits for a loading one', () => {
    expect(accountStep({ status: 'idle' })).toEqual({ kind: 'load-account' });
    expect(accountStep({ status: 'loading' })).toEqual({ kind: 'wait' });
  });

  it('ends the session of a failed load with its text, or Has Error', () => {
    expect(accountStep({ status: 'failed', message: '账号已停用' })).toEqual({
      kind: 'failed',
      message: '账号已停用',
    });
    expect(accountStep({ status: 'failed', message: '' })).toEqual({ kind: 'failed', message: 'Has Error' });
  });

  it('ends the session of empty info or an info without a role', () => {
    expect(accountStep<typeof info>({ status: 'ready', info: null })).toEqual({ kind: 'empty' });
    expect(accountStep({ status: 'ready', info: { roleRP: null } })).toEqual({ kind: 'empty' });
    expect(EMPTY_ACCOUNT_MESSAGE).toBe('请重新登录');
  });

  it('hands over a loaded account with its role', () => {
    expect(accountStep({ status: 'ready', info })).toEqual({ kind: 'ready', info });
  });
});
