import type { ReviewQuestion, SheetQuestion } from '../../contract/exam';
import type { AttemptQuestion } from './exam.model';

/**
 * Grading on the server (docs/product-decisions.md "Exams"), pure:
 * - SINGLE and JUDGE: the one right letter;
 * - MULTIPLE: all or nothing — exactly the right letters (order, case, spaces and commas ignored);
 *   a missing or an extra letter earns 0;
 * - FILL: any accepted answer, both trimmed, inner runs of spaces as one, case-insensitive.
 * A blank answer is wrong. Scores are in tenths.
 */

/** Letters of a choice answer: upper case, separators dropped, sorted, repeats once. */
export function normaliseLetters(answer: string): string {
  return [...new Set(answer.toUpperCase().replace(/[\s,，、]/g, ''))].sort().join('');
}

/** A fill-in answer as compared: trimmed, inner spaces as one, lower case (full-width folded). */
export function normaliseFill(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether `given` answers the question right. */
export function isCorrect(
  question: Pick<AttemptQuestion, 'type' | 'answer' | 'acceptedAnswers'>,
  given: string,
) {
  if (!given.trim()) return false;
  if (question.type === 'FILL') {
    const answer = normaliseFill(given);
    return question.acceptedAnswers.some((accepted) => normaliseFill(accepted) === answer);
  }
  return normaliseLetters(given) === normaliseLetters(question.answer);
}

/** The graded attempt: each question right or wrong with what it earned, and the total (tenths). */
export function gradeAttempt(questions: readonly AttemptQuestion[], answers: Record<string, string>) {
  let scoreTenths = 0;
  const graded = questions.map((question) => {
    const given = answers[String(question.no)] ?? '';
    const correct = isCorrect(question, given);
    const earned = correct ? question.scoreTenths : 0;
    scoreTenths += earned;
    return { question, given, correct, earned };
  });
  return { scoreTenths, graded };
}

/** A question as the sheet shows it: no answer, no analysis. */
export function sheetQuestion(question: AttemptQuestion): SheetQuestion {
  return {
    no: question.no,
    type: question.type,
    content: question.content,
    options: question.options,
    score: question.scoreTenths / 10,
  };
}

/** The review of a graded attempt: every answer against the right one, with the analysis. */
export function reviewOf(
  questions: readonly AttemptQuestion[],
  answers: Record<string, string>,
): ReviewQuestion[] {
  return gradeAttempt(questions, answers).graded.map(({ question, given, correct, earned }) => ({
    ...sheetQuestion(question),
    answer: given,
    correct,
    earned: earned / 10,
    correctAnswer: question.type === 'FILL' ? question.acceptedAnswers.join(' / ') : question.answer,
    analysis: question.analysis,
  }));
}
