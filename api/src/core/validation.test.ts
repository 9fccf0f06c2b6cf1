import { z } from 'zod';
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
