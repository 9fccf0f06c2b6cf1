import type { z } from 'zod';

/**
 * Reads a call's input schema as data for the whole-API suites (cross-tenant, fuzzing, mass
 * assignment): every field it takes, nested ones included, with the kind of value it expects.
 * Paths name array elements `[]`: `courses[].courseId`.
 */

export type FieldKind = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'enum' | 'other';

export interface SchemaField {
  /** `id`, `ids`, `courses[].courseId`. */
  path: string;
  /** The last segment of the path. */
  name: string;
  kind: FieldKind;
  /** Required at its level (no optional, default or preprocess turning absence into a value). */
  required: boolean;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers that do not change the value's kind (optional, default, pipes...). */
export function unwrap(schema: z.ZodType, seen = 0): z.ZodType {
  const def = defOf(schema);
  if (seen > 20) return schema;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unwrap(def.innerType as z.ZodType, seen + 1);
    case 'pipe': {
      // A preprocess is a pipe from a transform into the real schema; a transform after a schema
      // is a pipe from the schema into the transform. The side that validates is the other one.
      const inner = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
      return unwrap(inner as z.ZodType, seen + 1);
    }
    case 'lazy':
      return unwrap((def.getter as () => z.ZodType)(), seen + 1);
    default:
      return schema;
  }
}

export function kindOf(schema: z.ZodType): FieldKind {
  const type = defOf(unwrap(schema)).type;
  if (type === 'number' || type === 'int' || type === 'bigint') return 'number';
  if (type === 'string') return 'string';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' || type === 'tuple' || type === 'set') return 'array';
  if (type === 'object' || type === 'record') return 'object';
  if (type === 'enum' || type === 'literal') return 'enum';
  return 'other';
}

/** The object schemas a schema may be (an object, or each object of a union). */
function objectsOf(schema: z.ZodType): z.ZodType[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return [inner];
  if (def.type === 'union') return (def.options ?? []).flatMap(objectsOf);
  if (def.type === 'intersection')
    return [...objectsOf(def.left as z.ZodType), ...objectsOf(def.right as z.ZodType)];
  return [];
}

/** Whether a value of `schema` may be absent (`undefined` parses). */
const optional = (schema: z.ZodType) => (schema as z.ZodType).safeParse(undefined).success;

/** Every field of an input schema, depth first, each path once. */
export function schemaFields(schema: z.ZodType): SchemaField[] {
  const fields = new Map<string, SchemaField>();
  const walk = (node: z.ZodType, prefix: string, depth: number) => {
    if (depth > 6) return;
    for (const object of objectsOf(node)) {
      for (const [name, child] of Object.entries(defOf(object).shape ?? {})) {
        const path = `${prefix}${name}`;
        if (!fields.has(path))
          fields.set(path, { path, name, kind: kindOf(child), required: !optional(child) });
        const inner = unwrap(child);
        const def = defOf(inner);
        if (def.type === 'array') walk(def.element as z.ZodType, `${path}[].`, depth + 1);
        else walk(inner, `${path}.`, depth + 1);
      }
    }
  };
  walk(schema, '', 0);
  return [...fields.values()];
}

/** The top-level fields of an input schema (its first object's shape). */
export function topFields(schema: z.ZodType): SchemaField[] {
  return schemaFields(schema).filter((field) => !field.path.includes('.'));
}

/**
 * Object schemas that keep fields they do not declare (`z.looseObject`, `.passthrough()`, a
 * catchall), by path (`''` for the input itself). Plain `z.object` strips unknown fields and
 * `z.strictObject` refuses them; either way they never reach a handler.
 */
export function keepsUnknownFields(schema: z.ZodType): string[] {
  const found: string[] = [];
  const walk = (node: z.ZodType, path: string, depth: number) => {
    if (depth > 6) return;
    for (const object of objectsOf(node)) {
      const catchall = defOf(object).catchall;
      if (catchall && defOf(catchall).type !== 'never') found.push(path);
      for (const [name, child] of Object.entries(defOf(object).shape ?? {})) {
        const inner = unwrap(child);
        const def = defOf(inner);
        const childPath = path ? `${path}.${name}` : name;
        if (def.type === 'array') walk(def.element as z.ZodType, `${childPath}[]`, depth + 1);
        else if (def.type === 'record') found.push(childPath);
        else walk(inner, childPath, depth + 1);
      }
    }
  };
  walk(schema, '', 0);
  return [...new Set(found)];
}

