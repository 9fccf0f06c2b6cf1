import type { SheetQuestion } from '@px/api/contract';
import { Button, Popup } from 'react-vant';
import { type AnswerMap, isAnswered } from '../exam-sheet';

export interface AnswerCardProps {
  visible: boolean;
  questions: readonly SheetQuestion[];
  answers: AnswerMap;
  current: number;
  onJump: (index: number) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/**
 * 答题卡: every question number in a grid, answered ones filled, the current one outlined; a tap
 * jumps to it. 交卷 submits from here too.
 */
export function AnswerCard({
  visible,
  questions,
  answers,
  current,
  onJump,
  onSubmit,
  onClose,
}: AnswerCardProps) {
  const answered = questions.filter((question) => isAnswered(answers, question.no)).length;
  return (
    <Popup visible={visible} round position="bottom" title="答题卡" closeable onClose={onClose}>
      <div className="exam-card">
        <p className="exam-card__legend">
          已答 {answered} 题 · 未答 {questions.length - answered} 题
          <span className="exam-card__key exam-card__key--answered">已答</span>
          <span className="exam-card__key">未答</span>
        </p>
        <ul className="exam-card__grid">
          {questions.map((question, index) => {
            const done = isAnswered(answers, question.no);
            const classes = ['exam-card__no'];
            if (done) classes.push('exam-card__no--answered');
            if (index === current) classes.push('exam-card__no--current');
            return (
              <li key={question.no}>
                <button
                  type="button"
                  className={classes.join(' ')}
                  aria-label={`第 ${question.no} 题（${done ? '已答' : '未答'}）`}
                  onClick={() => onJump(index)}
                >
                  {question.no}
                </button>
              </li>
            );
          })}
        </ul>
        <Button round block type="primary" onClick={onSubmit}>
          交卷
        </Button>
      </div>
    </Popup>
  );
}
