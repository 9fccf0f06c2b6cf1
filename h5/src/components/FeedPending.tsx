import { Button, Loading } from 'react-vant';
import type { FeedState } from '../hooks/usePagedFeed';
import { EmptyState } from './EmptyState';

/**
 * A paged list until its first page is in: 加载中… (in `loadingClassName`'s box) while loading, the
 * error with 重新加载 (`onRetry`) when it failed.
 */
export function FeedPending({
  state,
  onRetry,
  loadingClassName,
}: {
  state: Exclude<FeedState<unknown>, { status: 'ready' }>;
  onRetry: () => void;
  loadingClassName: string;
}) {
  if (state.status === 'loading')
    return (
      <div className={loadingClassName}>
        <Loading vertical>加载中…</Loading>
      </div>
    );
  return (
    <EmptyState kind="network" description={state.message}>
      <Button round type="primary" onClick={onRetry}>
        重新加载
      </Button>
    </EmptyState>
  );
}
