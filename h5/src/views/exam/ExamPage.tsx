import type { ExamResult, ExamSheet } from '@px/api/contract';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Toast } from 'react-vant';
import { getExamResult, getExamSheet } from '../../api/exam';
import { askConfirm } from '../../components/cart/ask-confirm';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { useRemote } from '../../hooks/useRemote';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { myTabPath, studyPagePath } from '../../router/paths';
import { readEmbedded } from '../../session/embedded';
import { formatClock } from '../../utils/clock';
import { AnswerCard } from './components/AnswerCard';
import { CertificateIssued } from './components/CertificateIssued';
import { ExamResultView } from './components/ExamResultView';
import { QuestionCard } from './components/QuestionCard';
import { isAnswered, unansweredNumbers } from './exam-sheet';
import { type SaveState, useExamSheet } from './use-exam-sheet';
import './exam.css';

/** What an attempt's link opens: the sheet of an open attempt, or the result of a final one. */
export type LoadedAttempt = { kind: 'sheet'; sheet: ExamSheet } | { kind: 'result'; result: ExamResult };

/**
 * Reads an attempt: its sheet while open (`exam/sheet`: questions, saved answers, time left), its
 * result once submitted or timed out (`exam/result`). Rejects with the sheet's error when neither
 * can be read.
 */
export async function loadAttempt(attemptId: number): Promise<LoadedAttempt> {
  let sheet: ExamSheet;
  try {
    sheet = await getExamSheet(attemptId);
  } catch (error) {
    // A final attempt may be refused as a sheet: its result is what the student wants then.
    try {
      return { kind: 'result', result: await getExamResult(attemptId) };
    } catch {
      throw error;
    }
  }
  if (sheet.status !== 'OPEN') return { kind: 'result', result: await getExamResult(attemptId) };
  return { kind: 'sheet', sheet };
}

/** The search parameter holding the question shown (1 = the first), so a reload stays on it. */
export const QUESTION_PARAM = 'q';

/** The question to show from the link's `q` (the first when missing or out of range), as an index. */
export function questionIndexOf(param: string | null, count: number): number {
  const position = Number(param);
  return Number.isInteger(position) && position >= 1 && position <= count ? position - 1 : 0;
}

/** Under this many seconds left the countdown turns red. */
const HURRY_SECONDS = 300;

const SAVE_TEXT: Readonly<Record<SaveState, string>> = {
  idle: '',
  saved: '答案已保存',
  saving: '正在保存…',
  failed: '保存失败，稍后重试',
};

/** The message of the confirmation before submitting: how many questions are still unanswered. */
export function submitConfirmMessage(unanswered: readonly number[]): string {
  if (unanswered.length === 0) return '已答完全部题目，交卷后不能再修改答案。';
  const listed = unanswered.slice(0, 10).join('、');
  const more = unanswered.length > 10 ? ' 等' : '';
  return `还有 ${unanswered.length} 题未作答（第 ${listed}${more} 题），交卷后不能再修改答案。`;
}

