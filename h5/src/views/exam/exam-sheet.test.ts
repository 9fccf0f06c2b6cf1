import { QUESTIONS } from './exam.testing';
import {
  answerList,
  answerMapOf,
  formatScore,
  isAnswered,
  lettersOf,
  sortedLetters,
  unansweredNumbers,
} from './exam-sheet';

describe('the answer sheet rules', () => {
  it('keys saved answers by number and counts blanks as unanswered', () => {
    const answers = answerMapOf([
      { no: 1, answer: 'B' },
      { no: 4, answer: '  ' },
    ]);
    expect(isAnswered(answers, 1)).toBe(true);
    expect(isAnswered(answers, 4)).toBe(false);
    expect(unansweredNumbers(QUESTIONS, answers)).toEqual([2, 3, 4]);
  });

  it('lists answers in number order, all or only those named', () => {
    const answers = { 3: 'A', 1: 'B', 2: 'AC' };
    expect(answerList(answers)).toEqual([
      { no: 1, answer: 'B' },
      { no: 2, answer: 'AC' },
      { no: 3, answer: 'A' },
    ]);
    expect(answerList(answers, [3, 9])).toEqual([
      { no: 3, answer: 'A' },
      { no: 9, answer: '' },
    ]);
  });

  it('letters the options, 正确 / 错误 for a judge question without options', () => {
    expect(lettersOf({ type: 'JUDGE', options: [] })).toEqual([
      { letter: 'A', text: '正确' },
      { letter: 'B', text: '错误' },
    ]);
    expect(lettersOf({ type: 'SINGLE', options: ['甲', '乙', '丙'] }).map((option) => option.letter)).toEqual(
      ['A', 'B', 'C'],
    );
  });

  it('sorts chosen letters once each, and shows scores without needless decimals', () => {
    expect(sortedLetters(['C', 'A', 'C'])).toBe('AC');
    expect(formatScore(90)).toBe('90');
    expect(formatScore(33.3)).toBe('33.3');
  });
});
