import { Button } from 'antd';
import type { ListColumn } from '../../../components/ListTable';
import { ListPage, type ListPageProps } from '../../../components/list-page/ListPage';
import type { PageCallKey } from '../../../components/list-page/list-call';
import { orDash } from '../../../components/table-columns';
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

/** The name of an item as a link-styled button that opens it (the editor, the preview). */
export function itemNameColumn<T extends { name: string }>(
  title: string,
  width: number,
  open: (item: T) => void,
): ListColumn<T> {
  return {
    title,
    dataIndex: 'name',
    key: 'name',
    width,
    render: (name: string, item) => (
      <Button type="link" size="small" className="category-layout__name" onClick={() => open(item)}>
        {name}
      </Button>
    ),
  };
}

/** The item's category, behind 列设置 (the tree on the left names it already). */
export function categoryColumn<T extends { categoryName?: string | null }>(
  title: string,
  width: number,
): ListColumn<T> {
  return { title, dataIndex: 'categoryName', key: 'category', width, optional: 'hidden', render: orDash };
}
