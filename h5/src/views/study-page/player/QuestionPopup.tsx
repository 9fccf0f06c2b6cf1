import {
  type AnswerQuestionAnswer,
  JUDGE_OPTIONS,
  OPTION_LETTERS,
  type PlayerQuestion,
  type QuestionType,
} from '@px/api/contract';
import { useState } from 'react';
import { Button, Checkbox, Popup, Radio, Tag, Toast } from 'react-vant';
import { useSubmitLock } from '../../../hooks/useSubmitLock';

const TYPE_LABEL: Readonly<Record<QuestionType, string>> = {
  SINGLE: '单选题',
  MULTIPLE: '多选题',
  JUDGE: '判断题',
};

/** The options of a question with their letters (a judge question's are 正确 / 错误 when it has none). */
export function questionOptions(question: PlayerQuestion): { letter: string; text: string }[] {
  const texts = question.type === 'JUDGE' && question.options.length === 0 ? JUDGE_OPTIONS : question.options;
  return texts.slice(0, OPTION_LETTERS.length).map((text, index) => ({
    letter: OPTION_LETTERS[index] as string,
    text,
  }));
}

export interface QuestionPopupProps {
  /** The question the player stopped for; null: closed. */
  question: PlayerQuestion | null;
  /** Sends the chosen letters (sorted); resolves with whether it was right. */
  onAnswer: (letters: string) => Promise<AnswerQuestionAnswer>;
  /** The answer was shown: play on. */
  onContinue: () => void;
}

function QuestionBody({ question, onAnswer, onContinue }: QuestionPopupProps & { question: PlayerQuestion }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<AnswerQuestionAnswer | null>(null);
  const lock = useSubmitLock();
  const options = questionOptions(question);
  const multiple = question.type === 'MULTIPLE';

  const submit = () => {
    if (chosen.length === 0) {
      Toast.info('请选择答案');
      return;
    }
    void lock
      .run(async () => {
        setResult(await onAnswer([...chosen].sort().join('')));
      })
      .catch(() => undefined);
  };

  const optionLabel = (option: { letter: string; text: string }) => (
    <span className="study-question__option-text">
      {option.letter}. {option.text}
    </span>
  );

  return (
    <div className="study-question">
      <p className="study-question__head">
        <Tag type="primary" plain>
          {TYPE_LABEL[question.type]}
        </Tag>
        <span className="study-question__content">{question.content}</span>
      </p>
      {multiple ? (
        <Checkbox.Group
          value={chosen}
          disabled={result !== null}
          onChange={(value: string[]) => setChosen(value)}
        >
          {options.map((option) => (
            <Checkbox
              key={option.letter}
              name={option.letter}
              shape="square"
              className="study-question__option"
            >
              {optionLabel(option)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <Radio.Group
          value={chosen[0] ?? ''}
          disabled={result !== null}
          onChange={(value) => setChosen([String(value)])}
        >
          {options.map((option) => (
            <Radio key={option.letter} name={option.letter} className="study-question__option">
              {optionLabel(option)}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {result ? (
        <div
          className={`study-question__result study-question__result--${result.correct ? 'right' : 'wrong'}`}
        >
          <p className="study-question__verdict">
            {result.correct ? '回答正确' : `回答错误，正确答案：${result.answer}`}
          </p>
          {result.explanation && <p className="study-question__explanation">解析：{result.explanation}</p>}
          <Button round block type="primary" onClick={onContinue}>
            继续学习
          </Button>
        </div>
      ) : (
        <Button round block type="primary" loading={lock.submitting} onClick={submit}>
          提交答案
        </Button>
      )}
    </div>
  );
}

/**
 * The pop-up question of a lesson (single, multiple or judge): the student chooses, 提交答案 sends
 * it (`study/answer-question`), the popup says whether it was right with the right answer and the
 * explanation, and 继续学习 plays on. It cannot be dismissed otherwise: the server waits for it.
 */
export function QuestionPopup(props: QuestionPopupProps) {
  const { question } = props;
  return (
    <Popup
      visible={question !== null}
      round
      closeOnClickOverlay={false}
      className="study-question__popup"
      title="随堂测验"
      destroyOnClose
    >
      {question && <QuestionBody key={question.id} {...props} question={question} />}
    </Popup>
  );
}
