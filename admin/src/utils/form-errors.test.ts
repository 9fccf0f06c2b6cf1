import type { FormInstance } from 'antd';
import { buildFieldsError } from '../testing/field-errors';
import { formFieldOf, showServerFieldErrors } from './form-errors';

describe('formFieldOf', () => {
  const fields = [['title'], ['loginType'], ['h5Config', 'showClassType'], ['domains']];

  it('finds the field a server path names, below a prefix', () => {
    expect(formFieldOf('settings.title', fields, 'settings')).toEqual(['title']);
    expect(formFieldOf('settings.loginType.0', fields, 'settings')).toEqual(['loginType']);
    expect(formFieldOf('settings.h5Config.showClassType.1', fields, 'settings')).toEqual([
      'h5Config',
      'showClassType',
    ]);
    expect(formFieldOf('domains.2', fields)).toEqual(['domains']);
  });

  it('finds nothing for other paths', () => {
    expect(formFieldOf('settings.unknown', fields, 'settings')).toBeUndefined();
    expect(formFieldOf('title', fields, 'settings')).toBeUndefined();
    expect(formFieldOf('h5Config', fields)).toBeUndefined();
  });
});

describe('showServerFieldErrors', () => {
  it('sets each message on its field once and returns what no field can show', () => {
    const setFields = jest.fn();
    const form = {
      getFieldsError: () => [
        { name: ['code'], errors: [], warnings: [] },
        { name: ['domains'], errors: [], warnings: [] },
      ],
      setFields,
    } as unknown as FormInstance;
    const error = buildFieldsError([
      { field: 'domains.0', message: '域名格式不正确' },
      { field: 'domains.1', message: '域名格式不正确' },
      { field: 'code', message: '项目编码已存在' },
      { field: 'id', message: '应为正整数' },
    ]);
    expect(showServerFieldErrors(form, error)).toEqual([
      { field: 'id', rule: 'custom', message: '应为正整数' },
    ]);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['domains'], errors: ['域名格式不正确'] },
      { name: ['code'], errors: ['项目编码已存在'] },
    ]);
  });

  it('does nothing for failures without fields', () => {
    const setFields = jest.fn();
    const form = { getFieldsError: () => [], setFields } as unknown as FormInstance;
    expect(showServerFieldErrors(form, new Error('x'))).toEqual([]);
    expect(setFields).not.toHaveBeenCalled();
  });
});
