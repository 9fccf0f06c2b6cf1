import type { FormInstance } from 'react-vant';
import { type FieldError, fieldErrorsOf } from '../api/request';

/**
 * Shows the fields a rejected call named on the form's own fields (the request client has already
 * shown the summary). `aliases` maps a server field to the form's name for it (`password` ->
 * `newPassword`). A field the form does not have is left out. Returns the form fields shown.
 */
export function showServerFieldErrors(
  form: Pick<FormInstance, 'getFieldsError' | 'setFields'>,
  error: unknown,
  aliases: Readonly<Record<string, string>> = {},
): string[] {
  const errors: FieldError[] = fieldErrorsOf(error);
  if (errors.length === 0) return [];
  const known = new Set(form.getFieldsError().map((entry) => entry.name.join('.')));
  const byField = new Map<string, string[]>();
  for (const { field, message } of errors) {
    const serverName = field.split('.')[0] ?? field;
    const name = aliases[serverName] ?? serverName;
    if (!known.has(name)) continue;
    const messages = byField.get(name) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byField.set(name, messages);
  }
  form.setFields([...byField].map(([name, messages]) => ({ name, errors: messages })));
  return [...byField.keys()];
}
