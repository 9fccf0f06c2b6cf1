import { ZodError } from 'zod';
import { DEFAULT_CLASS_START_YEAR, DEFAULT_PROJECT_AREA } from './constants';
import {
  BASE_CLASS_TYPES,
  DEFAULT_PROJECT_SETTINGS,
  LOGIN_TYPES,
  projectSettingsSchema,
  resolveProjectSettings,
} from './settings';

describe('DEFAULT_PROJECT_SETTINGS', () => {
  it('uses the defaults of spec section 9', () => {
    expect(DEFAULT_PROJECT_AREA).toBe(370000);
    expect(DEFAULT_CLASS_START_YEAR).toBe(2019);
    expect(DEFAULT_PROJECT_SETTINGS.projectArea).toBe(370000);
    expect(DEFAULT_PROJECT_SETTINGS.classStartYear).toBe(2019);
  });

  it('switches the optional features as documented', () => {
    expect(DEFAULT_PROJECT_SETTINGS).toMatchObject({
      index2Open: 0,
      studyModel: 1,
      showClassTypeModel: 1,
      trySeeVideo: 1,
      videoCanSeek: 0,
      studentRefund: 1,
      loginAsRegister: 0,
      needCheckFacePass: 0,
      customerPhone: '',
      payTip: '',
    });
    expect(DEFAULT_PROJECT_SETTINGS.loginType).toEqual(['password', 'sms', 'wechat']);
    expect(DEFAULT_PROJECT_SETTINGS.h5Config).toEqual({ showClassType: ['public', 'specialized'] });
  });

  it('does not share arrays with the exported constants', () => {
    expect(DEFAULT_PROJECT_SETTINGS.loginType).not.toBe(LOGIN_TYPES);
    expect(DEFAULT_PROJECT_SETTINGS.h5Config.showClassType).not.toBe(BASE_CLASS_TYPES);
  });

  it('has every key of the schema', () => {
    expect(Object.keys(DEFAULT_PROJECT_SETTINGS).sort()).toEqual(
      Object.keys(projectSettingsSchema.shape).sort(),
    );
  });
});

describe('resolveProjectSettings', () => {
  it('gives the defaults for empty, null or undefined stored settings', () => {
    expect(resolveProjectSettings({})).toEqual(DEFAULT_PROJECT_SETTINGS);
    expect(resolveProjectSettings(null)).toEqual(DEFAULT_PROJECT_SETTINGS);
    expect(resolveProjectSettings(undefined)).toEqual(DEFAULT_PROJECT_SETTINGS);
  });

  it('keeps stored values and fills the missing keys', () => {
    const settings = resolveProjectSettings({ title: '济南职业培训', projectArea: 370100, videoCanSeek: 1 });
    expect(settings.title).toBe('济南职业培训');
    expect(settings.projectArea).toBe(370100);
    expect(settings.videoCanSeek).toBe(1);
    expect(settings.classStartYear).toBe(2019);
    expect(settings.refundOrderDays).toBe(DEFAULT_PROJECT_SETTINGS.refundOrderDays);
    expect(Object.keys(settings).sort()).toEqual(Object.keys(DEFAULT_PROJECT_SETTINGS).sort());
  });

  it('fills a partial h5Config', () => {
    expect(resolveProjectSettings({ h5Config: {} }).h5Config).toEqual({
      showClassType: ['public', 'specialized'],
    });
    expect(resolveProjectSettings({ h5Config: { showClassType: ['specialized'] } }).h5Config).toEqual({
      showClassType: ['specialized'],
    });
  });

  it('drops unknown keys', () => {
    const settings = resolveProjectSettings({ retiredFlag: 1, title: '平台' });
    expect(settings).not.toHaveProperty('retiredFlag');
    expect(settings.title).toBe('平台');
  });

  it('trims stored strings', () => {
    expect(resolveProjectSettings({ title: '  平台  ', customerPhone: ' 0531-12345678 ' })).toMatchObject({
      title: '平台',
      customerPhone: '0531-12345678',
    });
  });

  it.each([
    ['a string flag', { index2Open: '1' }],
    ['a flag outside 0/1', { videoCanSeek: 2 }],
    ['a boolean flag', { trySeeVideo: true }],
    ['a string project area', { projectArea: '370000' }],
    ['a five-digit project area', { projectArea: 37000 }],
    ['a fractional class start year', { classStartYear: 2019.5 }],
    ['a class start year before 2000', { classStartYear: 1999 }],
    ['an unknown study model', { studyModel: 3 }],
    ['a percent above 100', { refundClassProcess: 101 }],
    ['a negative day count', { refundOrderDays: -1 }],
    ['a numeric title', { title: 123 }],
    ['a blank title', { title: '   ' }],
    ['an unknown login type', { loginType: ['password', 'qq'] }],
    ['an empty login type list', { loginType: [] }],
    ['a login type string instead of a list', { loginType: 'password' }],
    ['an unknown base class type', { h5Config: { showClassType: ['elective'] } }],
    ['an array instead of an object', []],
    ['a string instead of an object', 'settings'],
  ])('throws a ZodError for %s', (_label, stored) => {
    expect(() => resolveProjectSettings(stored)).toThrow(ZodError);
  });

  it('rejects duplicate login types with a Chinese message', () => {
    const result = projectSettingsSchema.safeParse({ loginType: ['password', 'sms', 'password'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['登录方式不能重复']);
    expect(() => resolveProjectSettings({ loginType: ['sms', 'sms'] })).toThrow('登录方式不能重复');
  });

  it('accepts any non-empty subset of login types in any order', () => {
    expect(resolveProjectSettings({ loginType: ['wechat'] }).loginType).toEqual(['wechat']);
    expect(resolveProjectSettings({ loginType: ['sms', 'password'] }).loginType).toEqual(['sms', 'password']);
  });
});
