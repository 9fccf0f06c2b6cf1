import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from './constants';

/**
 * Display formatters of spec section 9: dates, relative times, file sizes, durations and money.
 * All of them are pure, return '' for input they cannot show, and never throw.
 * Dates without an offset are read, and all dates shown, in the local time zone of the process or browser.
 */

export type DateInput = Date | number | string;

/** Numbers from 1e9 up to 1e10 (10 digits) are Unix seconds; every other number is milliseconds. */
function fromNumber(value: number): Date | null {
  if (!Number.isFinite(value)) return null;
  const milliseconds = value >= 1e9 && value < 1e10 ? value * 1000 : value;
  const date = new Date(milliseconds);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `YYYY-MM-DD` or `YYYY/MM/DD`, optionally followed by ` HH:mm`, `:ss` and `.SSS`: local time. */
const LOCAL_DATE_TIME =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,3}))?)?)?$/;
/** ISO 8601 with `Z` or a `±HH:mm` offset, as JSON dates arrive. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;

interface DateTimeParts {
  year: number;
  /** 0-11, as Date counts months. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The numeric parts of a LOCAL_DATE_TIME or ISO_DATE_TIME match; missing time parts are 0. */
function partsOf(match: RegExpExecArray): DateTimeParts {
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = match;
  return {
    year: Number(year),
    month: Number(month) - 1,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.slice(0, 3).padEnd(3, '0')),
  };
}

/** Whether every part survived Date's overflow handling (no 30 February, no 25 o'clock). */
function sameParts(parts: DateTimeParts, actual: DateTimeParts): boolean {
  return (Object.keys(parts) as (keyof DateTimeParts)[]).every((key) => parts[key] === actual[key]);
}

/** Parses a date-time string strictly; anything but the two accepted shapes gives null. */
function fromString(text: string): Date | null {
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const parts = partsOf(local);
    const date = new Date(
      parts.year,
      parts.month,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
      parts.millisecond,
    );
    const actual = {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
      millisecond: date.getMilliseconds(),
    };
    return sameParts(parts, actual) ? date : null;
  }
  const iso = ISO_DATE_TIME.exec(text);
  if (iso) {
    const parts = partsOf(iso);
    const utc = new Date(
      Date.UTC(parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.millisecond),
    );
    const actual = {
      year: utc.getUTCFullYear(),
      month: utc.getUTCMonth(),
      day: utc.getUTCDate(),
      hour: utc.getUTCHours(),
      minute: utc.getUTCMinutes(),
      second: utc.getUTCSeconds(),
      millisecond: utc.getUTCMilliseconds(),
    };
    if (!sameParts(parts, actual)) return null;
    const offset = (iso[8] ?? 'Z').toUpperCase();
    if (offset === 'Z') return utc;
    const [, sign, offsetHours, offsetMinutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset) ?? [];
    const offsetMs = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 * (sign === '-' ? -1 : 1);
    return new Date(utc.getTime() - offsetMs);
  }
  return null;
}

/**
 * Reads a date from a Date, a timestamp or a string. 10-digit numbers and numeric strings are
 * seconds, other numbers milliseconds; `YYYY-MM-DD[ HH:mm[:ss[.SSS]]]` strings (also with `/`) are
 * local time; ISO 8601 strings need `Z` or an offset. Dates must be real (no 30 February).
 * Returns a new Date, or null for anything invalid.
 */
export function toDate(input: DateInput | null | undefined): Date | null {
  if (input instanceof Date) {
    return Number.isNaN(input.getTime()) ? null : new Date(input.getTime());
  }
  if (typeof input === 'number') return fromNumber(input);
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (/^\d+$/.test(text)) return fromNumber(Number(text));
  return fromString(text);
}

/** Formats a date with a dayjs format (default `YYYY-MM-DD HH:mm:ss`); '' for missing or invalid input. */
export function formatDateTime(
  input: DateInput | null | undefined,
  format: string = DATE_TIME_FORMAT,
): string {
  const date = toDate(input);
  return date === null ? '' : dayjs(date).format(format);
}

/** Format of `formatRelativeTime` for times two days or more away (vue-element-admin's default). */
export const RELATIVE_TIME_FALLBACK_FORMAT = 'M月D日H时m分';

