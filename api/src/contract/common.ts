import { z } from 'zod';

const POSITIVE_INT = '应为正整数';
const positiveInt = () =>
  z.coerce
    .number<number | string>({ error: POSITIVE_INT })
    .int({ error: POSITIVE_INT })
    .positive({ error: POSITIVE_INT })
    .max(2_147_483_647, { error: POSITIVE_INT });

/**
 * Input helpers for values that arrive as query-string text or JSON numbers alike:
 * `zInput.id()` accepts 12 or "12"; for optional fields an empty string counts as absent.
 */
export const zInput = {
  id: positiveInt,
  optionalId: () =>
    z.preprocess((value) => (value === '' || value === null ? undefined : value), positiveInt().optional()),
};

const PAGE_NUM = '页码应为正整数';
const PAGE_SIZE = '每页条数应为 1 到 100 的整数';

/**
 * Paging of every list call: `pageNum` from 1 (default 1), `pageSize` 1..100 (default 10); an empty
 * string counts as absent. Spread into a list call's input: `z.object({ ...zPage, name: ... })`.
 */
export const zPage = {
  pageNum: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 1 : value),
    z.coerce.number<unknown>({ error: PAGE_NUM }).int({ error: PAGE_NUM }).min(1, { error: PAGE_NUM }),
  ),
  pageSize: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? 10 : value),
    z.coerce
      .number<unknown>({ error: PAGE_SIZE })
      .int({ error: PAGE_SIZE })
      .min(1, { error: PAGE_SIZE })
      .max(100, { error: PAGE_SIZE }),
  ),
};

/** One page of a list: the rows, the total over all pages, and the page asked for. */
export interface PageAnswer<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Absent for `undefined`, `null` and empty or blank text; anything else as is. */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Optional text: trimmed, at most `max` characters; blank counts as absent. */
export const zOptionalText = (max: number) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(max, { error: `不能超过 ${max} 个字符` })
      .optional(),
  );

/** Required text: trimmed, 1..`max` characters, `label` names it in the message when missing. */
export const zRequiredText = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

/** Makes an optional field out of a schema: blank text and null count as absent. */
export const zOptional = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsAbsent, schema.optional());

/** Enabled / disabled, for the status of accounts, projects and units. */
export const RECORD_STATUS = ['ENABLED', 'DISABLED'] as const;
export type RecordStatus = (typeof RECORD_STATUS)[number];
export const zStatus = z.enum(RECORD_STATUS, { error: '状态应为 ENABLED 或 DISABLED' });

/**
 * A list of strings from a JSON array or from comma-separated text (`a,b`), trimmed, blanks and
 * repeats dropped.
 */
export const zStringList = <S extends z.ZodType<string, string>>(item: S) =>
  z.preprocess((value) => {
    const list = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(list)) return list;
    const items = list
      .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
      .filter((e) => e !== '');
    return [...new Set(items)];
  }, z.array(item));

/** A list of ids from a JSON array or comma-separated text, repeats dropped. */
export const zIdList = () =>
  z.preprocess((value) => {
    const list = typeof value === 'string' ? value.split(',').filter((entry) => entry.trim() !== '') : value;
    return Array.isArray(list) ? [...new Set(list.map((entry) => Number(entry)))] : list;
  }, z.array(positiveInt()));

/** 0/1, true/false or their text forms as a boolean. */
export const zBoolean = () =>
  z.preprocess(
    (value) => {
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return value;
    },
    z.boolean({ error: '应为是或否' }),
  );
