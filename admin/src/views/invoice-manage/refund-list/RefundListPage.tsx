import {
  REFUND_APPLY_STATUS,
  REFUND_APPLY_STATUS_LABEL,
  type RefundApplyRow,
  type RefundApplyStatus,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, Form, Input, message, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  approveRefundApply,
  exportRefundApplies,
  listRefundApplies,
  rejectRefundApply,
} from '../../../api/refund-apply';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { LIST_TIME, LinesCell, Secondary, StudentCell } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { required } from '../../../utils/form-rules';
import { readChoiceParam } from '../../../utils/query-id';

const STATUS_COLOR: Readonly<Record<RefundApplyStatus, string>> = {
  PENDING: 'warning',
  APPROVED: 'processing',
  REFUNDING: 'processing',
  SUCCESS: 'success',
  FAILED: 'error',
  REJECTED: 'default',
  CANCELLED: 'default',
};

const STATUS_OPTIONS = REFUND_APPLY_STATUS.map((value) => ({
  value,
  label: REFUND_APPLY_STATUS_LABEL[value],
}));

/** The filters of the applications. */
const REFUND_FILTERS: FilterField<FiltersOf<'refund-apply/list'>>[] = [
  { kind: 'text', name: 'orderNo', label: '订单号', placeholder: '订单号', maxLength: 64, width: 220 },
  { ...STUDENT_FILTER, width: 200 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 120 },
  { kind: 'dateRange', name: 'created', label: '申请日期', from: 'createdFrom', to: 'createdTo' },
];

/**
 * What 通过 says before it refunds: the amount and the classes stopping, and what the server says
 * approving means for the order's invoice (`abilities.approveWarning`: an issued invoice is not
 * reversed by the refund; staff 红冲 it in 发票列表).
 */
function ApproveDescription({ row }: { row: RefundApplyRow }) {
  return (
    <div style={{ maxWidth: 320 }}>
      <div>{`将原路退回 ${formatFen(row.amount)}，学员的班级将停止学习。`}</div>
      {row.abilities.approveWarning && (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 8 }}>
          {row.abilities.approveWarning}
        </Typography.Text>
      )}
    </div>
  );
}

/** The file name of 导出: 退款申请-YYYYMMDD.xlsx. */
export const refundExportFileName = (now: Date = new Date()) =>
  `退款申请-${formatDateTime(now, 'YYYYMMDD')}.xlsx`;

/**
 * 退款申请 (project staff holding `/invoice-manage/refund-list`): students' refund applications,
 * newest first, with filters; 通过 refunds the order (or its class) through WeChat Pay after a
 * confirmation that names the order's invoice when it has one, 驳回 asks for a reason; each offered
 * only when the row's abilities allow it; 导出 downloads the filtered list. `?status=PENDING` (home's
 * 待办事项) starts filtered.
 */
export function RefundListPage() {
  const [params] = useSearchParams();
  const [initial] = useState(() => ({ status: readChoiceParam(params.get('status'), REFUND_APPLY_STATUS) }));
  const list = useListCall('refund-apply/list', listRefundApplies, initial);
  const { busy, track } = useRowAction<number>();
  const [rejecting, setRejecting] = useState<RefundApplyRow | null>(null);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const approve = (row: RefundApplyRow) =>
    track(row.id, async () => {
      const done = await approveRefundApply(row.id);
      if (done.status === 'FAILED') void message.error(`退款失败：${done.failure ?? ''}`);
      else if (done.status === 'SUCCESS') void message.success('已退款');
      else void message.success('已通过，退款处理中');
      list.reload();
    });

  const columns: ListColumn<RefundApplyRow>[] = [
    {
      title: '申请时间 / 订单号',
      key: 'orderNo',
      width: 190,
      ellipsis: false,
      render: (_value, row) => (
        <LinesCell main={row.orderNo} lines={[formatDateTime(row.createdAt, LIST_TIME)]} />
      ),
    },
    {
      title: '学员',
      key: 'student',
      width: 140,
      ellipsis: false,
      render: (_value, row) => (
        <StudentCell name={row.studentName} idCardNo={row.idCardNo} mobile={row.mobile} />
      ),
    },
    { title: '班级', dataIndex: 'className', width: 140 },
    {
      title: '退款金额 / 实付',
      key: 'amount',
      width: 120,
      align: 'right',
      ellipsis: false,
      render: (_value, row) => (
        <LinesCell main={formatFen(row.amount)} lines={[`实付 ${formatFen(row.paidAmount)}`]} />
      ),
    },
    {
      title: '退款原因',
      dataIndex: 'reason',
      width: 130,
      optional: 'shown',
      ellipsis: false,
      render: (reason: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: reason }} style={{ margin: 0 }}>
          {reason}
        </Typography.Paragraph>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 140,
      ellipsis: false,
      render: (_value, row) => (
        <>
          <Tag color={STATUS_COLOR[row.status]}>{REFUND_APPLY_STATUS_LABEL[row.status]}</Tag>
          {row.rejectReason && <Secondary>{`驳回：${row.rejectReason}`}</Secondary>}
          {row.failure && <Secondary>{`失败：${row.failure}`}</Secondary>}
          {row.auditorName && <Secondary>{`审核：${row.auditorName}`}</Secondary>}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_value, row) =>
        row.abilities.canApprove || row.abilities.canReject ? (
          <Space size={0} wrap>
            {row.abilities.canApprove && (
              <Popconfirm
                title="通过退款申请"
                description={<ApproveDescription row={row} />}
                okText="通过"
                cancelText="取消"
                onConfirm={() => approve(row)}
              >
                <Button type="link" size="small" loading={busy === row.id}>
                  通过
                </Button>
              </Popconfirm>
            )}
            {row.abilities.canReject && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => {
                  setRejecting(row);
                  setRejectOpen(true);
                }}
              >
                驳回
              </Button>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <ListPage
      title="退款申请"
      list={list}
      name="refund-filters"
      filters={REFUND_FILTERS}
      columns={columns}
      columnsId="invoice-manage/refund-list"
      exportTo={{ download: exportRefundApplies, fileName: () => refundExportFileName() }}
    >
      <FormModal<{ reason: string }>
        open={rejectOpen}
        title="驳回退款申请"
        okText="驳回"
        name="refund-reject"
        form={form}
        intro={rejecting ? `订单 ${rejecting.orderNo}，学员 ${rejecting.studentName}` : undefined}
        onClose={() => setRejectOpen(false)}
        afterClose={() => setRejecting(null)}
        onSubmit={async (values) => {
          if (!rejecting) return;
          await rejectRefundApply(rejecting.id, values.reason);
          void message.success('已驳回');
          setRejectOpen(false);
          list.reload();
        }}
      >
        <Form.Item name="reason" label="驳回原因" rules={[required('请填写驳回原因')]}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
