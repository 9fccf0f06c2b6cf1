import {
  MY_CLASS_STATUS_LABEL,
  type MyClassItem,
  type MyClassScope,
  type MyClassStatus,
  type MyPushLogItem,
  type MyStudyCorrection,
} from '@px/api/contract';
import { formatDateRange, formatDateTime } from '@px/config';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, PullRefresh, Tag, type TagProps, Toast } from 'react-vant';
import { endMyClass, listMyClasses } from '../../../api/my-class';
import { EmptyState } from '../../../components/EmptyState';
import { usePagedFeed } from '../../../hooks/usePagedFeed';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { CLASS_SELECT_CENTER_PATH, changeMyClassPath, studyPagePath } from '../../../router/paths';
import { classHoursText, formatHours } from '../../../utils/class-format';
import { FeedBody } from './FeedBody';
import { PushStateLine, usePushStates } from './PushStateLine';

/** How each enrolment state is tagged: studying in the brand colour, done in green, waiting in orange. */
const STATUS_TAG: Readonly<Record<MyClassStatus, TagProps['type']>> = {
  PENDING_PAY: 'warning',
  STUDYING: 'primary',
  FINISHED_STUDY: 'success',
  PASSED: 'success',
  EXPIRED: 'default',
  REFUNDED: 'default',
  CHANGED_OUT: 'default',
};

/**
 * What a card's button says: 去学习 for enrolments that may be studied, 去考试 once the hours are
 * credited and the exam waits (FINISHED_STUDY: a class without an exam passes at once; the study
 * page holds the exam), 学习记录 for an expired one (its study page shows why it is closed and what
 * was credited); none for the others.
 */
export const STUDY_ACTION: Readonly<Partial<Record<MyClassStatus, string>>> = {
  STUDYING: '去学习',
  FINISHED_STUDY: '去考试',
  PASSED: '去学习',
  EXPIRED: '学习记录',
};

/** The share of `total` that `done` is, 0..100 (100 when nothing is to be earned). */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.round((done / total) * 100));
}

/**
 * What the server has credited: 已学 必修 x / y 学时 (and 选修 unless hidden) with a bar of the
 * required part. Pending enrolments have studied nothing and show nothing.
 */
