import type { TableProps } from 'antd';

type RowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

/**
 * The row selection of a picker table paged on the server (选择视频, 选择试题): ticks kept across
 * pages, the rows already taken (`takenIds`) not tickable, and `onChoose` given the chosen records.
 * antd gives the rows of other pages as undefined unless it has seen them, so the records already
 * chosen are kept by id.
 */
export function pickerSelection<T extends { id: number }>(
  chosen: readonly T[],
  takenIds: readonly number[],
  onChoose: (rows: T[]) => void,
): RowSelection<T> {
  return {
    preserveSelectedRowKeys: true,
    selectedRowKeys: chosen.map((row) => row.id),
    getCheckboxProps: (row) => ({ disabled: takenIds.includes(row.id) }),
    onChange: (keys, rows) => {
      const known = new Map([...chosen, ...rows.filter(Boolean)].map((row) => [row.id, row]));
      onChoose(keys.map((key) => known.get(Number(key))).filter((row): row is T => row !== undefined));
    },
  };
}
