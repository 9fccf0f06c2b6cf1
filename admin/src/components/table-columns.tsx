import type { RecordStatus } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { StatusTag } from './StatusTag';

/** Times in lists: to the minute (details show seconds). */
export const LIST_TIME = 'YYYY-MM-DD HH:mm';

/** A secondary line of a cell (an ID number, a mobile, the paid amount…), below its main value. */
export function Secondary({ children }: { children: string }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}

/** A cell of a main value with secondary lines below it; the empty ones (a condition not met) are left out. */
export function LinesCell({
  main,
  lines,
}: {
  main: ReactNode;
  lines: readonly (string | false | null | undefined)[];
}) {
  return (
    <>
      <div>{main}</div>
      {lines.map((line) => line && <Secondary key={line}>{line}</Secondary>)}
    </>
  );
}

/** A student in a cell: the name, then the (masked) ID number and the mobile when known. */
export function StudentCell({
  name,
  idCardNo,
  mobile,
}: {
  name: string;
  idCardNo?: string | null;
  mobile?: string | null;
}) {
  return <LinesCell main={name} lines={[idCardNo, mobile]} />;
}

/** A cell's text, or `—` when there is none. */
export function orDash(value: string | null | undefined): string {
  return value || '—';
}

/** The 状态 column of a list of records with a status: the status as a coloured tag. */
export function statusColumn<T extends { status: RecordStatus }>(width: number): ColumnType<T> {
  return {
    title: '状态',
    dataIndex: 'status',
    width,
    render: (status: RecordStatus) => <StatusTag status={status} />,
  };
}

/** A column of a closed set of values (a status, a kind) as tags: each value's label in its colour. */
export function tagColumn<T, V extends string | number = string>(
  title: string,
  dataIndex: keyof T & string,
  width: number,
  labels: Readonly<Record<V, string>>,
  colors: Readonly<Record<V, string>>,
): ColumnType<T> {
  return { title, dataIndex, width, render: (value: V) => <Tag color={colors[value]}>{labels[value]}</Tag> };
}

/** A column of a timestamp shown by `formatDateTime` (by default `YYYY-MM-DD HH:mm:ss`). */
export function dateTimeColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  width = 180,
  format?: string,
): ColumnType<T> {
  return { title, dataIndex, width, render: (value: string) => formatDateTime(value, format) };
}
