import { BATCH_ORDER_STATUS, BATCH_ORDER_STATUS_LABEL, type BatchOrderStatus } from '@px/api/contract';
import { Tag } from 'antd';

const COLOR: Readonly<Record<BatchOrderStatus, string>> = {
  CREATED: 'warning',
  PAID: 'success',
  CANCELLED: 'default',
};

/** The choices of a batch order state filter. */
export const BATCH_ORDER_STATUS_OPTIONS = BATCH_ORDER_STATUS.map((value) => ({
  value,
  label: BATCH_ORDER_STATUS_LABEL[value],
}));

/** A batch order's state (待支付, 已支付, 已取消) as a coloured tag. */
export function BatchOrderStatusTag({ status }: { status: BatchOrderStatus }) {
  return <Tag color={COLOR[status]}>{BATCH_ORDER_STATUS_LABEL[status]}</Tag>;
}
