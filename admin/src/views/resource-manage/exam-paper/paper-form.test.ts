import { evenScores, fixedTotal, isFullMarks, newRule, randomTotal } from './paper-form';

const row = (score: number | null) => ({
  questionId: 1,
  score,
  question: { id: 1, type: 'SINGLE' as const, content: '题', categoryName: null },
});

describe('paper totals', () => {
  it('adds scores in tenths, without floating-point dust', () => {
    expect(fixedTotal([row(33.3), row(33.3), row(33.4)])).toBe(100);
    expect(fixedTotal([row(0.1), row(0.2), row(null)])).toBe(0.3);
    expect(randomTotal([newRule({ count: 10, score: 5 }), newRule({ count: 5, score: 10 })])).toBe(100);
    expect(randomTotal([newRule({ count: 3, score: null })])).toBe(0);
    expect(isFullMarks(100)).toBe(true);
    expect(isFullMarks(99.9)).toBe(false);
  });

  it('spreads 100 points evenly with one decimal', () => {
    expect(evenScores(4)).toEqual([25, 25, 25, 25]);
    expect(evenScores(3)).toEqual([33.3, 33.3, 33.4]);
    expect(evenScores(7).reduce((sum, score) => sum + score * 10, 0)).toBe(1000);
    expect(evenScores(0)).toEqual([]);
  });
});
