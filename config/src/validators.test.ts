import { z } from 'zod';
import {
  hasSurroundingWhitespace,
  idCardCheckChar,
  isEmail,
  isIdCardNumber,
  isMobile,
  isPassword,
  isUnifiedSocialCreditCode,
  maskIdCardNumber,
  parseIdCardNumber,
  unifiedSocialCreditCodeCheckChar,
  VALIDATION_MESSAGES,
  zEmail,
  zIdCardNumber,
  zMobile,
  zPassword,
  zUnifiedSocialCreditCode,
} from './validators';

/** A fixed "today" so that birth-date checks do not depend on the day the tests run. */
const NOW = new Date(2025, 5, 15, 12, 0, 0);

/** Builds an 18-digit ID number with a correct check character. */
const withCheckChar = (first17: string) => `${first17}${idCardCheckChar(first17)}`;

/** Replaces the character at `index` with the next digit (9 -> 0). */
const changeDigit = (value: string, index: number) =>
  `${value.slice(0, index)}${(Number(value.charAt(index)) + 1) % 10}${value.slice(index + 1)}`;

/** Calls a checker with a value its signature forbids, as JavaScript callers may. */
const callLoosely = (check: (value: string) => boolean, value: unknown) =>
  (check as (value: unknown) => boolean)(value);

