import { ListPage, type ListPageProps } from '../../../components/list-page/ListPage';
import type { PageCallKey } from '../../../components/list-page/list-call';
import { CategoryPanel } from './CategoryPanel';
import type { CategoryNode } from './category-tree';
import type { CategoryPanelState } from './useCategoryPanel';

export interface CategoryListPageProps<K extends PageCallKey, N extends CategoryNode<N>>
  extends Omit<ListPageProps<K>, 'fixedFilters' | 'className'> {
  /** The category tree beside the list (`useCategoryPanel`): its choice filters every search. */
  categories: CategoryPanelState<N>;
}

/** A list screen with its category tree on the left (课程管理, 视频资源, 考试题库). */
export function CategoryListPage<K extends PageCallKey, N extends CategoryNode<N>>({
  categories,
  ...page
}: CategoryListPageProps<K, N>) {
  return (
    <div className="category-layout">
      <CategoryPanel {...categories.panelProps} />
      <ListPage<K>
        {...(page as ListPageProps<K>)}
        className="category-layout__list"
        fixedFilters={{ categoryId: categories.selectedId } as unknown as ListPageProps<K>['fixedFilters']}
      />
    </div>
  );
}
