import type { ReactNode } from 'react';
import { List } from 'react-vant';
import { FeedPending } from '../../../components/FeedPending';
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
  if (state.status !== 'ready')
    return <FeedPending state={state} onRetry={feed.reload} loadingClassName="my-list__state" />;
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
