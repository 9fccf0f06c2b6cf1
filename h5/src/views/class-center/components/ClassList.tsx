import type { ClassCenterItem } from '@px/api/contract';
import type { ReactNode } from 'react';
import { Button, List, PullRefresh } from 'react-vant';
import { ClassCard } from '../../../components/ClassCard';
import { EmptyState } from '../../../components/EmptyState';
import { FeedPending } from '../../../components/FeedPending';
import type { PagedFeed } from '../../../hooks/usePagedFeed';

export interface ClassListProps {
  /** The classes read so far; `reload` is the error state's retry, `refresh` pull to refresh, `loadMore` the next page. */
  feed: PagedFeed<ClassCenterItem>;
  /** `list`: a card a row; `grid`: two columns of tiles. */
  layout: 'list' | 'grid';
  /** The class detail path (`?id=` is added). */
  detailPath: string;
  hideElective: boolean;
  /** Shown on the summary row beside the count (一键加入). */
  actions?: ReactNode;
  /** The name searched for, when a search narrows the list: an empty list then offers to clear it. */
  searchedName?: string;
  /** Clears the search (the list then shows every class of the filters again). */
  onClearSearch?: () => void;
}

function ListBody({
  feed,
  layout,
  detailPath,
  hideElective,
  actions,
  searchedName,
  onClearSearch,
}: ClassListProps) {
  const { state } = feed;
  if (state.status !== 'ready')
    return <FeedPending state={state} onRetry={feed.reload} loadingClassName="class-center__state" />;
  if (state.items.length === 0 && searchedName && onClearSearch)
    return (
      <EmptyState kind="search" description={`没有找到名称包含“${searchedName}”的班级`}>
        <Button round type="primary" onClick={onClearSearch}>
          清除搜索
        </Button>
      </EmptyState>
    );
  if (state.items.length === 0) return <EmptyState description="暂无可报名的班级" />;
  return (
    <>
      <div className="class-center__summary">
        <span>共 {state.total} 个班级</span>
        {actions}
      </div>
      <List
        finished={state.finished}
        onLoad={feed.loadMore}
        finishedText="没有更多了"
        errorText="加载失败，点击重试"
      >
        <div className={`class-center__cards class-center__cards--${layout}`}>
          {state.items.map((item) => (
            <ClassCard
              key={item.id}
              item={item}
              to={`${detailPath}?id=${item.id}`}
              hideElective={hideElective}
              shape={layout === 'grid' ? 'tile' : 'row'}
            />
          ))}
        </div>
      </List>
    </>
  );
}

/** The classes of the class centre: loading, error and empty states, pull to refresh, infinite list. */
export function ClassList(props: ClassListProps) {
  return (
    <PullRefresh onRefresh={props.feed.refresh} disabled={props.feed.state.status === 'loading'}>
      <div className="class-center__body">
        <ListBody {...props} />
      </div>
    </PullRefresh>
  );
}
