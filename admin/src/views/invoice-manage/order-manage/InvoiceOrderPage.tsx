import {
  INVOICE_STATUS_LABEL,
  type InvoiceOrderRow,
  MARK_ALL_LIMIT,
  ORDER_INVOICE_STATE_LABEL,
  ORDER_INVOICE_STATES,
  type OrderInvoiceState,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, Form, Input, Modal, message, Space, Tag } from 'antd';
import { useState } from 'react';
import {
  checkInvoiceReOpen,
  listInvoiceOrders,
  markAllInvoiceOrders,
  markInvoiceOrder,
  openInvoice,
} from '../../../api/invoice';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { RefusedAction } from '../../../components/RowActions';
import { LIST_TIME, LinesCell, Secondary } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { required } from '../../../utils/form-rules';

const STATE_COLOR: Readonly<Record<OrderInvoiceState, string>> = {
  NONE: 'default',
  PENDING: 'warning',
  ISSUED: 'success',
  REVERSED: 'purple',
};
const STATE_OPTIONS = ORDER_INVOICE_STATES.map((value) => ({
  value,
  label: ORDER_INVOICE_STATE_LABEL[value],
}));

/** The filters of the orders. */
const ORDER_FILTERS: FilterField<FiltersOf<'invoice/order-page'>>[] = [
  { kind: 'text', name: 'orderNo', label: '订单号', placeholder: '订单号', maxLength: 64, width: 200 },
  STUDENT_FILTER,
  { kind: 'select', name: 'invoiceState', label: '开票状态', options: STATE_OPTIONS, width: 110 },
  { kind: 'dateRange', name: 'paid', label: '支付日期', from: 'paidFrom', to: 'paidTo' },
];

/**
 * Whether staff would expect 标记 on the row (paid, not invoiced, something left): offered when the
 * row's abilities allow it (the server decides again), else shown disabled with the reason (e.g. a
 * refund application is open).
 */
const markable = (row: InvoiceOrderRow) =>
  row.orderStatus === 'PAID' &&
  (row.invoiceState === 'NONE' || row.invoiceState === 'REVERSED') &&
  row.invoiceableAmount > 0;

interface MarkValues {
  remark: string;
  invoiceNumber?: string;
}

/**
 * 开票订单 (发票管理, staff holding `/invoice-manage/order-manage`): the project's paid orders with how
 * each stands with invoices (未开票, 待开票, 已开票, 已红冲) and what is left to invoice (paid minus
 * refunded minus invoiced); 标记 records an order invoiced outside the platform (the server's
 * check-re-open says first whether it may be), 开票 opens a waiting application through the platform,
 * 全部标记 marks every order the applied filters match that may be marked (at most 500, one go).
 */
