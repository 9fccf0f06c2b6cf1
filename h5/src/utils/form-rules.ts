import type { FormItemProps } from 'react-vant';

/** One validation rule of a react-vant `Form.Item`. */
export type FieldRule = NonNullable<FormItemProps['rules']>[number];

type FieldValidators = typeof import('./field-validators');

let validators: Promise<FieldValidators> | null = null;

/**
 * Loads spec section 5's field checks (`@px/config`) once, on demand; forms call it when they
 * mount so the checks are ready by the time they run. Rejects when the chunk cannot be loaded
 * (a later call tries again).
 */
export function loadFieldValidators(): Promise<FieldValidators> {
  if (!validators) {
    validators = import('./field-validators');
    validators.catch(() => {
      validators = null;
    });
  }
  return validators;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A rule refusing the value unless `test` passes; an empty value passes (pair it with `required`). */
function check(
  test: (checks: FieldValidators, value: string) => boolean,
  message: (checks: FieldValidators) => string,
): FieldRule {
  return {
    validator: async (_rule, value: unknown) => {
      const trimmed = text(value).trim();
      if (trimmed === '') return;
      const checks = await loadFieldValidators();
      if (!test(checks, trimmed)) throw new Error(message(checks));
    },
  };
}

/** A value must be given (blank text counts as none). */
export function required(message: string): FieldRule {
  return { required: true, whitespace: true, message };
}

/** Spec section 5's field checks (`@px/config` validators), with their Chinese messages. */
export const RULES = {
  mobile: check(
    (checks, value) => checks.isMobile(value),
    (checks) => checks.VALIDATION_MESSAGES.mobile,
  ),
  idCardNumber: check(
    (checks, value) => checks.isIdCardNumber(value.toUpperCase()),
    (checks) => checks.VALIDATION_MESSAGES.idCardNumber,
  ),
  email: check(
    (checks, value) => checks.isEmail(value),
    (checks) => checks.VALIDATION_MESSAGES.email,
  ),
  smsCode: {
    validator: async (_rule, value: unknown) => {
      const code = text(value).trim();
      if (code !== '' && !/^\d{6}$/.test(code)) throw new Error('短信验证码为6位数字');
    },
  } satisfies FieldRule,
  /** The password rule; the value is not trimmed: surrounding whitespace has its own message. */
  password: {
    validator: async (_rule, value: unknown) => {
      const password = text(value);
      if (password === '') return;
      const checks = await loadFieldValidators();
      if (checks.hasSurroundingWhitespace(password)) {
        throw new Error(checks.VALIDATION_MESSAGES.passwordWhitespace);
      }
      if (!checks.isPassword(password)) throw new Error(checks.VALIDATION_MESSAGES.password);
    },
  } satisfies FieldRule,
} as const;

/** The confirmation must equal the field `field` of the same form. */
export function sameAs(field: string, message = '两次输入的密码不一致'): FieldRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (text(value) !== '' && text(value) !== text(getFieldValue(field))) throw new Error(message);
    },
  });
}

/** Starts loading the field checks in the background (forms call it when they mount). Never rejects. */
export function preloadFieldValidators(): void {
  loadFieldValidators().catch(() => undefined);
}
