import { MY_CLASS_STATUS_LABEL, type MyClassItem, type MyClassStatus } from '@px/api/contract';
import { formatDateRange } from '@px/config';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, List, Loading, PullRefresh, Tag, type TagProps } from 'react-vant';
import { listMyClasses } from '../../../api/my-class';
import { EmptyState } from '../../../components/EmptyState';
import { usePagedFeed } from '../../../hooks/usePagedFeed';
import { CLASS_SELECT_CENTER_PATH, studyPagePath } from '../../../router/paths';
import { classHoursText } from '../../../utils/class-format';

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
 * What a card's button says: 去学习 for enrolments that may be studied, 学习记录 for an expired one
 * (its study page shows why it is closed and what was credited); none for the others.
 */
export const STUDY_ACTION: Readonly<Partial<Record<MyClassStatus, string>>> = {
  STUDYING: '去学习',
  FINISHED_STUDY: '去学习',
  PASSED: '去学习',
  EXPIRED: '学习记录',
};

function MyClassCard({ item, hideElective }: { item: MyClassItem; hideElective: boolean }) {
  const navigate = useNavigate();
  const action = STUDY_ACTION[item.status];
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
      {action && (
        <div className="my-card__actions">
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
        </div>
      )}
    </li>
  );
}

/**
 * 我的班级: the student's enrolments (`my-class/page`, 10 a page, newest first) with their state,
 * study window and hours; pull to refresh, infinite list, and 去选课 when there is none.
 */
export function MyClassList({ hideElective }: { hideElective: boolean }) {
  const navigate = useNavigate();
  const load = useCallback((pageNum: number) => listMyClasses({ pageNum, pageSize: 10 }), []);
  const feed = usePagedFeed(load);
  const { state } = feed;

  let body: JSX.Element;
  if (state.status === 'loading')
    body = (
      <div className="my-list__state">
        <Loading vertical>加载中…</Loading>
      </div>
    );
  else if (state.status === 'error')
    body = (
      <EmptyState kind="network" description={state.message}>
        <Button round type="primary" onClick={feed.reload}>
          重新加载
        </Button>
      </EmptyState>
    );
  else if (state.items.length === 0)
    body = (
      <EmptyState description="还没有报名的班级">
        <Button round type="primary" onClick={() => navigate(CLASS_SELECT_CENTER_PATH)}>
          去选课
        </Button>
      </EmptyState>
    );
  else
    body = (
      <List
        finished={state.finished}
        onLoad={feed.loadMore}
        finishedText="没有更多了"
        errorText="加载失败，点击重试"
      >
        <ul className="my-list">
          {state.items.map((item) => (
            <MyClassCard key={item.id} item={item} hideElective={hideElective} />
          ))}
        </ul>
      </List>
    );

  return (
    <PullRefresh onRefresh={feed.refresh} disabled={state.status === 'loading'}>
      <div className="my-list__body">{body}</div>
    </PullRefresh>
  );
}