/** Whether a field names an object of the database: `id`, `ids`, `classId`, `orderIds`, `courses[].courseId`. */
export const isIdField = (field: Pick<SchemaField, 'name'>) =>
  field.name === 'id' || field.name === 'ids' || /[a-z]Ids?$/.test(field.name);

const TEXT_CANDIDATES = [
  '测试',
  '2026-01-01',
  '2026-01-01 08:00:00',
  '2026-01-01T08:00:00.000Z',
  '13800138000',
  '11010519491231002X',
  'test@example.com',
  'Passw0rd!',
  '#000000',
  'https://example.com/a',
  'abc',
  '91350100M000100Y43',
  '370102',
  '00000000-0000-4000-8000-000000000000',
  'A',
];

/**
 * A value `schema` accepts, made from its shape (required fields only, one element per array); an
 * object whose fields do not all fit comes back as far as it was made, any other value as
 * `undefined` when none of the tried values fits (a cross-field rule, a text format not tried).
 */
export function exampleValue(schema: z.ZodType, depth = 0): unknown {
  if (depth > 6) return undefined;
  const candidates = candidatesOf(schema, depth);
  for (const candidate of candidates) if (schema.safeParse(candidate).success) return candidate;
  // An object whose fields do not all fit is still the best start (the caller overlays its own).
  const [first] = candidates;
  return first && typeof first === 'object' ? first : undefined;
}

function candidatesOf(schema: z.ZodType, depth: number): unknown[] {
  const outer = defOf(schema);
  if (outer.type === 'pipe')
    return [...candidatesOf(outer.in as z.ZodType, depth), ...candidatesOf(outer.out as z.ZodType, depth)];
  const inner = unwrap(schema);
  const def = defOf(inner) as Def & { entries?: Record<string, unknown>; values?: unknown[] };
  switch (def.type) {
    case 'object': {
      const required: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(def.shape ?? {})) {
        if (optional(child)) continue;
        required[name] = exampleValue(child, depth + 1);
      }
      return [required];
    }
    case 'array': {
      const element = exampleValue(def.element as z.ZodType, depth + 1);
      // An array of objects keeps its element even when it does not fit, for the caller to complete.
      return element && typeof element === 'object' ? [[element]] : [[element], []];
    }
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'number':
    case 'int':
      return [1, 10, 60, 100, 0, 2026];
    case 'boolean':
      return [true, false];
    case 'string':
      return TEXT_CANDIDATES;
    case 'union':
      return (def.options ?? []).map((option) => exampleValue(option, depth + 1));
    case 'record':
      return [{}];
    default:
      return [undefined, null, '测试', 1, 2026];
  }
}

/** Sets `value` at a schema path (`courses[].courseId`), creating one-element arrays on the way. */
export function setAtPath(target: Record<string, unknown>, path: string, value: unknown, asArray: boolean) {
  const [head, ...rest] = path.split('.');
  if (!head) return;
  if (rest.length === 0) {
    target[head] = asArray ? [value] : value;
    return;
  }
  const isArray = head.endsWith('[]');
  const name = isArray ? head.slice(0, -2) : head;
  if (isArray) {
    const list =
      Array.isArray(target[name]) && (target[name] as unknown[]).length ? (target[name] as unknown[]) : [{}];
    const first = (list[0] && typeof list[0] === 'object' ? list[0] : {}) as Record<string, unknown>;
    setAtPath(first, rest.join('.'), value, asArray);
    target[name] = [first, ...list.slice(1)];
  } else {
    const child = (target[name] && typeof target[name] === 'object' ? target[name] : {}) as Record<
      string,
      unknown
    >;
    setAtPath(child, rest.join('.'), value, asArray);
    target[name] = child;
  }
}

/** Fields that name a stored object without being called an id: storage keys, verify codes. */
const REFERENCE_NAMES = new Set(['key', 'code', 'backgroundImage']);

/** An id field, or a key or code naming a stored object (a file's storage key, a certificate's verify code). */
export const isReferenceField = (field: Pick<SchemaField, 'name'>) =>
  isIdField(field) || REFERENCE_NAMES.has(field.name);

/** The schema of a top-level field of an input schema (of its first object declaring it). */
export function topFieldSchema(schema: z.ZodType, name: string): z.ZodType | undefined {
  for (const object of objectsOf(schema)) {
    const child = defOf(object).shape?.[name];
    if (child) return child;
  }
  return undefined;
}

/** The element of an array schema, or the schema itself. */
export function elementOf(schema: z.ZodType): z.ZodType {
  const def = defOf(unwrap(schema));
  return def.type === 'array' ? (def.element as z.ZodType) : schema;
}
