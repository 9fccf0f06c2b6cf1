import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { Button, Checkbox, Flex, Popover, Table, Tooltip } from 'antd';
import type { ColumnType, TableProps } from 'antd/es/table';
import { isValidElement, type ReactNode, useMemo, useState } from 'react';
import './list-table.css';

/** Width of the row selection's checkbox column (antd's). */
const SELECTION_WIDTH = 32;

/**
 * A column of a list: antd's ColumnType (its `width` in pixels, kept: the table is laid out fixed)
 * and, for the column picker, whether it may be hidden. Its key is `key`, else `dataIndex`, else its
 * title.
 */
export interface ListColumn<T> extends ColumnType<T> {
  /**
   * `shown`: offered by the column picker, shown until hidden; `hidden`: offered, hidden until chosen
   * (details a list can do without). Absent: always shown (the name, the actions).
   */
  optional?: 'shown' | 'hidden';
}

/** A column without a width counts this much (every list column should say its width). */
const FALLBACK_WIDTH = 120;

/** The key of a column: `key`, else `dataIndex`, else its title. */
export function columnKey<T>(column: ListColumn<T>): string {
  return String(column.key ?? column.dataIndex ?? column.title);
}

const widthOf = <T,>(column: ListColumn<T>) =>
  typeof column.width === 'number' ? column.width : FALLBACK_WIDTH;

export interface ListTableProps<T> extends Omit<TableProps<T>, 'columns' | 'tableLayout'> {
  columns: ListColumn<T>[];
  /** Remembers the reader's column choice under this name (localStorage `listColumns:<id>`). */
  columnsId: string;
}

/** The text a cell shows, when it is plain text (or an element holding only text, like a link). */
export function cellText(node: unknown): string | undefined {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (isValidElement(node)) {
    const children = (node.props as { children?: ReactNode }).children;
    if (typeof children === 'string' || typeof children === 'number') return String(children);
  }
  return undefined;
}

const storageKey = (id: string) => `listColumns:${id}`;

/** The hidden columns remembered for a table, or null (the defaults). */
function readHidden(id: string): string[] | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(storageKey(id)) ?? 'null') as unknown;
    return Array.isArray(saved) && saved.every((key) => typeof key === 'string') ? saved : null;
  } catch {
    return null;
  }
}

function writeHidden(id: string, hidden: string[]): void {
  try {
    window.localStorage.setItem(storageKey(id), JSON.stringify(hidden));
  } catch {
    // A browser that keeps nothing shows the defaults next time.
  }
}

/** The columns hidden at first: those marked `hidden`. */
export const defaultHiddenColumns = <T,>(columns: readonly ListColumn<T>[]) =>
  columns.filter((column) => column.optional === 'hidden').map(columnKey);

/** The pixels a table of these columns takes (with the selection column when rows can be chosen). */
export function columnsWidth<T>(columns: readonly ListColumn<T>[], selectable: boolean): number {
  return columns.reduce((sum, column) => sum + widthOf(column), selectable ? SELECTION_WIDTH : 0);
}

/** A cell cut with … that shows its whole text in a tooltip. */
function withTooltip<T>(column: ListColumn<T>): ColumnType<T> {
  const { optional: _optional, ...rest } = column;
  if (column.ellipsis === false) return rest;
  return {
    ...rest,
    ellipsis: { showTitle: false },
    render: (value: unknown, record: T, index: number) => {
      const content = column.render ? column.render(value, record, index) : (value as ReactNode);
      const text = cellText(content);
      // Nothing to show whole: no text, or the dash of an empty value.
      if (text === undefined || text === '' || text === '—') return content as ReactNode;
      return (
        <Tooltip title={text} placement="topLeft" mouseEnterDelay={0.4}>
          <span className="list-table__text">{content as ReactNode}</span>
        </Tooltip>
      );
    },
  };
}

/** The column picker: every optional column with a checkbox. */
function ColumnPicker<T>({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ListColumn<T>[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const optional = columns.filter((column) => column.optional);
  const content = (
    <Flex vertical gap={6} className="list-table__picker">
      {optional.map((column) => {
        const key = columnKey(column);
        return (
          <Checkbox
            key={key}
            checked={!hidden.includes(key)}
            onChange={(event) =>
              onChange(event.target.checked ? hidden.filter((other) => other !== key) : [...hidden, key])
            }
          >
            {column.title as ReactNode}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" onClick={() => onChange(defaultHiddenColumns(columns))}>
        恢复默认
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} title="显示的列" trigger="click" placement="bottomRight">
      <Button
        type="text"
        size="small"
        icon={<SettingOutlined />}
        aria-label="列设置"
        className="list-table__picker-button"
      />
    </Popover>
  );
}

/**
 * The back office's list table: antd's Table laid out fixed at the columns' widths, so no column
 * slides under the pinned 操作 column while the shown columns fit; long texts are cut with … and
 * shown whole in a tooltip; optional columns are chosen with the column picker (列设置, in the header
 * of the pinned column, or of the last one), remembered per list. Columns beyond the list's width
 * (chosen by the reader) scroll sideways.
 */
export function ListTable<T extends object>({ columns, columnsId, scroll, ...props }: ListTableProps<T>) {
  const [hidden, setHidden] = useState<string[]>(
    () => readHidden(columnsId) ?? defaultHiddenColumns(columns),
  );
  const hasPicker = columns.some((column) => column.optional);
  const shown = useMemo(
    () => columns.filter((column) => !(column.optional && hidden.includes(columnKey(column)))),
    [columns, hidden],
  );

  const tableColumns = useMemo(() => {
    const result = shown.map((column) => ({ ...withTooltip(column), key: columnKey(column) }));
    if (!hasPicker) return result;
    const host = Math.max(
      shown.findIndex((column) => column.fixed === 'right'),
      0,
    );
    const at = shown.some((column) => column.fixed === 'right') ? host : result.length - 1;
    const column = result[at];
    if (column) {
      const picker = (
        <ColumnPicker
          columns={columns}
          hidden={hidden}
          onChange={(next) => {
            setHidden(next);
            writeHidden(columnsId, next);
          }}
        />
      );
      result[at] = {
        ...column,
        // The header holds the picker button: never cut.
        ellipsis: false,
        title: (
          <Flex align="center" justify="space-between" gap={4}>
            <span>{column.title as ReactNode}</span>
            {picker}
          </Flex>
        ),
      };
    }
    return result;
  }, [shown, hasPicker, columns, hidden, columnsId]);

  return (
    <Table<T>
      {...props}
      className={['list-table', props.className].filter(Boolean).join(' ')}
      columns={tableColumns}
      tableLayout="fixed"
      scroll={{ ...scroll, x: columnsWidth(shown, Boolean(props.rowSelection)) }}
    />
  );
}
