import type { Page } from 'playwright-core';
import { expectVisible } from './wait';

/** The texts of a judge question's two choices when it has no options of its own. */
const JUDGE_TEXTS = ['正确', '错误'];

/** A question of an exam attempt as the server keeps it (`exam_attempt.questions`, with its answer). */
export interface DrawnQuestion {
  no: number;
  type: 'SINGLE' | 'MULTIPLE' | 'JUDGE' | 'FILL';
  content: string;
  options: string[];
  answer: string;
  acceptedAnswers: string[];
}

/**
 * Chooses or types the right answer of the question on the answer sheet, as a student would.
 * Throws when the question's card does not show.
 */
export async function answerRightly(page: Page, question: DrawnQuestion): Promise<void> {
  const card = page.getByRole('region', { name: `第 ${question.no} 题` });
  await expectVisible(card.getByText(question.content));
  if (question.type === 'FILL') {
    await card.getByLabel(`第 ${question.no} 题的答案`).fill(question.acceptedAnswers[0] ?? '');
    return;
  }
  const texts = question.type === 'JUDGE' && question.options.length === 0 ? JUDGE_TEXTS : question.options;
  for (const letter of question.answer.split('')) {
    const text = texts[letter.charCodeAt(0) - 65];
    await card.getByText(`${letter}. ${text}`, { exact: true }).click();
  }
}
