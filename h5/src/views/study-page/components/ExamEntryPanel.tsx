import type { AttemptKind, ExamEntry } from '@px/api/contract';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Loading, Tag } from 'react-vant';
import { getExamEntry, startExam } from '../../../api/exam';
import { askConfirm } from '../../../components/cart/ask-confirm';
import { useRemote } from '../../../hooks/useRemote';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { examPath } from '../../../router/paths';
import { AttemptHistory } from './AttemptHistory';

/** A score as shown: whole numbers without decimals. */
const score = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** The exam's facts: pass mark, time limit, questions, attempts used and allowed, best score. */
function ExamFacts({ entry }: { entry: ExamEntry }) {
  return (
    <>
      <p className="exam-entry__meta">
        合格分 {score(entry.passScore)} 分 · 限时 {entry.timeLimitMinutes} 分钟
        {entry.questionCount > 0 ? ` · 共 ${entry.questionCount} 题` : ''}
      </p>
      <p className="exam-entry__meta">
        已考 {entry.attemptsUsed} / {entry.attemptsAllowed} 次 · 最高分{' '}
        {entry.bestScore === null ? '--' : score(entry.bestScore)}
      </p>
    </>
  );
}

/**
 * 考试与练习 on the study page of an enrolment (`my-class/exam-entry`): the exam's pass mark, time
 * limit, attempts used / allowed and best score, 参加考试 (继续考试 for an open attempt) when the
 * server unlocks it, otherwise why not (hours not credited yet, attempts used up, already passed,
 * not configured), 练习 when exercises are on, and 考试记录 (past attempts, each opening its result). Starting asks first: the clock does not stop.
 * Shows nothing for a class without an exam or exercises. `progress` (the enrolment's state and
 * credited hours) changing reads the entry again.
 */
export function ExamEntryPanel({ myClassId, progress }: { myClassId: number; progress: string }) {
  const navigate = useNavigate();
  // Read again when the study page's progress changes (a lesson finished may unlock the exam).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `progress` is the reason to read again
  const load = useCallback(() => getExamEntry(myClassId), [myClassId, progress]);
  const remote = useRemote(load);
  const lock = useSubmitLock();
  const [history, setHistory] = useState(false);
  const { state } = remote;

  if (state.status === 'loading')
    return (
      <section className="exam-entry" aria-label="考试与练习">
        <Loading size="16px">正在读取考试信息…</Loading>
      </section>
    );
  if (state.status === 'error')
    return (
      <section className="exam-entry" aria-label="考试与练习">
        <p className="exam-entry__meta">{state.message}</p>
        <Button size="small" round onClick={remote.reload}>
          重新加载
        </Button>
      </section>
    );
  const entry = state.value;
  if (!entry.examRequired && !entry.abilities.canPractise) return null;

  const begin = (kind: AttemptKind) => {
    void lock
      .run(async () => {
        const resuming = kind === 'EXAM' ? entry.openAttemptId !== null : entry.openExerciseId !== null;
        if (kind === 'EXAM' && !resuming) {
          const confirmed = await askConfirm({
            title: '开始考试',
            message: `考试限时 ${entry.timeLimitMinutes} 分钟，开始后计时不会暂停，到时自动交卷。本次将用掉 1 次考试机会（共 ${entry.attemptsAllowed} 次）。`,
            confirmButtonText: '开始考试',
            cancelButtonText: '取消',
          });
          if (!confirmed) return;
        }
        const sheet = await startExam(myClassId, kind);
        navigate(examPath(myClassId, sheet.attemptId));
      })
      .catch(() => undefined);
  };

  return (
    <section className="exam-entry" aria-label="考试与练习">
      <div className="exam-entry__head">
        <h2 className="exam-entry__title">{entry.examRequired ? '结业考试' : '练习'}</h2>
        {entry.passed && <Tag type="success">已合格</Tag>}
      </div>
      {entry.examRequired && <ExamFacts entry={entry} />}
      {entry.examRequired && entry.abilities.startRefusal && (
        <p className={`exam-entry__locked${entry.passed ? ' exam-entry__locked--done' : ''}`} role="note">
          {entry.abilities.startRefusal}
        </p>
      )}
      <div className="exam-entry__actions">
        {entry.examRequired && (
          <Button
            size="small"
            round
            type="primary"
            disabled={!entry.abilities.canStart || lock.submitting}
            onClick={() => begin('EXAM')}
          >
            {entry.openAttemptId !== null ? '继续考试' : '参加考试'}
          </Button>
        )}
        {entry.abilities.canPractise && (
          <Button
            size="small"
            round
            type="primary"
            plain
            disabled={lock.submitting}
            onClick={() => begin('EXERCISE')}
          >
            {entry.openExerciseId !== null ? '继续练习' : '练习'}
          </Button>
        )}
        <Button size="small" round plain onClick={() => setHistory(true)}>
          考试记录
        </Button>
      </div>
      <AttemptHistory myClassId={myClassId} visible={history} onClose={() => setHistory(false)} />
    </section>
  );
}
