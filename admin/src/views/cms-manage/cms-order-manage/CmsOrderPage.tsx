import { type CmsOrderRow, ORDER_STATUS_LABEL, type OrderStatus } from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, message, Typography } from 'antd';
import { listCmsOrders, refundCmsOrder } from '../../../api/cms';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { TextPrompt } from '../../../components/TextPrompt';
import {
  dateTimeColumn,
  LIST_TIME,
  LinesCell,
  StudentCell,
  tagColumn,
} from '../../../components/table-columns';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { ApplyStatusTag, levelText, useBatchOptions } from '../cms-meta';

type Filters = FiltersOf<'cms-order/page'>;

const STATUS_COLOR: Record<OrderStatus, string> = {
  UNPAID: 'warning',
  PAID: 'success',
  CLOSED: 'default',
  REFUNDING: 'processing',
  REFUNDED: 'default',
};

const STATUS_OPTIONS = (['UNPAID', 'PAID', 'CLOSED', 'REFUNDING', 'REFUNDED'] as const).map((status) => ({
  value: status,
  label: ORDER_STATUS_LABEL[status],
}));

/**
 * 考务订单: the fee orders of the applications (filters 考试批次, 订单状态, 订单号, 考生, 下单日期),
 * paid by WeChat Pay through the order engine; 退款 (by the order's abilities) returns the fee in
 * full through the refund engine and cancels the application.
 */
export function CmsOrderPage() {
  const list = useListCall('cms-order/page', listCmsOrders);
  const batches = useBatchOptions();
  const [refunding, refundDialog] = useRowDialog<CmsOrderRow>();
  const filters: FilterField<Filters>[] = [
    {
      kind: 'select',
      name: 'batchId',
      label: '考试批次',
      options: batches.options,
      searchable: true,
      width: 220,
    },
    { kind: 'select', name: 'status', label: '订单状态', options: STATUS_OPTIONS, width: 110 },
    { kind: 'text', name: 'orderNo', label: '订单号', maxLength: 64, width: 200 },
    { ...STUDENT_FILTER, label: '考生' },
    { kind: 'dateRange', name: 'created', label: '下单日期', from: 'createdFrom', to: 'createdTo' },
  ];
  const columns: ListColumn<CmsOrderRow>[] = [
    { title: '订单号', dataIndex: 'orderNo', width: 180 },
    {
      title: '考生',
      key: 'student',
      width: 170,
      render: (_v, row) => <StudentCell name={row.realName} idCardNo={row.idCardNo} mobile={row.mobile} />,
    },
    {
      title: '考试批次',
      key: 'batch',
      width: 170,
      render: (_v, row) => <LinesCell main={row.batchName} lines={[levelText(row.skillLevel)]} />,
    },
    {
      title: '金额',
      key: 'amount',
      width: 100,
      align: 'right',
      render: (_v, row) => (
        <LinesCell
          main={formatFen(row.amount)}
          lines={[row.refundedAmount > 0 && `已退 ${formatFen(row.refundedAmount)}`]}
        />
      ),
    },
    tagColumn<CmsOrderRow, OrderStatus>('订单状态', 'status', 100, ORDER_STATUS_LABEL, STATUS_COLOR),
    {
      title: '报名状态',
      dataIndex: 'applyStatus',
      width: 100,
      optional: 'hidden',
      render: (status) => <ApplyStatusTag status={status} />,
    },
    dateTimeColumn<CmsOrderRow>('下单时间', 'createdAt', 150, LIST_TIME),
    {
      title: '支付时间',
      dataIndex: 'paidAt',
      width: 150,
      optional: 'hidden',
      render: (value: string | null) => (value ? formatDateTime(value, LIST_TIME) : '—'),
    },
    {
      title: '微信交易号',
      dataIndex: 'transactionId',
      width: 220,
      optional: 'hidden',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_v, row) =>
        row.abilities.canRefund ? (
          <Button type="link" size="small" danger onClick={() => refundDialog.show(row)}>
            退款
          </Button>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
  return (
    <ListPage
      title="考务订单"
      list={list}
      name="cms-order-filters"
      filters={filters}
      columns={columns}
      columnsId="cms-manage/cms-order-manage"
    >
      {refunding && (
        // 退款: the fee back in full through the refund engine; the application is cancelled.
        <TextPrompt
          key={refunding.row.id}
          open={refunding.open}
          title={`退款：${refunding.row.orderNo}`}
          okText="确认退款"
          name="cms-refund"
          field="reason"
          label="退款原因"
          intro={`将原路退还 ${formatFen(refunding.row.paidAmount - refunding.row.refundedAmount)}，${refunding.row.realName} 的报名随之取消。`}
          onOk={async (reason) => {
            await refundCmsOrder(refunding.row.id, reason);
            void message.success('已提交退款');
            refundDialog.close();
            list.reload();
          }}
          onCancel={refundDialog.close}
          afterClose={refundDialog.afterClose}
        />
      )}
    </ListPage>
  );
}
