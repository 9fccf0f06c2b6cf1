import type { EvaluationItem } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Button, Loading, Rate } from 'react-vant';
import { listEvaluations } from '../../../api/train-class';
import { EmptyState } from '../../../components/EmptyState';
import { usePagedFeed } from '../../../hooks/usePagedFeed';
import { unitIdAtom } from '../../../store/project';

/** Evaluations per page of the detail. */
export const EVALUATION_PAGE_SIZE = 10;

/** One evaluation: the masked name, the stars, the comment and the day. */
function EvaluationRow({ item }: { item: EvaluationItem }) {
  return (
    <li className="class-detail__evaluation">
      <div className="class-detail__evaluation-head">
        <span className="class-detail__evaluation-name">{item.studentName}</span>
        <span role="img" aria-label={`${item.score} 星`}>
          <Rate readOnly size={12} value={item.score} />
        </span>
        <span className="class-detail__muted">{formatDateTime(item.createdAt, 'YYYY-MM-DD')}</span>
      </div>
      {item.content && <p className="class-detail__evaluation-text">{item.content}</p>}
    </li>
  );
}

/**
 * The visible evaluations of a class (`class/evaluate-list`, names masked by the server), newest
 * first, ten at a time with 加载更多 until the total is reached.
 */
export function EvaluationList({ classId }: { classId: number }) {
  const unitId = useAtomValue(unitIdAtom);
  const load = useCallback(
    (pageNum: number) => listEvaluations({ classId, pageNum, pageSize: EVALUATION_PAGE_SIZE, unitId }),
    [classId, unitId],
  );
  const { state, reload, loadMore } = usePagedFeed(load);
  // Where asking for the next page stands (a failure offers to try again).
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle');
  const showMore = () => {
    setMore('loading');
    loadMore().then(
      () => setMore('idle'),
      () => setMore('error'),
    );
  };

  if (state.status === 'loading') return <Loading className="class-detail__loading">加载中…</Loading>;
  if (state.status === 'error')
    return (
      <EmptyState kind="network" description="评价加载失败">
        <Button size="small" round onClick={reload}>
          重新加载
        </Button>
      </EmptyState>
    );
  const { items, finished } = state;
  if (items.length === 0) return <EmptyState description="暂无评价" />;
  return (
    <div>
      <ul className="class-detail__evaluations">
        {items.map((item) => (
          <EvaluationRow key={item.id} item={item} />
        ))}
      </ul>
      {!finished && (
        <Button
          block
          plain
          size="small"
          className="class-detail__more"
          loading={more === 'loading'}
          onClick={showMore}
        >
          {more === 'error' ? '加载失败，点击重试' : '加载更多'}
        </Button>
      )}
    </div>
  );
}
