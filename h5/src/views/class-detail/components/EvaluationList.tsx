import type { EvaluationItem } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Button, Loading, Rate } from 'react-vant';
import { listEvaluations } from '../../../api/train-class';
import { EmptyState } from '../../../components/EmptyState';
import { unitIdAtom } from '../../../store/project';

/** Evaluations per page of the detail. */
export const EVALUATION_PAGE_SIZE = 10;

interface EvaluationsState {
  items: EvaluationItem[];
  total: number;
  /** The last page loaded (0 before the first). */
  pageNum: number;
  status: 'loading' | 'idle' | 'error';
}

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
  const [state, setState] = useState<EvaluationsState>({
    items: [],
    total: 0,
    pageNum: 0,
    status: 'loading',
  });

  const loadPage = useCallback(
    async (pageNum: number) => {
      setState((current) => ({ ...current, status: 'loading' }));
      try {
        const page = await listEvaluations({ classId, pageNum, pageSize: EVALUATION_PAGE_SIZE, unitId });
        setState((current) => ({
          items: pageNum === 1 ? page.list : [...current.items, ...page.list],
          total: page.total,
          pageNum,
          status: 'idle',
        }));
      } catch {
        setState((current) => ({ ...current, status: 'error' }));
      }
    },
    [classId, unitId],
  );

  useEffect(() => {
    void loadPage(1);
  }, [loadPage]);

  const { items, total, pageNum, status } = state;
  if (status === 'loading' && pageNum === 0)
    return <Loading className="class-detail__loading">加载中…</Loading>;
  if (status === 'error' && pageNum === 0)
    return (
      <EmptyState kind="network" description="评价加载失败">
        <Button size="small" round onClick={() => void loadPage(1)}>
          重新加载
        </Button>
      </EmptyState>
    );
  if (items.length === 0) return <EmptyState description="暂无评价" />;
  return (
    <div>
      <ul className="class-detail__evaluations">
        {items.map((item) => (
          <EvaluationRow key={item.id} item={item} />
        ))}
      </ul>
      {items.length < total && (
        <Button
          block
          plain
          size="small"
          className="class-detail__more"
          loading={status === 'loading'}
          onClick={() => void loadPage(pageNum + 1)}
        >
          {status === 'error' ? '加载失败，点击重试' : '加载更多'}
        </Button>
      )}
    </div>
  );
}
