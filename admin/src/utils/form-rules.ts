import type { Rule } from 'antd/es/form';

/** A field that must be filled: not empty and not only blanks (the contract trims texts). */
export function required(message: string): Rule {
  return { required: true, whitespace: true, message };
}

/** At most `max` characters, the message naming the field: `maxChars('备注', 500)` → 备注不能超过 500 个字符. */
export function maxChars(label: string, max: number): Rule {
  return { max, message: `${label}不能超过 ${max} 个字符` };
}
