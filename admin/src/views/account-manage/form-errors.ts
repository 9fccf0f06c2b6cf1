import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../../api/request';

/**
 * Shows the fields a rejected save named (`attribute.errors`) under the form's own fields; the
 * request client has already shown the message. Fields the form does not have are left to that
 * message. Answers whether any field was marked.
 */
export function showFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
): boolean {
  const known = fieldErrorsOf(error).filter((entry) => fields.includes(entry.field));
  if (!known.length) return false;
  form.setFields(known.map((entry) => ({ name: entry.field as never, errors: [entry.message] })));
  return true;
}
