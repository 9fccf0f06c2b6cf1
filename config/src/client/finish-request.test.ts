import {
  ApiFieldsError,
  fieldErrorsOf,
  finishRequest,
  readFieldErrors,
  SILENT_FEEDBACK,
} from './finish-request';
import { ApiError } from './interpret-response';

const feedback = () => ({ showErrorMessage: jest.fn(), showNotice: jest.fn() });

test('resolves to the attribute of a 200 answer', () => {
  const shown = feedback();
  const onUnauthorized = jest.fn();
  const data = { respCode: 200, respDesc: 'ok', attribute: { id: 1 } };
  expect(finishRequest({ status: 200, data }, { feedback: shown, onUnauthorized })).toEqual({ id: 1 });
  expect(onUnauthorized).not.toHaveBeenCalled();
});

test('a 401 answer ends the session and is shown', () => {
  const shown = feedback();
  const onUnauthorized = jest.fn();
  const data = { respCode: 401, respDesc: '请先登录', attribute: null };
  expect(() => finishRequest({ status: 401, data }, { feedback: shown, onUnauthorized })).toThrow(ApiError);
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
  expect(shown.showErrorMessage).toHaveBeenCalledWith('请先登录');
});

test('refused fields reject with an ApiFieldsError naming them; silent feedback shows nothing', () => {
  const data = {
    respCode: -1,
    respDesc: '参数错误：mobile 手机号格式不正确',
    attribute: { errors: [{ field: 'mobile', rule: 'format', message: '手机号格式不正确' }, { bad: true }] },
  };
  let caught: unknown;
  try {
    finishRequest({ status: 400, data }, { feedback: SILENT_FEEDBACK, onUnauthorized: jest.fn() });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ApiFieldsError);
  expect(fieldErrorsOf(caught)).toEqual([{ field: 'mobile', rule: 'format', message: '手机号格式不正确' }]);
  expect(fieldErrorsOf(new Error('x'))).toEqual([]);
});

test('readFieldErrors ignores bodies without well-formed errors', () => {
  expect(readFieldErrors(null)).toEqual([]);
  expect(readFieldErrors({ attribute: { errors: 'no' } })).toEqual([]);
  expect(readFieldErrors({ attribute: { errors: [{ field: 'a', message: 'm' }] } })).toEqual([
    { field: 'a', rule: '', message: 'm' },
  ]);
});
