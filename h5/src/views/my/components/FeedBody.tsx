import type { ReactNode } from 'react';
import { Button, List, Loading } from 'react-vant';
import { EmptyState } from '../../../components/EmptyState';
import type { PagedFeed } from '../../../hooks/usePagedFeed';

/**
 * The body of a 我的 list: loading, the error with 重新加载, `empty` when there is nothing, else the
 * infinite list of `renderItem`s (the next page loads at the bottom).
 */
export function FeedBody<T>({
  feed,
  empty,
  renderItem,
}: {
  feed: PagedFeed<T>;
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
}) {
  const { state } = feed;
  if (state.status === 'loading')
    return (
      <div className="my-list__state">
        <Loading vertical>加载中…</Loading>
      </div>
    );
  if (state.status === 'error')
    return (
      <EmptyState kind="network" description={state.message}>
        <Button round type="primary" onClick={feed.reload}>
          重新加载
        </Button>
      </EmptyState>
    );
  if (state.items.length === 0) return <>{empty}</>;
  return (
    <List
      finished={state.finished}
      onLoad={feed.loadMore}
      finishedText="没有更多了"
      errorText="加载失败，点击重试"
    >
      <ul className="my-list">{state.items.map(renderItem)}</ul>
    </List>
  );
}
