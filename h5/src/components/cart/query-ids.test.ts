import { parseId, parseIdList } from './query-ids';

describe('parseId', () => {
  it('reads a positive integer and nothing else', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(' 7 ')).toBe(7);
    for (const value of [null, undefined, '', '0', '-3', '1.5', 'abc', '12abc', '012'])
      expect(parseId(value)).toBeNull();
  });
});

describe('parseIdList', () => {
  it('keeps the ids of a comma-separated list once each, in order', () => {
    expect(parseIdList('3,5,x,3,,0,8')).toEqual([3, 5, 8]);
    expect(parseIdList(null)).toEqual([]);
    expect(parseIdList('')).toEqual([]);
  });
});
