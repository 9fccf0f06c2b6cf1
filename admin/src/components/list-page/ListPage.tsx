import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Button, Card, Space } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useExport } from '../../hooks/useExport';
import { ListFilterBar } from '../ListFilterBar';
import { type ListColumn, ListTable, type ListTableProps } from '../ListTable';
import { type FilterField, FilterFields, filtersFromValues, valuesFromFilters } from './filter-fields';
import type { FiltersOf, ListOf, PageCallKey, RowOf } from './list-call';

export { type FilterField, labelSelect, STUDENT_FILTER } from './filter-fields';

/** 导出 of a list: the export call of the filters on screen and the file's name. */
export interface ListExport<K extends PageCallKey> {
  download: (filters: FiltersOf<K>) => Promise<Blob>;
  /** A name, or a function giving one at download time (a name with today's date). */
  fileName: string | (() => string);
}

/** The 导出 button: downloads the file and offers it to the browser. */
export function ExportButton({
  download,
  fileName,
}: {
  download: () => Promise<Blob>;
  fileName: string | (() => string);
}) {
  const exporter = useExport(download, fileName);
  return (
    <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={() => void exporter.run()}>
      导出
    </Button>
  );
}

/** Rows ticked by their numeric key, kept across pages. */
export interface ListSelection {
  selected: number[];
  onChange: (ids: number[]) => void;
}

/** The table's other props (size, empty text, a picker's selection…). */
type TableExtras<K extends PageCallKey> = Omit<
  ListTableProps<RowOf<K> & object>,
  'columns' | 'columnsId' | 'rowKey' | 'dataSource' | 'pagination'
>;

export interface ListViewProps<K extends PageCallKey> {
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
  /** 导出 of the filtered list, first of the page's actions. */
  exportTo?: ListExport<K>;
  /** The page's actions right of the filters (新增, 导入…). */
  extra?: ReactNode;
  /** More buttons after 查询 and 重置. */
  buttons?: ReactNode;
  /** Without 重置 (a bar of one field). */
  noReset?: boolean;
  /** Above the filter bar (the list's statistics). */
  above?: ReactNode;
  /** Between the filter bar and the table (a summary, a notice, the actions on ticked rows). */
  header?: ReactNode;
  /** Rows ticked for an action on several (kept across pages). */
  selection?: ListSelection;
  table?: TableExtras<K>;
  /** The filter bar's class (its spacing on the page). */
  barClassName?: string;
  /** The filter bar's style (default: rows 12 px apart). */
  barStyle?: CSSProperties;
  /** After the table (the page's dialogs). */
  children?: ReactNode;
}

/**
 * A list made from its call: the filter bar from a field table (typed by the call's input, its
 * first values the list's first filters), 导出 and the page's actions, the table with column settings,
 * selection and pagination. Inside a card, drawer or dialog of the page's own; `ListPage` is a screen.
 */
export function ListView<K extends PageCallKey>({
  list,
  name,
  filters,
  fixedFilters,
  columns,
  columnsId,
  rowKey = 'id',
  exportTo,
  extra,
  buttons,
  noReset,
  above,
  header,
  selection,
  table,
  barClassName,
  barStyle = { rowGap: 12 },
  children,
}: ListViewProps<K>) {
  const [initialValues] = useState(() => valuesFromFilters(filters, list.filters));
  const exportButton = exportTo && (
    <ExportButton download={() => exportTo.download(list.filters)} fileName={exportTo.fileName} />
  );
  const actions =
    exportButton && extra ? (
      <Space wrap>
        {exportButton}
        {extra}
      </Space>
    ) : (
      (exportButton ?? extra)
    );
  // A list without filters or actions (a fixed part of the project's rows) has no bar.
  const bar = (filters.length > 0 || Boolean(actions)) && (
    <ListFilterBar<Record<string, unknown>>
      name={name}
      initialValues={Object.keys(initialValues).length ? initialValues : undefined}
      onSearch={(values) =>
        list.search({ ...filtersFromValues(filters, values), ...fixedFilters } as FiltersOf<K>)
      }
      onReset={noReset ? undefined : () => list.search({ ...fixedFilters } as FiltersOf<K>)}
      className={barClassName}
      style={barStyle}
      extra={actions || undefined}
      buttons={buttons}
    >
      <FilterFields fields={filters} />
    </ListFilterBar>
  );
  return (
    <>
      {above}
      {bar}
      {header}
      <ListTable<RowOf<K> & object>
        {...table}
        columnsId={columnsId}
        rowKey={rowKey as never}
        columns={columns}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selection.selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => selection.onChange(keys.map(Number)),
              }
            : table?.rowSelection
        }
        {...(list.tableProps as ListOf<K>['tableProps'] & { dataSource: (RowOf<K> & object)[] })}
      />
      {children}
    </>
  );
}

export interface ListPageProps<K extends PageCallKey> extends ListViewProps<K> {
  title: ReactNode;
  /** Beside the title (an action of the whole screen, like 录入技能证书). */
  titleExtra?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * A list screen made from its call: a card of the list's title around its `ListView`. A new list
 * page is a call, its filters and its columns.
 */
export function ListPage<K extends PageCallKey>({
  title,
  titleExtra,
  className,
  style,
  ...view
}: ListPageProps<K>) {
  return (
    <Card title={title} extra={titleExtra} className={className} style={style}>
      <ListView<K> {...view} />
    </Card>
  );
}
