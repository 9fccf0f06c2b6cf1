import {
  ORDER_CHANNEL_LABEL,
  ORDER_CLOSE_REASON_LABEL,
  ORDER_LOG_SOURCE_LABEL,
  ORDER_STATUS_LABEL,
  type OrderDetail,
  type OrderItemView,
  type OrderLogView,
  type PayAttemptView,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, Descriptions, Drawer, Tag, Typography } from 'antd';
import type { DescriptionsItemType } from 'antd/es/descriptions';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { getOrder } from '../../../../api/order';
import { RecordPending } from '../../../../components/RecordPending';
import { RowsTable } from '../../../../components/RowsTable';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { useAccess } from '../../../../hooks/useAccess';
import { useRecord } from '../../../../hooks/useRecord';
import { PAY_ATTEMPT_STATUS_LABEL } from '../order-meta';
import { OrderStatusTag } from './OrderStatusTag';
import { RefundOrderModal } from './RefundOrderModal';

/** The page whose holders refund orders (`order/refund`). */
const REFUND_PAGE = '/invoice-manage/refund-list';

const ITEM_COLUMNS: ColumnsType<OrderItemView> = [
  {
    title: '班级',
    key: 'className',
    render: (_v, item) => (
      <>
        {item.className}
        {item.refunded && (
          <Tag color="purple" style={{ marginLeft: 8 }}>
            已退款
          </Tag>
        )}
      </>
    ),
  },
  { title: '年度', dataIndex: 'year', width: 80 },
  { title: '价格', dataIndex: 'amount', width: 110, align: 'right', render: (fen: number) => formatFen(fen) },
];

const ATTEMPT_COLUMNS: ColumnsType<PayAttemptView> = [
  { title: '商户订单号', dataIndex: 'outTradeNo', width: 220 },
  {
    title: '支付方式',
    dataIndex: 'channel',
    width: 120,
    render: (channel: PayAttemptView['channel']) => ORDER_CHANNEL_LABEL[channel],
  },
  { title: '商户号', dataIndex: 'mchId', width: 120 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (status: PayAttemptView['status']) => PAY_ATTEMPT_STATUS_LABEL[status],
  },
  { title: '微信支付交易号', dataIndex: 'transactionId', width: 260, render: orDash },
  { title: '金额', dataIndex: 'amount', width: 100, align: 'right', render: (fen: number) => formatFen(fen) },
  dateTimeColumn('发起时间', 'createdAt'),
  {
    title: '支付时间',
    dataIndex: 'paidAt',
    width: 180,
    render: (paidAt: string | null) => orDash(formatDateTime(paidAt)),
  },
];

/** A line of the state history (the log has no id of its own). */
type LogRow = OrderLogView & { key: number };

const LOG_COLUMNS: ColumnsType<LogRow> = [
  dateTimeColumn('时间', 'createdAt'),
  {
    title: '状态变化',
    key: 'change',
    width: 160,
    render: (_value, log) =>
      `${log.fromStatus ? ORDER_STATUS_LABEL[log.fromStatus] : '创建'} → ${ORDER_STATUS_LABEL[log.toStatus]}`,
  },
  {
    title: '操作方',
    key: 'source',
    width: 190,
    render: (_value, log) =>
      log.actorName
        ? `${ORDER_LOG_SOURCE_LABEL[log.source]}（${log.actorName}）`
        : ORDER_LOG_SOURCE_LABEL[log.source],
  },
  { title: '原因', dataIndex: 'reason', render: orDash },
];

/** The order's own fields (the deadline of an unpaid order, closing and who enrolled for free when they apply). */
function OrderFields({ order }: { order: OrderDetail }) {
  const items: (DescriptionsItemType | false)[] = [
    {
      key: 'orderNo',
      label: '订单号',
      children: <Typography.Text copyable>{order.orderNo}</Typography.Text>,
    },
    { key: 'status', label: '状态', children: <OrderStatusTag status={order.status} /> },
    { key: 'student', label: '学员', children: order.studentName },
    { key: 'idCardNo', label: '身份证号', children: orDash(order.idCardNo) },
    { key: 'mobile', label: '手机号', children: orDash(order.mobile) },
    { key: 'unit', label: '单位', children: orDash(order.unitName) },
    { key: 'total', label: '订单金额', children: formatFen(order.totalAmount) },
    { key: 'paid', label: '实付金额', children: formatFen(order.paidAmount) },
    { key: 'channel', label: '支付方式', children: order.channel ? ORDER_CHANNEL_LABEL[order.channel] : '—' },
    { key: 'transactionId', label: '微信支付交易号', children: orDash(order.transactionId) },
    { key: 'createdAt', label: '下单时间', children: formatDateTime(order.createdAt) },
    { key: 'paidAt', label: '支付时间', children: orDash(formatDateTime(order.paidAt)) },
    order.status === 'UNPAID' && {
      key: 'expiresAt',
      label: '支付截止',
      children: orDash(formatDateTime(order.expiresAt)),
    },
    order.closedAt !== null && {
      key: 'closedAt',
      label: '关闭时间',
      children: `${formatDateTime(order.closedAt)}${order.closeReason ? `（${ORDER_CLOSE_REASON_LABEL[order.closeReason]}）` : ''}`,
    },
    order.createdByName !== null && { key: 'createdBy', label: '开通人', children: order.createdByName },
    { key: 'remark', label: '备注', span: 'filled', children: orDash(order.remark) },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      styles={{ label: { width: 140 } }}
      items={items.filter((item): item is DescriptionsItemType => item !== false)}
    />
  );
}

/** One order with its items, payment attempts and state history (mounted while the drawer is open). */
function OrderDetailContent({ id }: { id: number }) {
  const state = useRecord(id, getOrder);
  const canRefund = useAccess().can(REFUND_PAGE);
  const [refunding, setRefunding] = useState(false);
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} />;
  const order = state.record;
  const refundable = canRefund && order.status === 'PAID';
  return (
    <>
      <OrderFields order={order} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        班级
        {refundable && (
          <Button danger size="small" style={{ marginLeft: 12 }} onClick={() => setRefunding(true)}>
            退款
          </Button>
        )}
      </Typography.Title>
      {/* Mounted only while open: a mounted dialog (FormModal renders its form when closed too)
          would take Escape from the drawer (antd answers Escape in the last portal shown). */}
      {refundable && refunding && (
        <RefundOrderModal order={order} open onClose={() => setRefunding(false)} onDone={state.reload} />
      )}
      <RowsTable<OrderItemView> rowKey="id" columns={ITEM_COLUMNS} dataSource={order.items} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        支付记录
      </Typography.Title>
      <RowsTable<PayAttemptView>
        rowKey="outTradeNo"
        columns={ATTEMPT_COLUMNS}
        dataSource={order.attempts}
        wide
        empty="没有向微信支付发起过支付"
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        状态记录
      </Typography.Title>
      <RowsTable<LogRow>
        columns={LOG_COLUMNS}
        dataSource={order.logs.map((log, index) => ({ ...log, key: index }))}
      />
    </>
  );
}

export interface OrderDetailDrawerProps {
  /** The order shown; null: the drawer is closed. */
  orderId: number | null;
  onClose: () => void;
}

/** 订单详情: the order's fields, its classes, its payments at WeChat Pay and the history of its state. */
export function OrderDetailDrawer({ orderId, onClose }: OrderDetailDrawerProps) {
  return (
    <Drawer title="订单详情" open={orderId !== null} onClose={onClose} size={860} destroyOnHidden>
      {orderId !== null && <OrderDetailContent id={orderId} />}
    </Drawer>
  );
}
