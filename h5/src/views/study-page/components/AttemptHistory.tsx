import { ATTEMPT_STATUS_LABEL, type AttemptSummary } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Loading, Popup, Tag } from 'react-vant';
import { listMyAttempts } from '../../../api/exam';
import { useRemote } from '../../../hooks/useRemote';
import { examPath } from '../../../router/paths';

const score = (value: number | null) =>
  value === null ? '--' : Number.isInteger(value) ? String(value) : value.toFixed(1);

function AttemptRow({ attempt, onOpen }: { attempt: AttemptSummary; onOpen: () => void }) {
  const exam = attempt.kind === 'EXAM';
  const label = `${exam ? '考试' : '练习'} ${formatDateTime(attempt.startedAt)}`;
  return (
    <li>
      <button type="button" className="exam-history__row" aria-label={label} onClick={onOpen}>
        <span className="exam-history__main">
          <Tag type={exam ? 'primary' : 'default'} plain>
            {exam ? '考试' : '练习'}
          </Tag>
          <span className="exam-history__time">{formatDateTime(attempt.startedAt)}</span>
        </span>
        <span className="exam-history__result">
          {attempt.status === 'OPEN' ? (
            <span className="exam-history__open">{ATTEMPT_STATUS_LABEL.OPEN}</span>
          ) : (
            <>
              <strong>{score(attempt.score)} 分</strong>
              {attempt.passed !== null && (
                <Tag type={attempt.passed ? 'success' : 'danger'}>{attempt.passed ? '合格' : '不合格'}</Tag>
              )}
            </>
          )}
        </span>
      </button>
    </li>
  );
}

function HistoryList({ myClassId }: { myClassId: number }) {
  const navigate = useNavigate();
  const load = useCallback(() => listMyAttempts(myClassId), [myClassId]);
  const remote = useRemote(load);
  const { state } = remote;
  if (state.status === 'loading')
    return (
      <div className="exam-history__state">
        <Loading size="16px">加载中…</Loading>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="exam-history__state">
        <p>{state.message}</p>
        <Button size="small" round onClick={remote.reload}>
          重新加载
        </Button>
      </div>
    );
  if (state.value.length === 0) return <p className="exam-history__state">还没有考试或练习记录</p>;
  return (
    <ul className="exam-history__list">
      {state.value.map((attempt) => (
        <AttemptRow
          key={attempt.attemptId}
          attempt={attempt}
          onOpen={() => navigate(examPath(myClassId, attempt.attemptId))}
        />
      ))}
    </ul>
  );
}

/**
 * 考试记录 of an enrolment (`exam/attempts`, newest first) in a bottom sheet: exams and exercises
 * with their time, score and result; a tap opens the attempt (its result and, as allowed, the
 * review; an open one resumes).
 */
export function AttemptHistory({
  myClassId,
  visible,
  onClose,
}: {
  myClassId: number;
  visible: boolean;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={visible}
      round
      position="bottom"
      title="考试记录"
      closeable
      onClose={onClose}
      destroyOnClose
    >
      <div className="exam-history">{visible && <HistoryList myClassId={myClassId} />}</div>
    </Popup>
  );
}
