import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

export interface RowsTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'locale'> {
  /** What the table says when it has no rows. */
  empty?: ReactNode;
  /** Scrolls sideways when its columns are wider than the page (`scroll.x` max-content). */
  wide?: boolean;
}

/**
 * A small table of all its rows, without paging (the orders of an invoice, the prints of a
 * certificate, a paper's questions): the shape of the tables inside details, drawers and editors.
 */
export function RowsTable<T extends object>({ empty, wide, scroll, ...props }: RowsTableProps<T>) {
  return (
    <Table<T>
      size="small"
      pagination={false}
      locale={empty === undefined ? undefined : { emptyText: empty }}
      scroll={wide ? { ...scroll, x: 'max-content' } : scroll}
      {...props}
    />
  );
}