describe('idCardCheckChar', () => {
  it('computes the GB 11643 check characters of the reference numbers', () => {
    expect(idCardCheckChar('37010219900307123')).toBe('8');
    expect(idCardCheckChar('11010519491231002')).toBe('X');
  });

  it('gives every check character so that the full weighted sum is 1 mod 11 (ISO 7064 MOD 11-2)', () => {
    // Weights of the 18 positions are 2^(17-i) mod 11; the check character (X = 10) has weight 1.
    const weights = Array.from({ length: 18 }, (_, i) => 2 ** (17 - i) % 11);
    const seen = new Set<string>();
    for (let n = 0; n < 100; n += 1) {
      const first17 = `370102199003071${String(n).padStart(2, '0')}`;
      const check = idCardCheckChar(first17);
      const digits = [...first17].map(Number).concat(check === 'X' ? 10 : Number(check));
      const sum = digits.reduce((total, digit, i) => total + digit * (weights[i] ?? 0), 0);
      expect(sum % 11).toBe(1);
      seen.add(check);
    }
    expect([...seen].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X']);
  });

  it('maps a remainder of 0 to 1 and of 1 to 0', () => {
    expect(idCardCheckChar('00000000000000000')).toBe('1'); // sum 0
    expect(idCardCheckChar('00000001000000000')).toBe('0'); // weight 1 -> sum 1
  });
});

describe('isIdCardNumber', () => {
  it.each(['370102199003071238', '11010519491231002X', '11010519491231002x'])(
    'accepts the valid 18-digit number %s',
    (value) => {
      expect(isIdCardNumber(value, NOW)).toBe(true);
    },
  );

  it('accepts every listed province prefix and rejects the gaps between them', () => {
    const valid = [11, 15, 21, 23, 31, 37, 41, 46, 50, 54, 61, 65, 71, 81, 82, 83, 91];
    const invalid = [0, 10, 16, 20, 24, 30, 38, 40, 47, 49, 55, 60, 66, 70, 72, 80, 84, 90, 92, 99];
    for (const prefix of valid) {
      const prefixText = String(prefix).padStart(2, '0');
      expect(isIdCardNumber(withCheckChar(`${prefixText}010219900307123`), NOW)).toBe(true);
    }
    for (const prefix of invalid) {
      const prefixText = String(prefix).padStart(2, '0');
      expect(isIdCardNumber(withCheckChar(`${prefixText}010219900307123`), NOW)).toBe(false);
    }
  });

  it('rejects a number with one digit changed', () => {
    const valid = '370102199003071238';
    // Changing the sequence or the check digit breaks the check character.
    expect(isIdCardNumber(changeDigit(valid, 14), NOW)).toBe(false);
    expect(isIdCardNumber(changeDigit(valid, 16), NOW)).toBe(false);
    expect(isIdCardNumber(changeDigit(valid, 17), NOW)).toBe(false);
    expect(isIdCardNumber('370102199003071237', NOW)).toBe(false);
    expect(isIdCardNumber('370102199003071230', NOW)).toBe(false);
    expect(isIdCardNumber('110105194912310020', NOW)).toBe(false);
  });

  it('rejects X anywhere but the last position, and X where the check digit is a number', () => {
    expect(isIdCardNumber('37010219900307123X', NOW)).toBe(false);
    expect(isIdCardNumber('1101051949123100X2', NOW)).toBe(false);
  });

  it('rejects impossible birth dates even with a correct check character', () => {
    expect(isIdCardNumber(withCheckChar('37010219900230123'), NOW)).toBe(false); // 30 Feb
    expect(isIdCardNumber(withCheckChar('37010219900431123'), NOW)).toBe(false); // 31 Apr
    expect(isIdCardNumber(withCheckChar('37010219901301123'), NOW)).toBe(false); // month 13
    expect(isIdCardNumber(withCheckChar('37010219900000123'), NOW)).toBe(false); // month 0
    expect(isIdCardNumber(withCheckChar('37010219900100123'), NOW)).toBe(false); // day 0
    expect(isIdCardNumber(withCheckChar('37010219010229123'), NOW)).toBe(false); // 1901 is no leap year
    expect(isIdCardNumber(withCheckChar('37010220000229123'), NOW)).toBe(true); // 2000 is one
  });

  it('rejects birth years before 1900', () => {
    expect(isIdCardNumber(withCheckChar('37010218991231123'), NOW)).toBe(false);
    expect(isIdCardNumber(withCheckChar('37010219000101123'), NOW)).toBe(true);
  });

  it('rejects birth dates after today, today included as valid', () => {
    expect(isIdCardNumber(withCheckChar('37010220250615123'), NOW)).toBe(true);
    expect(isIdCardNumber(withCheckChar('37010220250616123'), NOW)).toBe(false);
    expect(isIdCardNumber(withCheckChar('37010230000101123'), NOW)).toBe(false);
  });

  it('accepts the old 15-digit format with a real 19YY birth date', () => {
    expect(isIdCardNumber('370102900307123', NOW)).toBe(true);
    expect(isIdCardNumber('110105491231002', NOW)).toBe(true);
    expect(isIdCardNumber('370102000229123', NOW)).toBe(false); // 29 Feb 1900: no leap year
    expect(isIdCardNumber('370102960229123', NOW)).toBe(true); // 29 Feb 1996
    expect(isIdCardNumber('370102900230123', NOW)).toBe(false);
    expect(isIdCardNumber('370102901301123', NOW)).toBe(false);
    expect(isIdCardNumber('990102900307123', NOW)).toBe(false); // no such province
    expect(isIdCardNumber('37010290030712X', NOW)).toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['17 digits', '37010219900307123'],
    ['19 digits', '3701021990030712381'],
    ['16 digits', '3701021990030712'],
    ['14 digits', '37010290030712'],
    ['letters', '37010219900307ABCD'],
    ['surrounding spaces', ' 370102199003071238'],
    ['a trailing space', '370102199003071238 '],
    ['full-width digits', '３７０１０２１９９００３０７１２３８'],
    ['an inner hyphen', '370102-19900307-1238'],
  ])('rejects %s', (_label, value) => {
    expect(isIdCardNumber(value, NOW)).toBe(false);
  });

  it('rejects non-string input instead of throwing', () => {
    const check = (value: string) => isIdCardNumber(value, NOW);
    expect(callLoosely(check, 370102199003071238n)).toBe(false);
    expect(callLoosely(check, null)).toBe(false);
    expect(callLoosely(check, undefined)).toBe(false);
  });

  it('uses the current date when none is given', () => {
    expect(isIdCardNumber('370102199003071238')).toBe(true);
    expect(isIdCardNumber(withCheckChar('37010230000101123'))).toBe(false);
  });
});

describe('parseIdCardNumber', () => {
  it('reads birth date and gender of 18-digit numbers', () => {
    expect(parseIdCardNumber('370102199003071238', NOW)).toEqual({ birthDate: '1990-03-07', gender: 'male' });
    expect(parseIdCardNumber('11010519491231002X', NOW)).toEqual({
      birthDate: '1949-12-31',
      gender: 'female',
    });
    expect(parseIdCardNumber('11010519491231002x', NOW)).toEqual({
      birthDate: '1949-12-31',
      gender: 'female',
    });
  });

  it('reads the gender from the 17th digit, not the check character', () => {
    const female = withCheckChar('37010219900307122');
    expect(parseIdCardNumber(female, NOW)?.gender).toBe('female');
    const male = withCheckChar('37010219900307129');
    expect(parseIdCardNumber(male, NOW)?.gender).toBe('male');
  });

  it('reads birth date and gender of 15-digit numbers from the last digit', () => {
    expect(parseIdCardNumber('370102900307123', NOW)).toEqual({ birthDate: '1990-03-07', gender: 'male' });
    expect(parseIdCardNumber('110105491231002', NOW)).toEqual({ birthDate: '1949-12-31', gender: 'female' });
  });

  it('returns null for invalid numbers', () => {
    expect(parseIdCardNumber('370102199003071237', NOW)).toBeNull();
    expect(parseIdCardNumber(withCheckChar('37010230000101123'), NOW)).toBeNull();
    expect(parseIdCardNumber('', NOW)).toBeNull();
    expect((parseIdCardNumber as (value: unknown) => unknown)(null)).toBeNull();
  });
});

describe('maskIdCardNumber', () => {
  it('keeps the first 6 and last 4 characters', () => {
    expect(maskIdCardNumber('370102199003071238')).toBe('370102********1238');
    expect(maskIdCardNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCardNumber('370102900307123')).toBe('370102*****7123');
  });

  it('masks short values entirely and leaves empty ones empty', () => {
    expect(maskIdCardNumber('1234567890')).toBe('**********');
    expect(maskIdCardNumber('123')).toBe('***');
    expect(maskIdCardNumber('')).toBe('');
    expect((maskIdCardNumber as (value: unknown) => string)(undefined)).toBe('');
  });
});

describe('isMobile', () => {
  it.each([
    '13012345678',
    '14512345678',
    '15912345678',
    '16612345678',
    '17712345678',
    '18812345678',
    '19912345678',
  ])('accepts %s', (value) => {
    expect(isMobile(value)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['second digit 2', '12012345678'],
    ['second digit 1', '11012345678'],
    ['second digit 0', '10012345678'],
    ['a leading 2', '23812345678'],
    ['10 digits', '1381234567'],
    ['12 digits', '138123456789'],
    ['a country code', '+8613812345678'],
    ['a letter', '1381234567a'],
    ['a leading space', ' 13812345678'],
    ['a trailing space', '13812345678 '],
    ['hyphens', '138-1234-5678'],
  ])('rejects %s', (_label, value) => {
    expect(isMobile(value)).toBe(false);
  });

  it('rejects a number instead of a string', () => {
    expect(callLoosely(isMobile, 13812345678)).toBe(false);
  });
});

describe('isEmail', () => {
  it.each([
    'user@example.com',
    'first.last@example.com',
    'user_name+tag@mail.example.cn',
    'a1@sub-domain.example.info',
    'USER@EXAMPLE.ORG',
    '12345@qq.com',
  ])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['no at sign', 'user.example.com'],
    ['two at signs', 'user@@example.com'],
    ['no local part', '@example.com'],
    ['no domain', 'user@'],
    ['no top-level domain', 'user@example'],
    ['a one-letter top-level domain', 'user@example.c'],
    ['a five-letter top-level domain', 'user@example.abcde'],
    ['a numeric top-level domain', 'user@example.12'],
    ['a leading dot', '.user@example.com'],
    ['two dots in a row', 'user..name@example.com'],
    ['a domain starting with a hyphen', 'user@-example.com'],
    ['a domain label ending with a hyphen', 'user@example-.com'],
    ['a space inside', 'us er@example.com'],
    ['surrounding spaces', ' user@example.com '],
    ['Chinese characters', '用户@example.com'],
  ])('rejects %s', (_label, value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('rejects addresses longer than 254 characters', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    expect(`${'u'.repeat(67)}@${domain}`).toHaveLength(254);
    expect(isEmail(`${'u'.repeat(67)}@${domain}`)).toBe(true);
    expect(isEmail(`${'u'.repeat(68)}@${domain}`)).toBe(false);
  });
});

describe('isUnifiedSocialCreditCode', () => {
  // The commonly cited example and codes published by well-known companies.
  it.each([
    '91350100M000100Y43',
    '914403001922038216',
    '9144030071526726XG',
    '91330100716105852F',
    '91110108551385082Q',
  ])('accepts %s', (value) => {
    expect(isUnifiedSocialCreditCode(value)).toBe(true);
  });

  it('computes the check character, mapping 31 to 0', () => {
    expect(unifiedSocialCreditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(unifiedSocialCreditCodeCheckChar('9144030071526726X')).toBe('G');
    // All zeros: sum 0 -> 31 - 0 = 31 -> 0.
    expect(unifiedSocialCreditCodeCheckChar('00000000000000000')).toBe('0');
    // Value 1 at the first position (weight 1): 31 - 1 = 30 -> 'Y', the last character of the set.
    expect(unifiedSocialCreditCodeCheckChar('10000000000000000')).toBe('Y');
    expect(isUnifiedSocialCreditCode('000000000000000000')).toBe(true);
    expect(isUnifiedSocialCreditCode('10000000000000000Y')).toBe(true);
  });

  it('accepts any code character in the first two positions when the check character fits', () => {
    for (const prefix of ['11', '52', 'Y1', 'A9', 'N3']) {
      const first17 = `${prefix}350100M000100Y4`;
      expect(isUnifiedSocialCreditCode(`${first17}${unifiedSocialCreditCodeCheckChar(first17)}`)).toBe(true);
    }
  });

  it('rejects a wrong check character or one changed character', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100Y40')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000101Y43')).toBe(false);
    expect(isUnifiedSocialCreditCode('92350100M000100Y43')).toBe(false);
    expect(isUnifiedSocialCreditCode('9144030071526726XH')).toBe(false);
  });

  it.each(['I', 'O', 'S', 'V', 'Z'])('rejects the excluded letter %s even with a fitting check', (letter) => {
    // indexOf gives -1 for these, so a code could only pass by accident: the pattern must stop it.
    const code = `91350100M000100${letter}4`;
    expect(isUnifiedSocialCreditCode(`${code}${unifiedSocialCreditCodeCheckChar(code)}`)).toBe(false);
  });

  it('rejects letters in the 6-digit region code', () => {
    const first17 = '9135A100M000100Y4';
    expect(isUnifiedSocialCreditCode(`${first17}${unifiedSocialCreditCodeCheckChar(first17)}`)).toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['17 characters', '91350100M000100Y4'],
    ['19 characters', '91350100M000100Y433'],
    ['lower case', '91350100m000100y43'],
    ['surrounding spaces', ' 91350100M000100Y43 '],
    ['a hyphen', '91350100-M000100Y4'],
  ])('rejects %s', (_label, value) => {
    expect(isUnifiedSocialCreditCode(value)).toBe(false);
  });
});

