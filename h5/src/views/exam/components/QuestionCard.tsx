import { EXAM_QUESTION_TYPE_LABEL, type SheetQuestion } from '@px/api/contract';
import { Checkbox, Radio, Tag } from 'react-vant';
import { formatScore, lettersOf, sortedLetters } from '../exam-sheet';

export interface QuestionCardProps {
  question: SheetQuestion;
  total: number;
  answer: string;
  onAnswer: (answer: string) => void;
}

/**
 * One question of the sheet: its number, type and score, the content and the input of its type —
 * one option (single choice, judge), several (multiple choice, sent sorted: `AC`) or a text
 * (fill-in).
 */
export function QuestionCard({ question, total, answer, onAnswer }: QuestionCardProps) {
  const options = lettersOf(question);
  const label = (option: { letter: string; text: string }) => (
    <span className="exam-question__option-text">
      {option.letter}. {option.text}
    </span>
  );
  let input: JSX.Element;
  if (question.type === 'FILL')
    input = (
      <textarea
        className="exam-question__fill"
        rows={3}
        maxLength={200}
        value={answer}
        placeholder="请输入答案"
        aria-label={`第 ${question.no} 题的答案`}
        onChange={(event) => onAnswer(event.target.value)}
      />
    );
  else if (question.type === 'MULTIPLE')
    input = (
      <Checkbox.Group
        value={answer.split('').filter(Boolean)}
        onChange={(value: string[]) => onAnswer(sortedLetters(value))}
      >
        {options.map((option) => (
          <Checkbox key={option.letter} name={option.letter} shape="square" className="exam-question__option">
            {label(option)}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  else
    input = (
      <Radio.Group value={answer} onChange={(value) => onAnswer(String(value))}>
        {options.map((option) => (
          <Radio key={option.letter} name={option.letter} className="exam-question__option">
            {label(option)}
          </Radio>
        ))}
      </Radio.Group>
    );

  return (
    <section className="exam-question" aria-label={`第 ${question.no} 题`}>
      <p className="exam-question__head">
        <Tag type="primary" plain>
          {EXAM_QUESTION_TYPE_LABEL[question.type]}
        </Tag>
        <span className="exam-question__no">
          第 {question.no} / {total} 题 · {formatScore(question.score)} 分
        </span>
      </p>
      <p className="exam-question__content">{question.content}</p>
      {question.type === 'MULTIPLE' && <p className="exam-question__hint">（多选，全部选对才得分）</p>}
      <div className="exam-question__input">{input}</div>
    </section>
  );
}
