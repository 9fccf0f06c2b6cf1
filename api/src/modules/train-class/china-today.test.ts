import { chinaToday } from './class-read';

describe('chinaToday', () => {
  test('turns at midnight in China (16:00 UTC), whatever day was asked for before', () => {
    const at = (iso: string) => new Date(iso);
    expect(chinaToday(at('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(chinaToday(at('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
    expect(chinaToday(at('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
    expect(chinaToday(at('2026-02-28T16:00:00.000Z'))).toBe('2026-03-01');
    expect(chinaToday(at('2026-03-02T15:59:59.999Z'))).toBe('2026-03-02');
    expect(chinaToday(at('1969-12-31T16:00:00.000Z'))).toBe('1970-01-01');
    expect(chinaToday(at('1969-12-31T15:59:59.999Z'))).toBe('1969-12-31');
  });

  test('without a date, the system clock', () => {
    jest.useFakeTimers({ now: new Date('2026-07-10T15:59:59.000Z') });
    try {
      expect(chinaToday()).toBe('2026-07-10');
      jest.setSystemTime(new Date('2026-07-10T16:00:01.000Z'));
      expect(chinaToday()).toBe('2026-07-11');
    } finally {
      jest.useRealTimers();
    }
  });

  test('an invalid date is refused as before', () => {
    expect(() => chinaToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});
