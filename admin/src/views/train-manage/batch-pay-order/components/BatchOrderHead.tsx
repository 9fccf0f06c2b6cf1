import { BATCH_ORDER_CHANNEL_LABEL, type BatchOrderItem } from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Descriptions, type DescriptionsProps } from 'antd';
import { BatchOrderStatusTag } from './BatchOrderStatusTag';

/** A timestamp, or `—` when there is none. */
const timeOrDash = (value: string | null) => (value ? formatDateTime(value) : '—');

/**
 * The head of a batch order: 批量订单号, 单位, 单位班级, 班级, 人数, 金额 (and 实付 once paid), 状态,
 * 支付方式, 支付时间 (or 取消时间), 创建时间 and the remark.
 */
export function BatchOrderHead({ order }: { order: BatchOrderItem }) {
  const items: DescriptionsProps['items'] = [
    { key: 'batchNo', label: '批量订单号', children: order.batchNo },
    { key: 'status', label: '状态', children: <BatchOrderStatusTag status={order.status} /> },
    { key: 'unit', label: '单位', children: order.unitName },
    { key: 'unitClass', label: '单位班级', children: order.unitClassName },
    { key: 'class', label: '班级', children: order.className },
    { key: 'count', label: '人数', children: order.orderCount },
    { key: 'amount', label: '金额', children: formatFen(order.totalAmount) },
    ...(order.status === 'PAID'
      ? [{ key: 'paidAmount', label: '实付', children: formatFen(order.paidAmount) }]
      : []),
    {
      key: 'channel',
      label: '支付方式',
      children: order.channel ? BATCH_ORDER_CHANNEL_LABEL[order.channel] : '—',
    },
    order.status === 'CANCELLED'
      ? { key: 'cancelledAt', label: '取消时间', children: timeOrDash(order.cancelledAt) }
      : { key: 'paidAt', label: '支付时间', children: timeOrDash(order.paidAt) },
    ...(order.transactionId
      ? [{ key: 'transactionId', label: '微信支付交易号', children: order.transactionId }]
      : []),
    { key: 'createdAt', label: '创建时间', children: formatDateTime(order.createdAt) },
    { key: 'remark', label: '说明', span: 'filled', children: order.remark || '—' },
  ];
  return <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} />;
}
