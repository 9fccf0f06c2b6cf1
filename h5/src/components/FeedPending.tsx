import { Button, Loading } from 'react-vant';
import { EmptyState } from './EmptyState';

/** A list's state until its rows are in. */
export type PendingState = { status: 'loading' } | { status: 'error'; message: string };

/**
 * A list until its rows are in: 加载中… (in `loadingClassName`'s box) while loading, the error with
 * 重新加载 (`onRetry`) when it failed. `compact` (a tab inside a page): the spinner beside its text;
 * `small`: a small 重新加载.
 */
export function FeedPending({
  state,
  onRetry,
  loadingClassName,
  compact,
  small,
}: {
  state: PendingState;
  onRetry: () => void;
  loadingClassName: string;
  compact?: boolean;
  small?: boolean;
}) {
  if (state.status === 'loading')
    return (
      <div className={loadingClassName}>
        <Loading vertical={!compact}>加载中…</Loading>
      </div>
    );
  return (
    <EmptyState kind="network" description={state.message}>
      <Button round type="primary" size={small ? 'small' : undefined} onClick={onRetry}>
        重新加载
      </Button>
    </EmptyState>
  );
}
