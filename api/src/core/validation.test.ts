import { z } from 'zod';
import { catalogueCalls } from '../contract/catalogue';
import { zBoolean, zIdList, zInput, zPage } from '../contract/common';
import { findBadText, parseInput, readTextInput, withStorableText } from './validation';

const schema = z.object({
  id: zInput.id(),
  unitId: zInput.optionalId(),
  amount: z.number().int(),
  hours: z.number(),
  ids: zIdList(),
  enabled: zBoolean(),
  name: z.string(),
  ...zPage,
});

describe('readTextInput: query-string and form text read as the schema types', () => {
  test('decimal digits become numbers where numbers are expected; names stay text', () => {
    expect(
      readTextInput(schema, {
        id: '12',
        unitId: '3',
        amount: '-5',
        hours: '1.5',
        ids: '1,2,2',
        enabled: 'true',
        name: '123',
        pageNum: '2',
      }),
    ).toEqual({
      id: 12,
      unitId: 3,
      amount: -5,
      hours: 1.5,
      ids: [1, 2, 2],
      enabled: true,
      name: '123',
      pageNum: 2,
    });
  });

  test('hex, exponents, blanks, words and repeated single fields are left for the schema to refuse', () => {
    const read = readTextInput(schema, { id: '0x1', amount: '1e3', hours: ' 1', enabled: 'yes', unitId: '' });
    expect(read).toEqual({ id: '0x1', amount: '1e3', hours: ' 1', enabled: 'yes', unitId: '' });
    expect(() => parseInput(schema, read)).toThrow(/id/);
    expect(readTextInput(schema, { id: ['1', '2'] })).toEqual({ id: ['1', '2'] });
    expect(() => parseInput(z.object({ id: zInput.id() }), { id: [1, 2] })).toThrow();
  });
});

describe('exact JSON types', () => {
  test.each([[[3]], [true], ['3'], ['0x3'], ['3e0'], [3.5], [0], [null]])('an id of %j is refused', (id) => {
    expect(() => parseInput(z.object({ id: zInput.id() }), { id })).toThrow('参数错误：id 应为正整数');
  });

  test('booleans are booleans; id lists are arrays of numbers; repeats dropped', () => {
    expect(() => parseInput(z.object({ on: zBoolean() }), { on: 1 })).toThrow();
    expect(parseInput(z.object({ ids: zIdList() }), { ids: [2, 2, 3] })).toEqual({ ids: [2, 3] });
    expect(() => parseInput(z.object({ ids: zIdList() }), { ids: ['2'] })).toThrow();
    expect(() => parseInput(z.object({ ids: zIdList() }), { ids: '2,3' })).toThrow();
  });
});

describe('text PostgreSQL cannot store', () => {
  test('NUL and unpaired surrogates are named at any depth; paired ones pass', () => {
    expect(findBadText({ a: 'ok😀', b: ['x', { c: 'a\u0000' }], d: '\ud800', e: 'x\udc00' })).toEqual([
      expect.objectContaining({ field: 'b.1.c', rule: 'invalid_text' }),
      expect.objectContaining({ field: 'd' }),
      expect.objectContaining({ field: 'e' }),
    ]);
  });

  test('withStorableText replaces them with U+FFFD, keeping everything else', () => {
    const at = new Date(0);
    expect(withStorableText({ 'k\u0000': ['a\ud800b', 1, null, at], ok: '😀' })).toEqual({
      'k\ufffd': ['a\ufffdb', 1, null, at],
      ok: '😀',
    });
  });
});

describe('every call of the catalogue takes exact JSON types', () => {
  /** The top-level fields of a call's input that text would turn into numbers or booleans. */
  function typedFields(schema: z.ZodType) {
    const shape = (schema as unknown as { _zod: { def: { shape?: Record<string, z.ZodType> } } })._zod.def
      .shape;
    const numbers: string[] = [];
    const booleans: string[] = [];
    for (const key of Object.keys(shape ?? {})) {
      const read = readTextInput(schema, { [key]: '5' }) as Record<string, unknown>;
      if (read[key] === 5) numbers.push(key);
      const flag = readTextInput(schema, { [key]: 'true' }) as Record<string, unknown>;
      if (flag[key] === true) booleans.push(key);
    }
    return { numbers, booleans };
  }

  const refusesAt = (schema: z.ZodType, key: string, value: unknown) =>
    schema.safeParse({ [key]: value }).error?.issues.some((issue) => issue.path[0] === key) ?? false;

  test('no number field takes a boolean, an array, digits as text, hex or an exponent; no flag takes 1 or "true"', () => {
    const accepted: string[] = [];
    let checked = 0;
    for (const call of catalogueCalls()) {
      const { numbers, booleans } = typedFields(call.input);
      for (const key of numbers)
        for (const value of [true, [5], '5', '0x5', '5e0']) {
          checked += 1;
          if (!refusesAt(call.input, key, value))
            accepted.push(`${call.key} ${key}=${JSON.stringify(value)}`);
        }
      for (const key of booleans)
        for (const value of [1, 'true']) {
          checked += 1;
          if (!refusesAt(call.input, key, value))
            accepted.push(`${call.key} ${key}=${JSON.stringify(value)}`);
        }
    }
    expect(accepted).toEqual([]);
    // The probe reached the fields: ids, pages, amounts and flags of many calls.
    expect(checked).toBeGreaterThan(500);
  });

  test('no schema of the catalogue coerces', () => {
    const coercing: string[] = [];
    const seen = new Set<unknown>();
    const walk = (key: string, schema: unknown): void => {
      if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
      seen.add(schema);
      const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return;
      if (def.coerce) coercing.push(`${key} (${String(def.type)})`);
      for (const value of Object.values(def)) {
        if (Array.isArray(value)) for (const item of value) walk(key, item);
        else if (value && typeof value === 'object' && !('_zod' in value))
          for (const field of Object.values(value)) walk(key, field);
        else walk(key, value);
      }
    };
    for (const call of catalogueCalls()) walk(call.key, call.input);
    expect(coercing).toEqual([]);
  });
});
