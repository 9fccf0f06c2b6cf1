import { z } from 'zod';
import { type FieldError, ValidationError } from './errors';

// Zod's own messages in Chinese, for every schema of the process.
z.config(z.locales.zhCN());

/** Turns a zod error into field errors: the dotted path, the zod issue code as the rule, the message. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    rule: issue.code,
    message: issue.message,
  }));
}

/** Parses input with a schema; throws ValidationError naming each failing field (bad text first, see `findBadText`). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const badText = findBadText(input);
  if (badText.length > 0) throw new ValidationError(badText);
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

export const BAD_TEXT_MESSAGE = '含有不允许的字符（空字符或不完整的 Unicode 字符）';

// A NUL, or a UTF-16 surrogate without its partner: neither is a character PostgreSQL can store as
// text or in JSONB, nor anything a person types.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A copy of a JSON-like value whose strings (and keys) hold no NUL or unpaired surrogate: each is
 * replaced by U+FFFD. For writers of JSONB that take text from elsewhere than a parsed input
 * (the audit log's detail), so a stray character can never fail the write.
 */
export function withStorableText<T>(value: T): T {
  const clean = (text: string) => text.replace(new RegExp(BAD_TEXT.source, 'g'), '\ufffd');
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return clean(item);
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item !== 'object' || item === null) return item;
    const proto = Object.getPrototypeOf(item);
    if (proto !== Object.prototype && proto !== null) return item;
    return Object.fromEntries(Object.entries(item).map(([key, field]) => [clean(key), walk(field)]));
  };
  return walk(value) as T;
}

/**
 * Every string of an input (values and keys, at any depth) that holds a NUL or an unpaired
 * surrogate, as field errors. Such text is refused at the edge, for every call, rather than stripped:
 * the value a person sent is never silently changed. Walks without recursion, so no nesting a JSON
 * body can hold overflows the stack.
 */
export function findBadText(input: unknown): FieldError[] {
  interface Step {
    key: string;
    parent: Step | null;
  }
  const pathOf = (step: Step | null): string => {
    const keys: string[] = [];
    for (let at = step; at !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const errors: FieldError[] = [];
  const bad = (step: Step | null) =>
    errors.push({ field: pathOf(step), rule: 'invalid_text', message: BAD_TEXT_MESSAGE });
  const pending: [unknown, Step | null][] = [[input, null]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, step] = next;
    if (typeof value === 'string') {
      if (BAD_TEXT.test(value)) bad(step);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        if (BAD_TEXT.test(key)) bad({ key: '?', parent: step });
        else pending.push([field, { key, parent: step }]);
      }
    }
  }
  // The walk goes last field first; fields are named in the input's order.
  return errors.reverse();
}

/** Where an input's fields came from: a JSON body keeps its types; query strings and forms are text. */
export type InputSource = 'json' | 'text';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Reads text fields (query string, url-encoded or multipart form) as the types their schema expects,
 * so the schemas themselves can be exact for JSON: decimal digits (`12`, `-3`, `1.5`) become a
 * number where a number is expected, `true`/`false`/`1`/`0` a boolean, comma-separated text or
 * repeated keys an array. Anything else (hex, exponents, blanks, other words) is left as text for
 * the schema to refuse or to treat as absent. Never throws.
 */
export function readTextInput(schema: z.ZodType, value: unknown): unknown {
  const def = (schema as unknown as { _zod: { def: TextDef } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? readTextInput(def.innerType, value) : value;
    case 'lazy':
      return def.getter ? readTextInput(def.getter(), value) : value;
    case 'pipe': {
      // A preprocess is a pipe out of a transform (which reads nothing): the text must then fit
      // what the transform hands on, the pipe's out.
      if (!def.in || !def.out) return value;
      const read = readTextInput(def.in, value);
      return read !== value ? read : readTextInput(def.out, value);
    }
    case 'number':
      return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
    case 'literal':
      return typeof value === 'string' &&
        DECIMAL.test(value) &&
        def.values?.some((v) => typeof v === 'number')
        ? Number(value)
        : value;
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return value;
    case 'array': {
      const items = typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value;
      if (!Array.isArray(items) || !def.element) return value;
      const element = def.element;
      return items.map((item) => readTextInput(element, item));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !def.shape) return value;
      const shape = def.shape;
      return Object.fromEntries(
        Object.entries(value).map(([key, field]) => [
          key,
          shape[key] ? readTextInput(shape[key], field) : field,
        ]),
      );
    }
    case 'union': {
      for (const option of def.options ?? []) {
        const read = readTextInput(option, value);
        if (read !== value) return read;
      }
      return value;
    }
    default:
      // A repeated key of a single field keeps its first value's type and is refused as a list.
      return value;
  }
}

interface TextDef {
  type: string;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  values?: unknown[];
}
