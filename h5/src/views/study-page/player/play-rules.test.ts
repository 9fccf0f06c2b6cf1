import type { PlayerQuestion } from '@px/api/contract';
import { allowedSeek, crossedQuestion, rateLabel, seekHint, seekLimit } from './play-rules';

const question = (id: number, markSecond: number): PlayerQuestion => ({
  id,
  markSecond,
  type: 'SINGLE',
  content: `第 ${id} 题`,
  options: ['甲', '乙'],
});

describe('seekLimit', () => {
  const unfinished = { finished: false, furthest: 42 };
  it('is free with FREE, up to the furthest second watched with WATCHED, none with NONE', () => {
    expect(seekLimit({ seek: 'FREE', freeSeekWhenFinished: false }, unfinished)).toEqual({ kind: 'free' });
    expect(seekLimit({ seek: 'WATCHED', freeSeekWhenFinished: true }, unfinished)).toEqual({
      kind: 'up-to',
      seconds: 42,
    });
    expect(seekLimit({ seek: 'NONE', freeSeekWhenFinished: true }, unfinished)).toEqual({ kind: 'none' });
  });

  it('is free once the lesson is finished, only with freeSeekWhenFinished', () => {
    const finished = { finished: true, furthest: 120 };
    expect(seekLimit({ seek: 'NONE', freeSeekWhenFinished: true }, finished)).toEqual({ kind: 'free' });
    expect(seekLimit({ seek: 'NONE', freeSeekWhenFinished: false }, finished)).toEqual({ kind: 'none' });
  });
});

describe('allowedSeek', () => {
  it('goes anywhere within the video when free', () => {
    expect(allowedSeek(300, 10, { kind: 'free' }, 120)).toBe(120);
    expect(allowedSeek(-5, 10, { kind: 'free' }, 120)).toBe(0);
    expect(allowedSeek(77, 10, { kind: 'free' }, 120)).toBe(77);
  });

  it('stops at the limit, or where the video already is when that is further', () => {
    const limit = { kind: 'up-to', seconds: 40 } as const;
    expect(allowedSeek(100, 10, limit, 120)).toBe(40);
    expect(allowedSeek(20, 10, limit, 120)).toBe(20);
    expect(allowedSeek(60, 50, limit, 120)).toBe(50);
  });

  it('stays put when seeking is off', () => {
    expect(allowedSeek(100, 10, { kind: 'none' }, 120)).toBe(10);
    expect(allowedSeek(0, 10, { kind: 'none' }, 120)).toBe(10);
  });
});

describe('crossedQuestion', () => {
  const questions = [question(2, 60), question(1, 20), question(3, 20.5)];
  it('finds the first mark passed between two times (after the first, up to the second)', () => {
    expect(crossedQuestion(questions, 19.8, 20.1)?.id).toBe(1);
    expect(crossedQuestion(questions, 19, 21)?.id).toBe(1);
    expect(crossedQuestion(questions, 20, 20.7)?.id).toBe(3);
    expect(crossedQuestion(questions, 59.9, 60)?.id).toBe(2);
  });

  it('finds none when no mark lies in between', () => {
    expect(crossedQuestion(questions, 20.5, 59)).toBeUndefined();
    expect(crossedQuestion([], 0, 100)).toBeUndefined();
  });
});

describe('hints and labels', () => {
  it('says how seeking is limited', () => {
    expect(seekHint({ kind: 'free' })).toBeNull();
    expect(seekHint({ kind: 'up-to', seconds: 3 })).toBe('只能拖动到已学习的位置');
    expect(seekHint({ kind: 'none' })).toBe('本课程不能拖动进度');
  });

  it('writes rates as the speed button shows them', () => {
    expect(rateLabel(1)).toBe('1.0x');
    expect(rateLabel(1.25)).toBe('1.25x');
    expect(rateLabel(2)).toBe('2.0x');
  });
});
