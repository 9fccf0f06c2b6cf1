import type { Rule } from 'antd/es/form';

/** A field that must be filled: not empty and not only blanks (the contract trims texts). */
export function required(message: string): Rule {
  return { required: true, whitespace: true, message };
}
