import { JUDGE_OPTIONS, OPTION_LETTERS, type SheetAnswer, type SheetQuestion } from '@px/api/contract';

/** The answers of a sheet by question number: letters (`A`, `AC`) or the fill-in text. */
export type AnswerMap = Readonly<Record<number, string>>;

/** The saved answers of a sheet as a map. */
export function answerMapOf(answers: readonly SheetAnswer[]): AnswerMap {
  return Object.fromEntries(answers.map((entry) => [entry.no, entry.answer]));
}

/** Whether a question holds an answer (blank text is none). */
export function isAnswered(answers: AnswerMap, no: number): boolean {
  return (answers[no] ?? '').trim() !== '';
}

/** The numbers of the questions not answered yet, in order. */
export function unansweredNumbers(questions: readonly SheetQuestion[], answers: AnswerMap): number[] {
  return questions.filter((question) => !isAnswered(answers, question.no)).map((question) => question.no);
}

/** Every answer of the map as the API takes them (blank ones clear the saved answer). */
export function answerList(answers: AnswerMap, only?: Iterable<number>): SheetAnswer[] {
  const numbers = only ? [...only] : Object.keys(answers).map(Number);
  return numbers.sort((a, b) => a - b).map((no) => ({ no, answer: answers[no] ?? '' }));
}

/** The options of a choice or judge question with their letters (a judge question without options: 正确 / 错误). */
export function lettersOf(
  question: Pick<SheetQuestion, 'type' | 'options'>,
): { letter: string; text: string }[] {
  const texts = question.type === 'JUDGE' && question.options.length === 0 ? JUDGE_OPTIONS : question.options;
  return texts.slice(0, OPTION_LETTERS.length).map((text, index) => ({
    letter: OPTION_LETTERS[index] as string,
    text,
  }));
}

/** Letters chosen, as the API keeps them: sorted, no repeats (`CA` -> `AC`). */
export function sortedLetters(letters: readonly string[]): string {
  return [...new Set(letters)].sort().join('');
}

/** A score as the sheet shows it: whole numbers without decimals, else one decimal. */
export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(1);
}