function SheetView({ sheet, onDone }: { sheet: ExamSheet; onDone: (result: ExamResult) => void }) {
  const exam = sheet.kind === 'EXAM';
  const onTimeUp = useCallback(
    (result: ExamResult) => {
      Toast.info('考试时间到，已自动交卷');
      onDone(result);
    },
    [onDone],
  );
  const state = useExamSheet(sheet, onTimeUp);
  const [params, setParams] = useSearchParams();
  // The question shown lives in the link (replaced, not pushed), so a reload comes back to it.
  const current = questionIndexOf(params.get(QUESTION_PARAM), sheet.questions.length);
  const [cardOpen, setCardOpen] = useState(false);
  const lock = useSubmitLock();
  const questions = sheet.questions;
  const question = questions[current];
  const answered = questions.filter((entry) => isAnswered(state.answers, entry.no)).length;
  const { flush } = state;

  // Leaving the page keeps what was typed last.
  useEffect(() => () => void flush(), [flush]);

  const go = (index: number) => {
    setCardOpen(false);
    const next = Math.min(Math.max(index, 0), questions.length - 1);
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set(QUESTION_PARAM, String(next + 1));
        return updated;
      },
      { replace: true },
    );
    void flush();
  };

  const submit = async () => {
    setCardOpen(false);
    const confirmed = await askConfirm({
      title: exam ? '确定交卷？' : '确定提交练习？',
      message: submitConfirmMessage(unansweredNumbers(questions, state.answers)),
      confirmButtonText: '交卷',
      cancelButtonText: '继续答题',
    });
    if (!confirmed) return;
    await lock
      .run(async () => {
        onDone(await state.submit());
      })
      .catch(() => undefined);
  };

  if (state.timedOut) return <PageLoading text="考试时间到，正在交卷…" />;

  return (
    <div className="exam-sheet">
      <div className="exam-sheet__bar">
        <div className="exam-sheet__title">
          <span className="exam-sheet__kind">{exam ? '考试' : '练习'}</span>
          <span className="exam-sheet__paper">{sheet.paperName}</span>
        </div>
        {state.remaining !== null && (
          <p
            className={`exam-sheet__clock${state.remaining <= HURRY_SECONDS ? ' exam-sheet__clock--hurry' : ''}`}
            role="timer"
            aria-label="剩余时间"
          >
            剩余 {formatClock(state.remaining)}
          </p>
        )}
        <p className={`exam-sheet__save exam-sheet__save--${state.saveState}`} aria-live="polite">
          {SAVE_TEXT[state.saveState]}
        </p>
      </div>
      {question ? (
        <QuestionCard
          key={question.no}
          question={question}
          total={questions.length}
          answer={state.answers[question.no] ?? ''}
          onAnswer={(answer) => state.setAnswer(question.no, answer)}
        />
      ) : (
        <PageMessage description="试卷中没有题目" />
      )}
      <div className="exam-sheet__footer">
        <Button size="small" round disabled={current === 0} onClick={() => go(current - 1)}>
          上一题
        </Button>
        <Button size="small" round plain type="primary" onClick={() => setCardOpen(true)}>
          答题卡 {answered}/{questions.length}
        </Button>
        {current < questions.length - 1 ? (
          <Button size="small" round type="primary" onClick={() => go(current + 1)}>
            下一题
          </Button>
        ) : (
          <Button size="small" round type="primary" loading={lock.submitting} onClick={() => void submit()}>
            交卷
          </Button>
        )}
      </div>
      <AnswerCard
        visible={cardOpen}
        questions={questions}
        answers={state.answers}
        current={current}
        onJump={go}
        onSubmit={() => void submit()}
        onClose={() => setCardOpen(false)}
      />
    </div>
  );
}

function ExamContent({ myClassId, attemptId }: { myClassId: number; attemptId: number }) {
  const navigate = useNavigate();
  const load = useCallback(() => loadAttempt(attemptId), [attemptId]);
  const attempt = useRemote(load);
  const [result, setResult] = useState<ExamResult | null>(null);
  const back = () => navigate(studyPagePath(myClassId));

  let body: JSX.Element;
  if (attempt.state.status === 'loading') body = <PageLoading />;
  else if (attempt.state.status === 'error')
    body = <PageError message={attempt.state.message} onRetry={attempt.reload} />;
  else {
    const loaded = attempt.state.value;
    const shown = result ?? (loaded.kind === 'result' ? loaded.result : null);
    if (shown)
      body = (
        <ExamResultView
          result={shown}
          notice={
            shown.kind === 'EXAM' && shown.passed ? <CertificateIssued myClassId={shown.myClassId} /> : null
          }
          actions={
            <Button round type="primary" onClick={back}>
              返回学习
            </Button>
          }
        />
      );
    else if (loaded.kind === 'sheet') body = <SheetView sheet={loaded.sheet} onDone={setResult} />;
    else body = <PageLoading />;
  }
  return <main className="page exam-page">{body}</main>;
}

/**
 * /student/exam?myClassId=&attemptId= (students only): the answer sheet of an exam or exercise
 * attempt, one question at a time with 答题卡, answers saved as the student goes, an exam's
 * countdown from the server's time left (a reload resumes the attempt as the server kept it, on
 * the question shown: `q` in the link),
 * 交卷 after confirmation and an automatic submission when the time is up; then the result and,
 * as the server allows, the review; a passed exam names the certificate it issued. A final
 * attempt's link shows its result.
 */
export function ExamPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const myClassId = Number(params.get('myClassId'));
  const attemptId = Number(params.get('attemptId'));
  const valid = (id: number) => Number.isInteger(id) && id > 0;
  if (!valid(myClassId) || !valid(attemptId))
    return (
      <PageMessage image="error" description="考试链接不正确">
        {/* No way out of a partner's frame. */}
        {!readEmbedded() && (
          <Button round type="primary" onClick={() => navigate(myTabPath('classes'))}>
            我的班级
          </Button>
        )}
      </PageMessage>
    );
  return <ExamContent key={attemptId} myClassId={myClassId} attemptId={attemptId} />;
}
