import { ApiFieldsError, type FieldError } from '../api/request';

/**
 * The rejection of a call whose input the server refused, as the request client builds it from an
 * answer with `attribute.errors` (respDesc `参数错误：<field> <message>；...`).
 */
export function buildFieldsError(errors: Omit<FieldError, 'rule'>[]): ApiFieldsError {
  const fieldErrors = errors.map((error) => ({ rule: 'custom', ...error }));
  const message = `参数错误：${fieldErrors.map((error) => `${error.field} ${error.message}`).join('；')}`;
  return new ApiFieldsError({ kind: 'error', code: -1, message }, fieldErrors);
}