/**
 * Says how long ago a time was, as vue-element-admin's `formatTime` does: under 30 seconds 刚刚,
 * under an hour N分钟前 (minutes rounded up), under a day N小时前 (rounded up), under two days
 * 1天前, otherwise the date in `format` (default `M月D日H时m分`). Times more than 30 seconds in the
 * future (clock skew) are shown as a date too. '' for invalid input.
 */
export function formatRelativeTime(
  input: DateInput | null | undefined,
  now: DateInput = Date.now(),
  format: string = RELATIVE_TIME_FALLBACK_FORMAT,
): string {
  const date = toDate(input);
  const reference = toDate(now);
  if (date === null || reference === null) return '';
  const diffSeconds = (reference.getTime() - date.getTime()) / 1000;
  if (diffSeconds > -30) {
    if (diffSeconds < 30) return '刚刚';
    if (diffSeconds < 3600) return `${Math.ceil(diffSeconds / 60)}分钟前`;
    if (diffSeconds < 86400) return `${Math.ceil(diffSeconds / 3600)}小时前`;
    if (diffSeconds < 172800) return '1天前';
  }
  return dayjs(date).format(format);
}

const FILE_SIZE_UNITS = ['B', 'K', 'M', 'G', 'T'] as const;

/**
 * Formats a byte count 1024-based in B, K, M, G or T with at most two decimals and no trailing
 * zeros: 1023 -> '1023B', 1536 -> '1.5K', 1048576 -> '1M'. '' for negative or non-finite input.
 */
export function formatFileSize(bytes: number): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let rounded = Math.round(value * 100) / 100;
  // 1048575 bytes is 1023.999K: rounding reaches the next unit.
  if (rounded >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${rounded}${FILE_SIZE_UNITS[unit]}`;
}

const DURATION_UNITS = [
  { seconds: 86400, label: '天' },
  { seconds: 3600, label: '小时' },
  { seconds: 60, label: '分' },
  { seconds: 1, label: '秒' },
] as const;

/**
 * Formats a number of seconds in Chinese units, leaving out zero units: 3725 -> '1小时2分5秒',
 * 3605 -> '1小时5秒', 0 -> '0秒'. Fractions of a second are dropped. '' for negative or
 * non-finite input.
 */
export function formatDuration(seconds: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '';
  let rest = Math.floor(seconds);
  if (rest === 0) return '0秒';
  let text = '';
  for (const unit of DURATION_UNITS) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) text += `${count}${unit.label}`;
  }
  return text;
}

export type FenInput = number | bigint | string;

/** A whole number of fen as a bigint, or null when the input is not one. */
function toFen(fen: FenInput): bigint | null {
  if (typeof fen === 'bigint') return fen;
  if (typeof fen === 'number') return Number.isSafeInteger(fen) ? BigInt(fen) : null;
  if (typeof fen === 'string' && /^-?\d+$/.test(fen)) return BigInt(fen);
  return null;
}

/**
 * Converts an amount in fen (integer cents, as stored) to a yuan string with two decimals using
 * integer arithmetic: 1250 -> '12.50', -5 -> '-0.05'. Accepts numbers, bigints and digit strings
 * (PostgreSQL bigint columns arrive as strings). '' for fractions or non-numeric input.
 */
export function fenToYuan(fen: FenInput): string {
  const value = toFen(fen);
  if (value === null) return '';
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${absolute / 100n}.${cents}`;
}

/**
 * Yuan as typed (`123.45`, `12`, `0.5`) to fen, or null when it is not a non-negative amount with at
 * most two decimals (the back office's price inputs).
 */
export function yuanToFen(yuan: string | number): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(yuan).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Two calendar days as a period: `2025-03-01 至 2025-12-31`. */
export function formatDateRange(start: string, end: string): string {
  return `${start} 至 ${end}`;
}

/** Formats an amount in fen for display with the yuan sign: 1250 -> '¥12.50', -5 -> '-¥0.05'. */
export function formatFen(fen: FenInput): string {
  const yuan = fenToYuan(fen);
  if (yuan === '') return '';
  return yuan.startsWith('-') ? `-¥${yuan.slice(1)}` : `¥${yuan}`;
}
