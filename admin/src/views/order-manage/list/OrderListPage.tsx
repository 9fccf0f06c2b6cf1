import GiftOutlined from '@ant-design/icons/GiftOutlined';
import { ORDER_CHANNEL_LABEL, type OrderRow } from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { exportOrders, listOrders } from '../../../api/order';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { LIST_TIME, LinesCell, orDash, Secondary, StudentCell } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { rowDialogProps, useRowDialog } from '../../../hooks/useRowDialog';
import { type UnitChoice, useUnitChoices } from '../../../hooks/useUnitChoices';
import { FreeOrderModal } from './components/FreeOrderModal';
import { ClassFilterSelect } from './components/OptionSelects';
import { OrderDetailDrawer } from './components/OrderDetailDrawer';
import { OrderRowActions } from './components/OrderRowActions';
import { OrderStatusTag } from './components/OrderStatusTag';
import { useWechatQuery, type WechatQuery } from './hooks/useWechatQuery';
import { ORDER_CHANNEL_OPTIONS, ORDER_STATUS_OPTIONS, orderExportFileName } from './order-meta';

/**
 * The columns of the order table, sized so that the whole table fits a 1440 px screen beside the
 * sidebar (times, channel and the paid amount share cells as secondary lines).
 */
function orderColumns(
  onDetail: (order: OrderRow) => void,
  query: WechatQuery,
  canOpenBatch: boolean,
): ListColumn<OrderRow>[] {
  return [
    {
      title: '订单号 / 下单时间',
      key: 'orderNo',
      width: 204,
      ellipsis: false,
      render: (_value, order) => (
        <>
          <div>{order.orderNo}</div>
          <Secondary>{formatDateTime(order.createdAt, LIST_TIME)}</Secondary>
          {order.batchOrderId !== null &&
            (canOpenBatch ? (
              <Link to={`/order-manage/detail?id=${order.batchOrderId}`}>团体缴费订单</Link>
            ) : (
              <Secondary>团体缴费订单</Secondary>
            ))}
        </>
      ),
    },
    {
      title: '学员',
      key: 'student',
      width: 150,
      ellipsis: false,
      render: (_value, order) => (
        <StudentCell name={order.studentName} idCardNo={order.idCardNo} mobile={order.mobile} />
      ),
    },
    { title: '单位', dataIndex: 'unitName', width: 100, optional: 'hidden', render: orDash },
    {
      title: '班级',
      key: 'items',
      width: 140,
      ellipsis: false,
      render: (_value, order) => order.items.map((item) => <div key={item.classId}>{item.className}</div>),
    },
    {
      title: '金额 / 实付',
      key: 'amount',
      width: 107,
      optional: 'shown',
      ellipsis: false,
      align: 'right',
      render: (_value, order) => (
        <LinesCell main={formatFen(order.totalAmount)} lines={[`实付 ${formatFen(order.paidAmount)}`]} />
      ),
    },
    {
      title: '状态 / 支付',
      key: 'status',
      width: 166,
      ellipsis: false,
      render: (_value, order) => (
        <>
          <OrderStatusTag status={order.status} />
          {order.status === 'PAID' && order.refundedAmount > 0 && (
            <Secondary>{`部分退款 ${formatFen(order.refundedAmount)}`}</Secondary>
          )}
          {order.channel && <Secondary>{ORDER_CHANNEL_LABEL[order.channel]}</Secondary>}
          {order.paidAt && <Secondary>{`支付 ${formatDateTime(order.paidAt, LIST_TIME)}`}</Secondary>}
        </>
      ),
    },
    {
      title: '备注',
      dataIndex: 'remark',
      width: 104,
      optional: 'shown',
      ellipsis: false,
      render: (remark: string | null) =>
        remark ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: remark }} style={{ margin: 0 }}>
            {remark}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_value, order) => (
        <OrderRowActions
          order={order}
          onDetail={onDetail}
          onQueryWechat={(row) => void query.run(row)}
          querying={query.busy === order.id}
        />
      ),
    },
  ];
}

/** The filters of the order list. */
function orderFilters(units: UnitChoice[]): FilterField<FiltersOf<'order/page'>>[] {
  return [
    {
      kind: 'text',
      name: 'orderNo',
      label: '订单号',
      placeholder: '订单号或微信支付交易号',
      maxLength: 64,
      width: 220,
    },
    { ...STUDENT_FILTER, width: 200 },
    { kind: 'select', name: 'status', label: '状态', options: ORDER_STATUS_OPTIONS, width: 110 },
    { kind: 'select', name: 'channel', label: '支付方式', options: ORDER_CHANNEL_OPTIONS, width: 140 },
    { kind: 'custom', name: 'classId', label: '班级', control: <ClassFilterSelect style={{ width: 240 }} /> },
    { kind: 'select', name: 'unitId', label: '单位', options: units, searchable: true, width: 200 },
    { kind: 'dateRange', name: 'created', label: '下单日期', from: 'createdFrom', to: 'createdTo' },
  ];
}

/**
 * 订单列表 (project staff): the project's orders, newest first, with filters, 详情 (items, payments
 * and history in a drawer), 查询微信 for unpaid orders and 导出 of the filtered list; staff holding
 * the grant 免费开通 enrol students in classes without payment.
 */
export function OrderListPage() {
  const list = useListCall('order/page', listOrders);
  const units = useUnitChoices();
  const query = useWechatQuery(list.reload);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [freeOrder, freeOrderDialog] = useRowDialog<null>();
  const access = useAccess();
  const canFreeOrder = access.can('/order-manage/free-order');
  const columns = orderColumns((order) => setDetailId(order.id), query, access.can('/order-manage/detail'));

  return (
    <ListPage
      title="订单列表"
      list={list}
      name="order-filters"
      filters={orderFilters(units.choices)}
      columns={columns}
      columnsId="order-manage/list"
      exportTo={{ download: exportOrders, fileName: () => orderExportFileName() }}
      extra={
        canFreeOrder && (
          <Button type="primary" icon={<GiftOutlined />} onClick={() => freeOrderDialog.show(null)}>
            免费开通
          </Button>
        )
      }
    >
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
      {freeOrder && <FreeOrderModal {...rowDialogProps(freeOrder, freeOrderDialog, list.reload)} />}
    </ListPage>
  );
}
