import { hasSurroundingWhitespace, isPassword, VALIDATION_MESSAGES } from '@px/config';
import type { FormRule } from 'antd';

/** The password rule of config (a letter first, 6-19 characters, a digit), with its message. */
export const passwordRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    if (!value) return;
    if (hasSurroundingWhitespace(value)) throw new Error(VALIDATION_MESSAGES.passwordWhitespace);
    if (!isPassword(value)) throw new Error(VALIDATION_MESSAGES.password);
  },
};

/** The confirmation of a password field `field`: the same text. */
export function samePasswordRule(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(field)) throw new Error('两次输入的密码不一致');
    },
  });
}
