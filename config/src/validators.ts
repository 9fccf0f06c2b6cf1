import { z } from 'zod';

/**
 * Field checks of spec section 5, shared by the forms of both apps and the API's input schemas.
 * Every check is a pure function of a string; the `z*` schemas wrap them for the API.
 */

/** Chinese messages of the field checks, shown to people. */
export const VALIDATION_MESSAGES = {
  idCardNumber: '身份证号格式不正确',
  mobile: '手机号格式不正确',
  email: '邮箱格式不正确',
  unifiedSocialCreditCode: '统一社会信用代码不正确',
  password: '密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字',
  passwordWhitespace: '密码首尾不能包含空格',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Resident identity card number (GB 11643-1999)
// ---------------------------------------------------------------------------------------------

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECK_CHARS = '10X98765432';
/** First two digits of the region code, by area of China. */
const ID_CARD_PROVINCES = new Set(
  [
    '11 12 13 14 15', // North
    '21 22 23', // North-east
    '31 32 33 34 35 36 37', // East
    '41 42 43 44 45 46', // Centre and south
    '50 51 52 53 54', // South-west
    '61 62 63 64 65', // North-west
    '71 81 82 83 91', // Taiwan, residence permits (Hong Kong, Macao, Taiwan), foreigners' permanent residence
  ]
    .join(' ')
    .split(' '),
);

/** True when year-month-day (month 1-12) is a real calendar date. */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `now` as a comparable YYYYMMDD number in local time. */
function localDateNumber(now: Date): number {
  return now.getFullYear() * 10000 + (now.getMonth() + 1) * 100 + now.getDate();
}

/** The ISO 7064 MOD 11-2 check character of the first 17 digits of an 18-digit ID number. */
export function idCardCheckChar(first17Digits: string): string {
  let sum = 0;
  for (let i = 0; i < ID_CARD_WEIGHTS.length; i += 1) {
    sum += Number(first17Digits.charAt(i)) * ID_CARD_WEIGHTS[i];
  }
  return ID_CARD_CHECK_CHARS.charAt(sum % 11);
}

/** Birth date as YYYYMMDD digits, or null when the value is not an ID number in either format. */
function idCardBirthDigits(value: string, now: Date): string | null {
  if (!ID_CARD_PROVINCES.has(value.slice(0, 2))) return null;
  let birth: string;
  if (/^\d{17}[\dXx]$/.test(value)) {
    if (idCardCheckChar(value.slice(0, 17)) !== value.charAt(17).toUpperCase()) return null;
    birth = value.slice(6, 14);
  } else if (/^\d{15}$/.test(value)) {
    birth = `19${value.slice(6, 12)}`;
  } else {
    return null;
  }
  const year = Number(birth.slice(0, 4));
  const month = Number(birth.slice(4, 6));
  const day = Number(birth.slice(6, 8));
  if (year < 1900 || !isRealDate(year, month, day)) return null;
  if (Number(birth) > localDateNumber(now)) return null;
  return birth;
}

/**
 * Whether the value is a Chinese resident ID number: 18 digits (the last may be X or x) with a valid
 * GB 11643 check character, or the old 15-digit format (birth date 19YYMMDD). Both need a plausible
 * province prefix and a real birth date from 1900 up to `now` (local time). Never throws.
 */
export function isIdCardNumber(value: string, now: Date = new Date()): boolean {
  return typeof value === 'string' && idCardBirthDigits(value, now) !== null;
}

export type Gender = 'male' | 'female';
export interface IdCardInfo {
  /** YYYY-MM-DD */
  birthDate: string;
  gender: Gender;
}

/**
 * Birth date and gender read from a valid ID number (the sequence's last digit is odd for men),
 * or null when `isIdCardNumber` rejects it.
 */
export function parseIdCardNumber(value: string, now: Date = new Date()): IdCardInfo | null {
  if (typeof value !== 'string') return null;
  const birth = idCardBirthDigits(value, now);
  if (birth === null) return null;
  const genderDigit = Number(value.length === 18 ? value.charAt(16) : value.charAt(14));
  return {
    birthDate: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`,
    gender: genderDigit % 2 === 1 ? 'male' : 'female',
  };
}

/**
 * Hides an ID number for display: keeps the first 6 and last 4 characters (`370102********1238`).
 * Values of 10 characters or fewer are masked entirely so that nothing leaks.
 */
export function maskIdCardNumber(value: string): string {
  if (typeof value !== 'string') return '';
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Mobile, e-mail, password, whitespace
// ---------------------------------------------------------------------------------------------

/** Whether the value is a mainland mobile number: 11 digits, 13x to 19x. */
export function isMobile(value: string): boolean {
  return typeof value === 'string' && /^1[3-9]\d{9}$/.test(value);
}

const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/**
 * Whether the value is an e-mail address of the usual form: dot-separated local part, domain
 * labels of letters, digits and inner hyphens, a top-level domain of 2 to 4 letters, 254 chars max.
 */
export function isEmail(value: string): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * Whether the value is an acceptable password: a letter, then 5 to 18 letters, digits or
 * underscores (6 to 19 characters in all, reading the spec's "starts with a letter, 6 to 19 word
 * characters" as the classic `^[a-zA-Z]\w{5,18}$`), with at least one digit.
 */
export function isPassword(value: string): boolean {
  return typeof value === 'string' && /^[A-Za-z]\w{5,18}$/.test(value) && /\d/.test(value);
}

/**
 * Whether the value starts or ends with whitespace. JavaScript's `\s` covers tabs, line breaks,
 * no-break space and the full-width space U+3000 that Chinese input methods produce.
 */
export function hasSurroundingWhitespace(value: string): boolean {
  return typeof value === 'string' && /^\s|\s$/.test(value);
}

// ---------------------------------------------------------------------------------------------
// Unified social credit code (GB 32100-2015)
// ---------------------------------------------------------------------------------------------

/** The 31 characters of the code in value order (no I, O, S, V, Z). */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
/**
 * Layout 2 + 6 + 10: registration authority and organisation type (any code character, as the
 * standard's tables grow), 6-digit administrative division, 9-character organisation code and the
 * check character.
 */
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of the first 17 characters of a unified social credit code. */
export function unifiedSocialCreditCodeCheckChar(first17Chars: string): string {
  let sum = 0;
  for (let i = 0; i < CREDIT_CODE_WEIGHTS.length; i += 1) {
    sum += CREDIT_CODE_CHARS.indexOf(first17Chars.charAt(i)) * CREDIT_CODE_WEIGHTS[i];
  }
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
}

/**
 * Whether the value is an 18-character unified social credit code (upper case) with a valid check
 * character. The embedded organisation code's own check (GB 11714) is not verified: codes of
 * individual businesses carry organisation codes that do not satisfy it.
 */
export function isUnifiedSocialCreditCode(value: string): boolean {
  return (
    typeof value === 'string' &&
    CREDIT_CODE_PATTERN.test(value) &&
    unifiedSocialCreditCodeCheckChar(value.slice(0, 17)) === value.charAt(17)
  );
}

// ---------------------------------------------------------------------------------------------
// zod schemas for the API's inputs
// ---------------------------------------------------------------------------------------------

/** ID number: trimmed, a trailing x upper-cased, then checked. */
export const zIdCardNumber = z
  .string({ error: VALIDATION_MESSAGES.idCardNumber })
  .trim()
  .toUpperCase()
  .refine((value) => isIdCardNumber(value), { error: VALIDATION_MESSAGES.idCardNumber });

/** Mobile number: trimmed, then checked. */
export const zMobile = z
  .string({ error: VALIDATION_MESSAGES.mobile })
  .trim()
  .refine(isMobile, { error: VALIDATION_MESSAGES.mobile });

/** E-mail address: trimmed, then checked (case kept). */
export const zEmail = z
  .string({ error: VALIDATION_MESSAGES.email })
  .trim()
  .refine(isEmail, { error: VALIDATION_MESSAGES.email });

/** Unified social credit code: trimmed, upper-cased, then checked. */
export const zUnifiedSocialCreditCode = z
  .string({ error: VALIDATION_MESSAGES.unifiedSocialCreditCode })
  .trim()
  .toUpperCase()
  .refine(isUnifiedSocialCreditCode, { error: VALIDATION_MESSAGES.unifiedSocialCreditCode });

/** Password: never trimmed; surrounding whitespace is rejected with its own message. */
export const zPassword = z.string({ error: VALIDATION_MESSAGES.password }).superRefine((value, ctx) => {
  if (hasSurroundingWhitespace(value)) {
    ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.passwordWhitespace });
  } else if (!isPassword(value)) {
    ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.password });
  }
});