function StudyProgress({ item, hideElective }: { item: MyClassItem; hideElective: boolean }) {
  if (item.status === 'PENDING_PAY') return null;
  const percent = percentOf(item.creditedRequiredHours, item.requiredHours);
  const required = `必修 ${item.creditedRequiredHours.toFixed(1)} / ${formatHours(item.requiredHours)}`;
  const elective =
    hideElective || item.electiveHours === 0
      ? ''
      : ` · 选修 ${item.creditedElectiveHours.toFixed(1)} / ${formatHours(item.electiveHours)}`;
  return (
    <div className="my-card__progress">
      <p className="my-card__meta">
        已学 {required}
        {elective}
      </p>
      <div
        className="my-card__bar"
        role="progressbar"
        aria-label={`${item.className} 必修学习进度`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="my-card__bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * 学时更正 / 课时更正 beside what study credited: each data correction customer service made of the
 * enrolment (newest first), the original struck through, what it became, why and when.
 */
function CorrectionLines({ corrections }: { corrections: readonly MyStudyCorrection[] }) {
  if (corrections.length === 0) return null;
  return (
    <ul className="my-card__corrections" aria-label="学习记录更正">
      {corrections.map((item) => (
        <li key={item.id} className="my-card__meta my-card__correction">
          {item.target === 'HOURS' ? '学时更正' : `课时「${item.lessonName ?? ''}」更正`}：
          <del>{item.before}</del> → <strong>{item.after}</strong>
          <span className="my-card__correction-reason">
            原因：{item.reason} · {formatDateTime(item.createdAt, 'YYYY-MM-DD HH:mm')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 结束班级: asks first, then closes the class; the list reloads (it moves to 已结束). */
function EndClassButton({ item, onEnded }: { item: MyClassItem; onEnded: () => void }) {
  const { submitting, run } = useSubmitLock();
  const end = () =>
    void Dialog.confirm({
      title: '结束班级',
      message: `结束后「${item.className}」将移到“已结束”，仍可查看学习记录和证书。确定结束吗？`,
      confirmButtonText: '结束班级',
    })
      .then(() =>
        run(async () => {
          await endMyClass(item.id);
          Toast.success('班级已结束');
          onEnded();
        }),
      )
      .catch(() => undefined);
  return (
    <Button size="small" round loading={submitting} aria-label={`结束班级：${item.className}`} onClick={end}>
      结束班级
    </Button>
  );
}

/**
 * One enrolment: its class, state, hours and study, and the actions its abilities allow (结束班级;
 * 转班 when the change-class policy lets it move or an application of it is pending, its 转班 page
 * showing the application); 去学习 and the others by its state.
 */
function MyClassCard({
  item,
  hideElective,
  push,
  onEnded,
}: {
  item: MyClassItem;
  hideElective: boolean;
  push: MyPushLogItem | undefined;
  onEnded: () => void;
}) {
  const navigate = useNavigate();
  const action = STUDY_ACTION[item.status];
  const change = item.canChangeClass;
  return (
    <li className="my-card">
      <div className="my-card__head">
        <h3 className="my-card__title">{item.className}</h3>
        <Tag type={STATUS_TAG[item.status]} plain={STATUS_TAG[item.status] === 'default'}>
          {MY_CLASS_STATUS_LABEL[item.status]}
        </Tag>
      </div>
      <p className="my-card__meta">
        {item.year} 年度 · {classHoursText(item, hideElective)}
      </p>
      <p className="my-card__meta">学习时间 {formatDateRange(item.studyStartDate, item.studyEndDate)}</p>
      <StudyProgress item={item} hideElective={hideElective} />
      <CorrectionLines corrections={item.corrections} />
      <PushStateLine item={push} />
      {(action || change || item.canEnd) && (
        <div className="my-card__actions">
          {item.canEnd && <EndClassButton item={item} onEnded={onEnded} />}
          {change && (
            <Button
              size="small"
              round
              aria-label={`转班：${item.className}`}
              onClick={() => navigate(changeMyClassPath(item.id))}
            >
              转班
            </Button>
          )}
          {action && (
            <Button
              size="small"
              round
              type="primary"
              plain={item.status === 'EXPIRED'}
              aria-label={`${action}：${item.className}`}
              onClick={() => navigate(studyPagePath(item.id))}
            >
              {action}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * 我的班级 of one scope (`my-class/page`, 10 a page, newest first): 进行中 (`current`) or 已结束
 * (`ended`), with state, study window, hours and what has been credited; pull to refresh, infinite
 * list, and 去选课 when there is no current class.
 */
export function MyClassList({ hideElective, scope }: { hideElective: boolean; scope: MyClassScope }) {
  const navigate = useNavigate();
  const load = useCallback((pageNum: number) => listMyClasses({ pageNum, pageSize: 10, scope }), [scope]);
  const feed = usePagedFeed(load);
  const { state } = feed;
  // The reporting to the regulator of the enrolments shown (not of those still to be paid).
  const pushStates = usePushStates(
    state.status === 'ready'
      ? state.items.filter((item) => item.status !== 'PENDING_PAY').map((item) => item.id)
      : [],
  );

  const body = (
    <FeedBody
      feed={feed}
      empty={
        scope === 'ended' ? (
          <EmptyState description="暂无已结束的班级" />
        ) : (
          <EmptyState description="还没有进行中的班级">
            <Button round type="primary" onClick={() => navigate(CLASS_SELECT_CENTER_PATH)}>
              去选课
            </Button>
          </EmptyState>
        )
      }
      renderItem={(item) => (
        <MyClassCard
          key={item.id}
          item={item}
          hideElective={hideElective}
          push={pushStates.get(item.id)}
          onEnded={() => void feed.refresh().catch(() => undefined)}
        />
      )}
    />
  );

  return (
    <PullRefresh onRefresh={feed.refresh} disabled={state.status === 'loading'}>
      <div className="my-list__body">{body}</div>
    </PullRefresh>
  );
}
