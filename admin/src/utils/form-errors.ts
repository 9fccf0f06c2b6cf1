import { type FormInstance, message } from 'antd';
import { type FieldError, fieldErrorsOf } from '../api/request';

type NamePath = (string | number)[];

function sameStart(path: NamePath, start: NamePath): boolean {
  return start.length <= path.length && start.every((part, index) => String(part) === String(path[index]));
}

/**
 * The form field a server field error belongs to: the longest field of the form that the error's
 * dotted path starts with (`settings.loginType.0` -> `loginType` after the prefix `settings`).
 * Undefined when the form has no such field.
 */
export function formFieldOf(
  field: string,
  formFields: readonly NamePath[],
  prefix = '',
): NamePath | undefined {
  const parts = field.split('.').filter((part) => part !== '');
  const start = prefix ? prefix.split('.') : [];
  if (!sameStart(parts, start)) return undefined;
  const path = parts.slice(start.length);
  return formFields
    .filter((name) => name.length > 0 && sameStart(path, name))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * Shows the fields a rejected call named on the form's fields (the request client has already shown
 * the summary). `prefix` is the part of the server's path above the form (`settings`). Returns the
 * errors no field of the form could show.
 */
export function showServerFieldErrors(
  form: Pick<FormInstance, 'getFieldsError' | 'setFields'>,
  error: unknown,
  prefix = '',
): FieldError[] {
  const errors = fieldErrorsOf(error);
  if (errors.length === 0) return [];
  const formFields = form.getFieldsError().map((entry) => entry.name as NamePath);
  const byField = new Map<string, { name: NamePath; errors: string[] }>();
  const unshown: FieldError[] = [];
  for (const fieldError of errors) {
    const name = formFieldOf(fieldError.field, formFields, prefix);
    if (!name) {
      unshown.push(fieldError);
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(fieldError.message)) entry.errors.push(fieldError.message);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()].map(({ name, errors: messages }) => ({ name, errors: messages })));
  return unshown;
}

/**
 * The form's values once every field is valid; otherwise null, after the warning 请先改正标红的项
 * (with `scrollToFirst`, the first wrong field scrolled into view: a long form).
 */
export async function validValuesOrWarn<V>(form: FormInstance<V>, scrollToFirst = false): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    const first = (error as { errorFields?: { name: NamePath }[] }).errorFields?.[0];
    if (scrollToFirst && first) form.scrollToField(first.name, { block: 'center' });
    void message.warning('请先改正标红的项');
    return null;
  }
}