describe('isPassword', () => {
  it.each(['Admin123', 'Unit1234', 'Study123', 'a12345', 'A_1____', `a${'1'.repeat(18)}`])(
    'accepts %s',
    (value) => {
      expect(isPassword(value)).toBe(true);
    },
  );

  it.each([
    ['an empty string', ''],
    ['5 characters', 'a1234'],
    ['20 characters', `a${'1'.repeat(19)}`],
    ['a leading digit', '1admin123'],
    ['a leading underscore', '_admin123'],
    ['no digit', 'Adminadmin'],
    ['a hyphen', 'Admin-123'],
    ['a space inside', 'Admin 123'],
    ['a leading space', ' Admin123'],
    ['a trailing space', 'Admin123 '],
    ['Chinese characters', 'Admin123密码'],
    ['full-width digits', 'Admin１２３'],
  ])('rejects %s', (_label, value) => {
    expect(isPassword(value)).toBe(false);
  });
});

describe('hasSurroundingWhitespace', () => {
  it.each([
    [' a', true],
    ['a ', true],
    ['\ta', true],
    ['a\n', true],
    ['\u3000张三', true],
    ['张三\u3000', true],
    ['\u00a0a', true],
    ['a', false],
    ['a b', false],
    ['张\u3000三', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(hasSurroundingWhitespace(value)).toBe(expected);
  });

  it('is false for non-string input', () => {
    expect(callLoosely(hasSurroundingWhitespace, 12)).toBe(false);
  });
});

describe('zod schemas', () => {
  /** The messages of a failed parse, or [] when it succeeded. */
  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('zIdCardNumber trims, upper-cases the x and rejects bad numbers in Chinese', () => {
    expect(zIdCardNumber.parse(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(zIdCardNumber.parse('370102199003071238')).toBe('370102199003071238');
    expect(messagesOf(zIdCardNumber.safeParse('370102199003071237'))).toEqual(['身份证号格式不正确']);
    expect(messagesOf(zIdCardNumber.safeParse(''))).toEqual(['身份证号格式不正确']);
    expect(messagesOf(zIdCardNumber.safeParse(370102199003071238n))).toEqual(['身份证号格式不正确']);
  });

  it('zMobile trims and rejects bad numbers in Chinese', () => {
    expect(zMobile.parse(' 13812345678\u3000')).toBe('13812345678');
    expect(messagesOf(zMobile.safeParse('12812345678'))).toEqual(['手机号格式不正确']);
    expect(messagesOf(zMobile.safeParse(13812345678))).toEqual(['手机号格式不正确']);
    expect(messagesOf(zMobile.safeParse(undefined))).toEqual(['手机号格式不正确']);
  });

  it('zEmail trims, keeps the case and rejects bad addresses in Chinese', () => {
    expect(zEmail.parse('  User@Example.com ')).toBe('User@Example.com');
    expect(messagesOf(zEmail.safeParse('user@example'))).toEqual(['邮箱格式不正确']);
  });

  it('zUnifiedSocialCreditCode trims, upper-cases and verifies the check character', () => {
    expect(zUnifiedSocialCreditCode.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(messagesOf(zUnifiedSocialCreditCode.safeParse('91350100M000100Y44'))).toEqual([
      '统一社会信用代码不正确',
    ]);
  });

  it('zPassword never trims and explains surrounding whitespace separately', () => {
    expect(zPassword.parse('Admin123')).toBe('Admin123');
    expect(messagesOf(zPassword.safeParse(' Admin123'))).toEqual(['密码首尾不能包含空格']);
    expect(messagesOf(zPassword.safeParse('Admin123\u3000'))).toEqual(['密码首尾不能包含空格']);
    expect(messagesOf(zPassword.safeParse('admin'))).toEqual([VALIDATION_MESSAGES.password]);
    expect(messagesOf(zPassword.safeParse('Adminadmin'))).toEqual([VALIDATION_MESSAGES.password]);
    expect(messagesOf(zPassword.safeParse(12345678))).toEqual([VALIDATION_MESSAGES.password]);
  });

  it('works inside an object schema, reporting the field path', () => {
    const schema = z.object({ mobile: zMobile, password: zPassword });
    const result = schema.safeParse({ mobile: '123', password: 'Admin123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['mobile'], message: '手机号格式不正确' }),
    ]);
  });
});
