import {
  ATTEMPT_STATUS_LABEL,
  EXAM_QUESTION_TYPE_LABEL,
  type ExamResult,
  type ReviewQuestion,
} from '@px/api/contract';
import type { ReactNode } from 'react';
import { Tag } from 'react-vant';
import { formatScore, lettersOf } from '../exam-sheet';

/** The student's answer in words: the letters with their options' texts, or the fill-in text. */
function answerText(question: ReviewQuestion, letters: string): string {
  if (letters.trim() === '') return '未作答';
  if (question.type === 'FILL') return letters;
  const options = lettersOf(question);
  return letters
    .split('')
    .map((letter) => {
      const option = options.find((entry) => entry.letter === letter);
      return option ? `${letter}. ${option.text}` : letter;
    })
    .join('；');
}

function ReviewItem({ question }: { question: ReviewQuestion }) {
  return (
    <li className={`exam-review__item exam-review__item--${question.correct ? 'right' : 'wrong'}`}>
      <p className="exam-question__head">
        <Tag type="primary" plain>
          {EXAM_QUESTION_TYPE_LABEL[question.type]}
        </Tag>
        <span className="exam-question__no">
          第 {question.no} 题 · 得 {formatScore(question.earned)} / {formatScore(question.score)} 分
        </span>
        <Tag type={question.correct ? 'success' : 'danger'}>{question.correct ? '正确' : '错误'}</Tag>
      </p>
      <p className="exam-question__content">{question.content}</p>
      {question.type !== 'FILL' && (
        <ul className="exam-review__options">
          {lettersOf(question).map((option) => (
            <li key={option.letter}>
              {option.letter}. {option.text}
            </li>
          ))}
        </ul>
      )}
      <p className="exam-review__line">你的答案：{answerText(question, question.answer)}</p>
      <p className="exam-review__line exam-review__line--right">正确答案：{question.correctAnswer}</p>
      {question.analysis && <p className="exam-review__analysis">解析：{question.analysis}</p>}
    </li>
  );
}

/**
 * The graded attempt: score, 合格 / 不合格 against the pass mark (an exam), how it ended, `notice`
 * (the certificate a pass issued), and the review (each answer against the right one with the
 * analysis) when the server gives it.
 */
export function ExamResultView({
  result,
  actions,
  notice,
}: {
  result: ExamResult;
  actions: ReactNode;
  notice?: ReactNode;
}) {
  const exam = result.kind === 'EXAM';
  return (
    <div className="exam-result">
      <header className="exam-result__head">
        <p className="exam-result__kind">
          {exam ? '考试成绩' : '练习成绩'} · {ATTEMPT_STATUS_LABEL[result.status]}
        </p>
        <p className="exam-result__score">
          <strong>{result.score === null ? '--' : formatScore(result.score)}</strong> 分
        </p>
        {result.passed !== null && (
          <Tag size="large" type={result.passed ? 'success' : 'danger'} className="exam-result__verdict">
            {result.passed ? '合格' : '不合格'}
          </Tag>
        )}
        <p className="exam-result__meta">合格分 {formatScore(result.passScore)} 分</p>
        <div className="exam-result__actions">{actions}</div>
      </header>
      {notice}
      {result.reviewable && result.review ? (
        <section className="exam-review" aria-label="答案解析">
          <h2 className="exam-review__title">答案解析</h2>
          <ol className="exam-review__list">
            {result.review.map((question) => (
              <ReviewItem key={question.no} question={question} />
            ))}
          </ol>
        </section>
      ) : (
        <p className="exam-result__no-review">{exam ? '本次考试不显示答案与解析' : '暂无答案解析'}</p>
      )}
    </div>
  );
}
