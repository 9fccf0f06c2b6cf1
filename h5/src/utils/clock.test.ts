import { formatClock } from './clock';

describe('formatClock', () => {
  it('writes minutes and seconds, hours first when there are any', () => {
    expect(formatClock(1199)).toBe('19:59');
    expect(formatClock(5)).toBe('00:05');
    expect(formatClock(3723)).toBe('1:02:03');
  });

  it('drops fractions and reads negatives as zero (a video position)', () => {
    expect(formatClock(61.9)).toBe('01:01');
    expect(formatClock(-3)).toBe('00:00');
  });
});
