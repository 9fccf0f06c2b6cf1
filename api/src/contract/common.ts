import { z } from 'zod';

const POSITIVE_INT = '应为正整数';
const positiveInt = () =>
  z
    .number({ error: POSITIVE_INT })
    .int({ error: POSITIVE_INT })
    .positive({ error: POSITIVE_INT })
    .max(2_147_483_647, { error: POSITIVE_INT });

/**
 * Ids: a JSON number (`12`, never `"12"`, `true`, `[12]`); query-string and form text is read as a
 * number before parsing (`readTextInput`, decimal digits only). For optional fields an empty string
 * and null count as absent.
 */
export const zInput = {
  id: positiveInt,
  optionalId: () =>
    z.preprocess(
      (value: number | '' | null | undefined) => (value === '' || value === null ? undefined : value),
      positiveInt().optional(),
    ),
};

const PAGE_NUM = '页码应为正整数';
const PAGE_SIZE = '每页条数应为 1 到 100 的整数';

/**
 * Paging of every list call: `pageNum` from 1 (default 1), `pageSize` 1..100 (default 10); an empty
 * string counts as absent. Spread into a list call's input: `z.object({ ...zPage, name: ... })`.
 */
export const zPage = {
  pageNum: z.preprocess(
    (value: number | '' | null | undefined) =>
      value === '' || value === null || value === undefined ? 1 : value,
    z.number({ error: PAGE_NUM }).int({ error: PAGE_NUM }).min(1, { error: PAGE_NUM }),
  ),
  pageSize: z.preprocess(
    (value: number | '' | null | undefined) =>
      value === '' || value === null || value === undefined ? 10 : value,
    z
      .number({ error: PAGE_SIZE })
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

/** A required field whose form left it blank (null, empty text): refused as missing by `schema`'s own message. */
export const zBlankAsMissing = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsAbsent, schema);

/** Makes an optional field out of a schema: blank text and null count as absent. */
export const zOptional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value: z.input<S> | '' | null | undefined) => blankAsAbsent(value), schema.optional());

/** Enabled / disabled, for the status of accounts, projects and units. */
export const RECORD_STATUS = ['ENABLED', 'DISABLED'] as const;
export type RecordStatus = (typeof RECORD_STATUS)[number];
export const zStatus = z.enum(RECORD_STATUS, { error: '状态应为 ENABLED 或 DISABLED' });

/** The input of a call on one row: `{ id }`. */
export const zIdInput = z.object({ id: zInput.id() });

/** The input of enabling or disabling one row: `{ id, status }`. */
export const zIdStatusInput = z.object({ id: zInput.id(), status: zStatus });

/** An approval of one row (`…/audit`): pass, or reject with a remark (required then). */
export const zAuditInput = z
  .object({
    id: zInput.id(),
    pass: z.boolean({ error: '请选择通过或驳回' }),
    remark: zOptionalText(200),
  })
  .refine((input) => input.pass || (input.remark ?? '').length > 0, {
    path: ['remark'],
    error: '驳回时请填写原因',
  });

/** An optional filter of a form that sends empty text for none: `''` counts as absent. */
export const zEmptyAsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An optional field of a form that sends empty text or null for none: both count as absent. */
export const zEmptyOrNullAsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

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

/**
 * A list of ids from a JSON array of numbers (query-string and form text arrive split and read by
 * `readTextInput`), repeats dropped.
 */
export const zIdList = () => z.array(positiveInt()).transform((ids) => [...new Set(ids)]);

/** A JSON boolean; query-string and form text (`true`/`false`/`1`/`0`) is read by `readTextInput`. */
export const zBoolean = () => z.boolean({ error: '应为是或否' });

/**
 * What the caller may do to a row, computed on the server by the row's record policy
 * (docs/api-conventions.md "Abilities"): for each action `x`, `canX` and `xRefusal` (the reason,
 * zh-CN, why it would be refused; null when allowed). Apps offer an action only when `canX`, or
 * offer it disabled with `xRefusal`.
 */
export type Abilities<K extends string> = { [P in K as `can${Capitalize<P>}`]: boolean } & {
  [P in K as `${P}Refusal`]: string | null;
};
