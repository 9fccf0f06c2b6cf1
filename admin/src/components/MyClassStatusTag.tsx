import { MY_CLASS_STATUS, MY_CLASS_STATUS_LABEL, type MyClassStatus } from '@px/api/contract';
import { Tag } from 'antd';

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
export const MY_CLASS_STATUS_OPTIONS = MY_CLASS_STATUS.map((value) => ({
  value,
  label: MY_CLASS_STATUS_LABEL[value],
}));

/** An enrolment's state (学习中, 已合格, ...) as a coloured tag. */
export function MyClassStatusTag({ status }: { status: MyClassStatus }) {
  return <Tag color={COLOR[status]}>{MY_CLASS_STATUS_LABEL[status]}</Tag>;
}