export function InvoiceOrderPage() {
  const list = useListCall('invoice/order-page', listInvoiceOrders);
  const [marking, setMarking] = useState<InvoiceOrderRow | null>(null);
  const [markOpen, setMarkOpen] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  const { busy, run, track } = useRowAction<number>(list.reload);
  const [form] = Form.useForm<MarkValues>();
  const [allForm] = Form.useForm<{ remark: string }>();

  const startMark = (row: InvoiceOrderRow) =>
    track(row.orderId, async () => {
      const check = await checkInvoiceReOpen(row.orderId);
      if (!check.allowed) {
        void message.warning(check.reason ?? '该订单不能标记开票');
        list.reload();
        return;
      }
      setMarking(row);
      setMarkOpen(true);
    });
  const open = async (row: InvoiceOrderRow) => {
    const { invoiceId } = row;
    if (invoiceId) await run(row.orderId, () => openInvoice(invoiceId), '已提交开票');
  };

  const columns: ListColumn<InvoiceOrderRow>[] = [
    {
      title: '订单号 / 支付时间',
      key: 'orderNo',
      width: 190,
      ellipsis: false,
      render: (_v, row) => (
        <LinesCell main={row.orderNo} lines={[row.paidAt && formatDateTime(row.paidAt, LIST_TIME)]} />
      ),
    },
    {
      title: '学员',
      key: 'student',
      width: 130,
      ellipsis: false,
      render: (_v, row) => (
        <LinesCell
          main={row.studentName}
          lines={[row.mobile, row.byUnit && row.unitName && `${row.unitName}统一缴费`]}
        />
      ),
    },
    { title: '班级', key: 'classes', width: 150, render: (_v, row) => row.classNames.join('、') },
    {
      title: '实付 / 已退款',
      key: 'paid',
      width: 110,
      align: 'right',
      ellipsis: false,
      render: (_v, row) => (
        <LinesCell
          main={formatFen(row.paidAmount)}
          lines={[row.refundedAmount > 0 && `退 ${formatFen(row.refundedAmount)}`]}
        />
      ),
    },
    {
      title: '可开票金额',
      key: 'invoiceable',
      width: 110,
      align: 'right',
      ellipsis: false,
      render: (_v, row) => (
        <LinesCell
          main={formatFen(row.invoiceableAmount)}
          lines={[row.invoicedAmount > 0 && `已开 ${formatFen(row.invoicedAmount)}`]}
        />
      ),
    },
    {
      title: '开票状态',
      key: 'state',
      width: 150,
      ellipsis: false,
      render: (_v, row) => (
        <>
          <Tag color={STATE_COLOR[row.invoiceState]}>{ORDER_INVOICE_STATE_LABEL[row.invoiceState]}</Tag>
          {row.marked && <Tag>线下开具</Tag>}
          {row.invoiceStatus && row.invoiceState === 'PENDING' && (
            <Secondary>{INVOICE_STATUS_LABEL[row.invoiceStatus]}</Secondary>
          )}
          {row.invoiceNumber && <Secondary>{`号码 ${row.invoiceNumber}`}</Secondary>}
        </>
      ),
    },
    {
      title: '订单状态',
      key: 'orderStatus',
      width: 90,
      optional: 'hidden',
      render: (_v, row) => ({ PAID: '已支付', REFUNDING: '退款中', REFUNDED: '已退款' })[row.orderStatus],
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          {row.abilities.canMark ? (
            <Button
              type="link"
              size="small"
              loading={busy === row.orderId}
              onClick={() => void startMark(row)}
            >
              标记
            </Button>
          ) : (
            markable(row) && <RefusedAction label="标记" refusal={row.abilities.markRefusal} />
          )}
          {row.invoiceState === 'PENDING' && row.invoiceStatus === 'PENDING' && (
            <Button type="link" size="small" loading={busy === row.orderId} onClick={() => void open(row)}>
              开票
            </Button>
          )}
          {!markable(row) &&
            !row.abilities.canMark &&
            !(row.invoiceState === 'PENDING' && row.invoiceStatus === 'PENDING') &&
            '—'}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="开票订单"
      list={list}
      name="invoice-order-filters"
      filters={ORDER_FILTERS}
      columns={columns}
      columnsId="invoice-manage/order-manage"
      rowKey="orderId"
      extra={<Button onClick={() => setAllOpen(true)}>全部标记</Button>}
    >
      <FormModal<MarkValues>
        open={markOpen}
        title="标记已开票"
        okText="标记"
        name="invoice-order-mark"
        form={form}
        intro={
          marking
            ? `订单 ${marking.orderNo}（${marking.studentName}），可开票金额 ${formatFen(marking.invoiceableAmount)}，将记为线下已开票。`
            : undefined
        }
        onClose={() => setMarkOpen(false)}
        afterClose={() => setMarking(null)}
        onSubmit={async (values) => {
          if (!marking) return;
          await markInvoiceOrder({
            orderId: marking.orderId,
            remark: values.remark,
            invoiceNumber: values.invoiceNumber?.trim() || undefined,
          });
          void message.success('已标记为已开票');
          setMarkOpen(false);
          list.reload();
        }}
      >
        <Form.Item name="remark" label="备注" rules={[required('请填写备注')]}>
          <Input.TextArea maxLength={200} showCount rows={3} placeholder="例如：线下开具纸质发票，已邮寄" />
        </Form.Item>
        <Form.Item
          name="invoiceNumber"
          label="发票号码（选填）"
          rules={[{ pattern: /^\s*[0-9]{8,20}\s*$/, message: '发票号码应为 8 到 20 位数字' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
      </FormModal>
      <FormModal<{ remark: string }>
        open={allOpen}
        title="全部标记"
        okText="全部标记"
        name="invoice-order-mark-all"
        form={allForm}
        intro={`将当前查询条件下所有可标记的订单（已支付、有可开票金额、没有开票申请）记为线下已开票，一次最多 ${MARK_ALL_LIMIT} 个。`}
        onClose={() => setAllOpen(false)}
        onSubmit={async (values) => {
          const answer = await markAllInvoiceOrders({ ...list.filters, remark: values.remark });
          setAllOpen(false);
          Modal.success({
            title: `已标记 ${answer.marked} 个订单`,
            content: answer.orderNos.slice(0, 20).join('、'),
          });
          list.reload();
        }}
      >
        <Form.Item name="remark" label="备注" rules={[required('请填写备注')]}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
