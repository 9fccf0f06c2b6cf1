import type { AttemptQuestion } from './exam.model';
import { gradeAttempt, isCorrect, reviewOf, sheetQuestion } from './grading';

const question = (overrides: Partial<AttemptQuestion>): AttemptQuestion => ({
  no: 1,
  questionId: 1,
  type: 'SINGLE',
  content: '题',
  options: ['甲', '乙', '丙', '丁'],
  scoreTenths: 100,
  answer: 'B',
  acceptedAnswers: [],
  analysis: '解析',
  ...overrides,
});

test('SINGLE and JUDGE: the one right letter, case and spaces aside; blank is wrong', () => {
  const single = question({ answer: 'B' });
  expect(isCorrect(single, 'B')).toBe(true);
  expect(isCorrect(single, ' b ')).toBe(true);
  expect(isCorrect(single, 'C')).toBe(false);
  expect(isCorrect(single, 'BC')).toBe(false);
  expect(isCorrect(single, '')).toBe(false);
  const judge = question({ type: 'JUDGE', options: ['正确', '错误'], answer: 'A' });
  expect(isCorrect(judge, 'A')).toBe(true);
  expect(isCorrect(judge, 'B')).toBe(false);
});

test('MULTIPLE is all or nothing: exactly the right letters in any order', () => {
  const multiple = question({ type: 'MULTIPLE', answer: 'ACD' });
  expect(isCorrect(multiple, 'ACD')).toBe(true);
  expect(isCorrect(multiple, 'dca')).toBe(true);
  expect(isCorrect(multiple, 'A,C,D')).toBe(true);
  expect(isCorrect(multiple, 'AC')).toBe(false);
  expect(isCorrect(multiple, 'ABCD')).toBe(false);
  expect(isCorrect(multiple, 'B')).toBe(false);
});

test('FILL: any accepted answer, trimmed, inner spaces folded, case-insensitive', () => {
  const fill = question({ type: 'FILL', options: [], answer: '', acceptedAnswers: ['根部', 'Root Of Fire'] });
  expect(isCorrect(fill, '根部')).toBe(true);
  expect(isCorrect(fill, '  根部 ')).toBe(true);
  expect(isCorrect(fill, 'root  of fire')).toBe(true);
  expect(isCorrect(fill, 'ＲＯＯＴ of fire')).toBe(true);
  expect(isCorrect(fill, '根')).toBe(false);
  expect(isCorrect(fill, '')).toBe(false);
});

test('an attempt adds up what each right answer earns (tenths); the sheet hides answers, the review shows them', () => {
  const questions = [
    question({ no: 1, answer: 'A', scoreTenths: 255 }),
    question({ no: 2, type: 'MULTIPLE', answer: 'AB', scoreTenths: 245 }),
    question({ no: 3, type: 'FILL', options: [], answer: '', acceptedAnswers: ['x'], scoreTenths: 500 }),
  ];
  expect(gradeAttempt(questions, { '1': 'A', '2': 'A', '3': 'X' }).scoreTenths).toBe(755);
  expect(gradeAttempt(questions, {}).scoreTenths).toBe(0);
  expect(Object.keys(sheetQuestion(questions[0] as AttemptQuestion)).sort()).toEqual([
    'content',
    'no',
    'options',
    'score',
    'type',
  ]);
  const review = reviewOf(questions, { '1': 'A', '2': 'A', '3': 'X' });
  expect(review.map((entry) => [entry.correct, entry.earned, entry.correctAnswer])).toEqual([
    [true, 25.5, 'A'],
    [false, 0, 'AB'],
    [true, 50, 'x'],
  ]);
});
