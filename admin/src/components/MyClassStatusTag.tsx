import { MY_CLASS_STATUS, MY_CLASS_STATUS_LABEL, type MyClassStatus } from '@px/api/contract';
import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { labelOptions } from '../utils/label-options';

const COLOR: Readonly<Record<MyClassStatus, string>> = {
  PENDING_PAY: 'warning',
  STUDYING: 'processing',
  FINISHED_STUDY: 'cyan',
  PASSED: 'success',
  EXPIRED: 'default',
  REFUNDED: 'default',
  CHANGED_OUT: 'default',
};

/** The choices of an enrolment state filter. */
export const MY_CLASS_STATUS_OPTIONS = labelOptions(MY_CLASS_STATUS, MY_CLASS_STATUS_LABEL);

/** An enrolment's state (学习中, 已合格, ...) as a coloured tag. */
export function MyClassStatusTag({ status }: { status: MyClassStatus }) {
  return <Tag color={COLOR[status]}>{MY_CLASS_STATUS_LABEL[status]}</Tag>;
}

/** A column of an enrolment's state as its tag (`dataIndex` names the field holding it). */
export function myClassStatusColumn<T>(
  title: string,
  width: number,
  dataIndex: keyof T & string,
): ColumnType<T> {
  return { title, dataIndex, width, render: (status: MyClassStatus) => <MyClassStatusTag status={status} /> };
}
