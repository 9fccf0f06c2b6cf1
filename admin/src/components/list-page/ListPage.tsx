import { Card } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { ListFilterBar } from '../ListFilterBar';
import { type ListColumn, ListTable } from '../ListTable';
import { type FilterField, FilterFields, filtersFromValues } from './filter-fields';
import type { FiltersOf, ListOf, PageCallKey, RowOf } from './list-call';

export type { FilterField } from './filter-fields';

export interface ListPageProps<K extends PageCallKey> {
  title: ReactNode;
  /** The list of the call (`useListCall(key)`); the page keeps it to reload after its actions. */
  list: ListOf<K>;
  /** The filter bar's form name (the prefix of its fields' ids). */
  name: string;
  filters: readonly FilterField<FiltersOf<K>>[];
  /** Filters every search keeps whatever the bar says (the category chosen beside the list). */
  fixedFilters?: Partial<FiltersOf<K>>;
  columns: ListColumn<RowOf<K> & object>[];
  /** Where the column settings are kept (the page's path). */
  columnsId: string;
  rowKey?: string;
  /** The page's actions right of the filters (新增, 导入…). */
  extra?: ReactNode;
  /** More buttons after 查询 and 重置. */
  buttons?: ReactNode;
  /** Between the filter bar and the table (a summary, a notice). */
  header?: ReactNode;
  /** After the table (the page's dialogs). */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * A list screen made from its call: the filter bar from a field table (typed by the call's input),
 * the table with column settings and pagination, the page's actions and dialogs. A new list page is
 * a call, its filters and its columns.
 */
export function ListPage<K extends PageCallKey>({
  title,
  list,
  name,
  filters,
  fixedFilters,
  columns,
  columnsId,
  rowKey = 'id',
  extra,
  buttons,
  header,
  children,
  className,
  style,
}: ListPageProps<K>) {
  return (
    <Card title={title} className={className} style={style}>
      <ListFilterBar<Record<string, unknown>>
        name={name}
        onSearch={(values) =>
          list.search({ ...filtersFromValues(filters, values), ...fixedFilters } as FiltersOf<K>)
        }
        onReset={() => list.search({ ...fixedFilters } as FiltersOf<K>)}
        style={{ rowGap: 12 }}
        extra={extra}
        buttons={buttons}
      >
        <FilterFields fields={filters} />
      </ListFilterBar>
      {header}
      <ListTable<RowOf<K> & object>
        columnsId={columnsId}
        rowKey={rowKey as never}
        columns={columns}
        {...(list.tableProps as ListOf<K>['tableProps'] & { dataSource: (RowOf<K> & object)[] })}
      />
      {children}
    </Card>
  );
}
