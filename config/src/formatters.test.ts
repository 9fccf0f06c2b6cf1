import {
  type DateInput,
  fenToYuan,
  formatDateRange,
  formatDateTime,
  formatDuration,
  formatFen,
  formatFileSize,
  formatRelativeTime,
  RELATIVE_TIME_FALLBACK_FORMAT,
  toDate,
  yuanToFen,
} from './formatters';

// Dates are built with local-time constructors so that the tests hold in every time zone.
const LOCAL = new Date(2024, 0, 2, 3, 4, 5);
const LOCAL_MS = LOCAL.getTime();
const LOCAL_SECONDS = LOCAL_MS / 1000;

describe('toDate', () => {
  it('copies valid dates and rejects invalid ones', () => {
    const copy = toDate(LOCAL);
    expect(copy?.getTime()).toBe(LOCAL_MS);
    expect(copy).not.toBe(LOCAL);
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });

  it('reads 10-digit numbers as seconds and 13-digit numbers as milliseconds', () => {
    expect(LOCAL_SECONDS.toString()).toHaveLength(10);
    expect(toDate(LOCAL_SECONDS)?.getTime()).toBe(LOCAL_MS);
    expect(toDate(LOCAL_MS)?.getTime()).toBe(LOCAL_MS);
    expect(toDate(1_000_000_000)?.getTime()).toBe(1_000_000_000_000);
    expect(toDate(9_999_999_999)?.getTime()).toBe(9_999_999_999_000);
  });

  it('reads other numbers as milliseconds', () => {
    expect(toDate(0)?.getTime()).toBe(0);
    expect(toDate(999_999_999)?.getTime()).toBe(999_999_999);
    expect(toDate(10_000_000_000)?.getTime()).toBe(10_000_000_000);
  });

  it('reads numeric strings like numbers', () => {
    expect(toDate(String(LOCAL_SECONDS))?.getTime()).toBe(LOCAL_MS);
    expect(toDate(String(LOCAL_MS))?.getTime()).toBe(LOCAL_MS);
    expect(toDate(` ${LOCAL_SECONDS} `)?.getTime()).toBe(LOCAL_MS);
  });

  it('reads local date-time strings', () => {
    expect(toDate('2024-01-02 03:04:05')?.getTime()).toBe(LOCAL_MS);
    expect(toDate('2024/01/02 03:04:05')?.getTime()).toBe(LOCAL_MS);
    expect(toDate('2024-1-2 3:04:05')?.getTime()).toBe(LOCAL_MS);
    expect(toDate('2024-01-02T03:04:05')?.getTime()).toBe(LOCAL_MS);
    expect(toDate('2024-01-02 03:04')?.getTime()).toBe(new Date(2024, 0, 2, 3, 4).getTime());
    expect(toDate('2024-01-02')?.getTime()).toBe(new Date(2024, 0, 2).getTime());
    expect(toDate('2024-01-02 03:04:05.5')?.getTime()).toBe(LOCAL_MS + 500);
    expect(toDate('2024-02-29')?.getTime()).toBe(new Date(2024, 1, 29).getTime());
  });

  it('reads ISO 8601 strings with an offset', () => {
    expect(toDate('2024-01-02T03:04:05Z')?.getTime()).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(toDate('2024-01-02T03:04:05.000+08:00')?.getTime()).toBe(Date.UTC(2024, 0, 1, 19, 4, 5));
    expect(toDate('2024-01-02T03:04:05.123456789-0130')?.getTime()).toBe(Date.UTC(2024, 0, 2, 4, 34, 5, 123));
    expect(toDate('2024-01-02t03:04z')?.getTime()).toBe(Date.UTC(2024, 0, 2, 3, 4));
  });

  it.each([
    ['an empty string', ''],
    ['blanks', '   '],
    ['text', 'yesterday'],
    ['30 February', '2023-02-30'],
    ['29 February of a common year', '2023-02-29'],
    ['month 13', '2024-13-01'],
    ['day 0', '2024-01-00'],
    ['hour 24', '2024-01-02 24:00:00'],
    ['minute 60', '2024-01-02 03:60:00'],
    ['a negative number string', '-1'],
    ['a number with words', 'day 2'],
    ['an ISO date of 30 February', '2023-02-30T00:00:00Z'],
    ['an ISO time of 24:00', '2023-02-28T24:00:00+08:00'],
    ['a two-digit year', '24-01-02'],
  ])('returns null for %s', (_label, value) => {
    expect(toDate(value)).toBeNull();
  });

  it('returns null for non-finite or out-of-range numbers and for missing input', () => {
    expect(toDate(Number.NaN)).toBeNull();
    expect(toDate(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toDate(9e15)).toBeNull();
    expect(toDate(null)).toBeNull();
    expect(toDate(undefined)).toBeNull();
    expect((toDate as (value: unknown) => Date | null)({})).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('formats as YYYY-MM-DD HH:mm:ss by default', () => {
    expect(formatDateTime(LOCAL)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(LOCAL_SECONDS)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(LOCAL_MS)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(String(LOCAL_SECONDS))).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(new Date(2024, 11, 31, 23, 59, 59))).toBe('2024-12-31 23:59:59');
  });

  it('takes a dayjs format', () => {
    expect(formatDateTime(LOCAL, 'YYYY-MM-DD')).toBe('2024-01-02');
    expect(formatDateTime(LOCAL, 'YYYY年M月D日 HH:mm')).toBe('2024年1月2日 03:04');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['an invalid date', new Date(Number.NaN)],
    ['an impossible date', '2023-02-30 00:00:00'],
    ['NaN', Number.NaN],
  ])('gives an empty string for %s', (_label, value: DateInput | null | undefined) => {
    expect(formatDateTime(value)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();
  const ago = (seconds: number) => NOW - seconds * 1000;

  it.each([
    [0, '刚刚'],
    [29.999, '刚刚'],
    [30, '1分钟前'],
    [60, '1分钟前'],
    [61, '2分钟前'],
    [90, '2分钟前'],
    [3599, '60分钟前'],
    [3600, '1小时前'],
    [3601, '2小时前'],
    [7200, '2小时前'],
    [86399, '24小时前'],
    [86400, '1天前'],
    [172799, '1天前'],
  ])('%d seconds ago -> %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), NOW)).toBe(expected);
  });

  it('shows older times as M月D日H时m分', () => {
    expect(formatRelativeTime(ago(172800), NOW)).toBe('6月13日12时0分');
    expect(formatRelativeTime(new Date(2023, 0, 5, 8, 7, 0), NOW)).toBe('1月5日8时7分');
    expect(RELATIVE_TIME_FALLBACK_FORMAT).toBe('M月D日H时m分');
  });

  it('takes a format for older times only', () => {
    expect(formatRelativeTime(new Date(2023, 0, 5, 8, 7, 0), NOW, 'YYYY-MM-DD')).toBe('2023-01-05');
    expect(formatRelativeTime(ago(10), NOW, 'YYYY-MM-DD')).toBe('刚刚');
  });

  it('reads 10-digit second timestamps for both arguments', () => {
    expect(formatRelativeTime(Math.floor(ago(120) / 1000), NOW / 1000)).toBe('2分钟前');
    expect(formatRelativeTime(String(Math.floor(ago(7200) / 1000)), NOW)).toBe('2小时前');
  });

  it('treats slight clock skew as just now and shows further future times as a date', () => {
    expect(formatRelativeTime(NOW + 29_000, NOW)).toBe('刚刚');
    expect(formatRelativeTime(NOW + 30_000, NOW)).toBe('6月15日12时0分');
    expect(formatRelativeTime(NOW + 86_400_000, NOW)).toBe('6月16日12时0分');
  });

  it('gives an empty string for invalid input or an invalid now', () => {
    expect(formatRelativeTime(null, NOW)).toBe('');
    expect(formatRelativeTime('', NOW)).toBe('');
    expect(formatRelativeTime('not a date', NOW)).toBe('');
    expect(formatRelativeTime(ago(10), Number.NaN)).toBe('');
  });

  it('uses the current time when no now is given', () => {
    expect(formatRelativeTime(Date.now() - 5_000)).toBe('刚刚');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0B'],
    [1, '1B'],
    [1023, '1023B'],
    [1024, '1K'],
    [1536, '1.5K'],
    [1126, '1.1K'],
    [1234, '1.21K'],
    [10 * 1024 - 1, '10K'],
    [1024 ** 2 - 1, '1M'],
    [1024 ** 2, '1M'],
    [2.25 * 1024 ** 2, '2.25M'],
    [1024 ** 3, '1G'],
    [1024 ** 4, '1T'],
    [1024 ** 5, '1024T'],
    [0.5, '0.5B'],
  ])('%d bytes -> %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('gives an empty string for %d', (bytes) => {
    expect(formatFileSize(bytes)).toBe('');
  });

  it('gives an empty string for a non-number', () => {
    expect((formatFileSize as (value: unknown) => string)('1024')).toBe('');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0秒'],
    [0.9, '0秒'],
    [1, '1秒'],
    [59, '59秒'],
    [60, '1分'],
    [61, '1分1秒'],
    [3600, '1小时'],
    [3605, '1小时5秒'],
    [3660, '1小时1分'],
    [3725, '1小时2分5秒'],
    [3725.9, '1小时2分5秒'],
    [86400, '1天'],
    [86405, '1天5秒'],
    [90061, '1天1小时1分1秒'],
    [10 * 86400 + 59, '10天59秒'],
  ])('%d seconds -> %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([-1, -0.5, Number.NaN, Number.NEGATIVE_INFINITY])('gives an empty string for %d', (seconds) => {
    expect(formatDuration(seconds)).toBe('');
  });
});

describe('fenToYuan and formatFen', () => {
  it.each([
    [0, '0.00', '¥0.00'],
    [1, '0.01', '¥0.01'],
    [10, '0.10', '¥0.10'],
    [99, '0.99', '¥0.99'],
    [100, '1.00', '¥1.00'],
    [1250, '12.50', '¥12.50'],
    [123456789, '1234567.89', '¥1234567.89'],
    [-5, '-0.05', '-¥0.05'],
    [-1250, '-12.50', '-¥12.50'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91', '¥90071992547409.91'],
  ])('%d fen -> %s', (fen, yuan, display) => {
    expect(fenToYuan(fen)).toBe(yuan);
    expect(formatFen(fen)).toBe(display);
  });

  it('stays exact where float division would not', () => {
    // 1.15 * 100 is 114.99999999999999 in floating point; integer fen must not drift.
    expect(fenToYuan(115)).toBe('1.15');
    expect(fenToYuan(1005)).toBe('10.05');
    expect(fenToYuan(29)).toBe('0.29');
  });

  it('accepts bigints and digit strings (PostgreSQL bigint columns)', () => {
    expect(fenToYuan(12345678901234567890n)).toBe('123456789012345678.90');
    expect(fenToYuan('1250')).toBe('12.50');
    expect(fenToYuan('-1250')).toBe('-12.50');
    expect(formatFen(-7n)).toBe('-¥0.07');
  });

  it.each([
    ['a fraction', 12.5],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
    ['an unsafe integer', 2 ** 60],
    ['an empty string', ''],
    ['a decimal string', '12.50'],
    ['text', 'abc'],
  ])('gives an empty string for %s', (_label, fen) => {
    expect(fenToYuan(fen)).toBe('');
    expect(formatFen(fen)).toBe('');
  });
});

describe('yuanToFen', () => {
  it.each([
    ['123.45', 12345],
    ['12', 1200],
    ['0.5', 50],
    [' 0 ', 0],
    [98, 9800],
  ])('%s yuan -> %d fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it.each(['-1', '1.234', 'abc', '', '1e3', '.5'])('refuses %s', (yuan) => {
    expect(yuanToFen(yuan)).toBeNull();
  });
});

describe('formatDateRange', () => {
  it('joins two days with 至', () => {
    expect(formatDateRange('2025-03-01', '2025-12-31')).toBe('2025-03-01 至 2025-12-31');
  });
});
