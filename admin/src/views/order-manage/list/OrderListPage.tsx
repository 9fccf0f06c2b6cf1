import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import { ORDER_CHANNEL_LABEL, type OrderFilters, type OrderRow, type UnitOption } from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { getUnitOptions } from '../../../api/account';
import { exportOrders, listOrders } from '../../../api/order';
import { DateRangeField } from '../../../components/DateFields';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { type ListColumn, ListTable } from '../../../components/ListTable';
import { orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useExport } from '../../../hooks/useExport';
import { usePagedList } from '../../../hooks/usePagedList';
import { useRecord } from '../../../hooks/useRecord';
import { FreeOrderModal } from './components/FreeOrderModal';
import { ClassFilterSelect } from './components/OptionSelects';
import { OrderDetailDrawer } from './components/OrderDetailDrawer';
import { OrderRowActions } from './components/OrderRowActions';
import { OrderStatusTag } from './components/OrderStatusTag';
import { useWechatQuery, type WechatQuery } from './hooks/useWechatQuery';
import {
  cleanOrderFilters,
  ORDER_CHANNEL_OPTIONS,
  ORDER_STATUS_OPTIONS,
  type OrderFilterValues,
  orderExportFileName,
} from './order-meta';

/** Times in the list: to the minute (the detail shows seconds). */
const LIST_TIME = 'YYYY-MM-DD HH:mm';

/** Secondary lines of a cell (ID number, mobile, paid amount...). */
function Secondary({ children }: { children: string }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}

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
        <>
          <div>{order.studentName}</div>
          {order.idCardNo && <Secondary>{order.idCardNo}</Secondary>}
          {order.mobile && <Secondary>{order.mobile}</Secondary>}
        </>
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
        <>
          <div>{formatFen(order.totalAmount)}</div>
          <Secondary>{`实付 ${formatFen(order.paidAmount)}`}</Secondary>
        </>
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

/** The filter fields of the order list. */
function OrderFilterFields({ units }: { units: UnitOption[] }) {
  const unitChoices = useMemo(() => units.map((unit) => ({ value: unit.id, label: unit.name })), [units]);
  return (
    <>
      <Form.Item name="orderNo" label="订单号">
        <Input allowClear maxLength={64} placeholder="订单号或微信支付交易号" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="student" label="学员">
        <Input allowClear maxLength={50} placeholder="姓名、身份证号或手机号" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select allowClear placeholder="全部" options={ORDER_STATUS_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="channel" label="支付方式">
        <Select allowClear placeholder="全部" options={ORDER_CHANNEL_OPTIONS} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="classId" label="班级">
        <ClassFilterSelect style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="unitId" label="单位">
        <Select
          allowClear
          placeholder="全部"
          options={unitChoices}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="created" label="下单日期">
        <DateRangeField />
      </Form.Item>
    </>
  );
}

/**
 * 订单列表 (project staff): the project's orders, newest first, with filters, 详情 (items, payments
 * and history in a drawer), 查询微信 for unpaid orders and 导出 of the filtered list; staff holding
 * the grant 免费开通 enrol students in classes without payment.
 */
export function OrderListPage() {
  const list = usePagedList<OrderFilters, OrderRow>(listOrders, {});
  const units = useRecord('units', () => getUnitOptions());
  const exporter = useExport(
    () => exportOrders(list.filters),
    () => orderExportFileName(),
  );
  const query = useWechatQuery(list.reload);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [freeOrder, setFreeOrder] = useState<{ open: boolean } | null>(null);
  const access = useAccess();
  const canFreeOrder = access.can('/order-manage/free-order');
  const columns = orderColumns((order) => setDetailId(order.id), query, access.can('/order-manage/detail'));

  return (
    <Card title="订单列表">
      <ListFilterBar<OrderFilterValues>
        name="order-filters"
        onSearch={(values) => list.search(cleanOrderFilters(values))}
        onReset={list.reset}
        style={{ rowGap: 12 }}
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.exporting}
              onClick={() => void exporter.run()}
            >
              导出
            </Button>
            {canFreeOrder && (
              <Button type="primary" icon={<GiftOutlined />} onClick={() => setFreeOrder({ open: true })}>
                免费开通
              </Button>
            )}
          </Space>
        }
      >
        <OrderFilterFields units={units.status === 'ready' ? units.record : []} />
      </ListFilterBar>
      <ListTable<OrderRow> columnsId="order-manage/list" rowKey="id" columns={columns} {...list.tableProps} />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
      {freeOrder && (
        <FreeOrderModal
          open={freeOrder.open}
          onClose={() => setFreeOrder({ open: false })}
          onDone={() => {
            setFreeOrder({ open: false });
            list.reload();
          }}
          afterClose={() => setFreeOrder(null)}
        />
      )}
    </Card>
  );
}
