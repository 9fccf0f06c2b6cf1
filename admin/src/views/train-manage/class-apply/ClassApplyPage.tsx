import {
  CLASS_APPLY_STATUS,
  CLASS_APPLY_STATUS_LABEL,
  type ClassApplyRow,
  type ClassApplyStatus,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Button, message, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { auditClassApply, listClassApplies } from '../../../api/class-apply';
import type { ListColumn } from '../../../components/ListTable';
import {
  type FilterField,
  ListPage,
  labelSelect,
  STUDENT_FILTER,
} from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { TextPrompt } from '../../../components/TextPrompt';
import { dateTimeColumn, orDash, tagColumn } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { readChoiceParam } from '../../../utils/query-id';
import { ConfirmAction } from '../components/ConfirmAction';

type Filters = FiltersOf<'class-apply/page'>;

const STATUS_COLOR: Readonly<Record<ClassApplyStatus, string>> = {
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'default',
};

const FILTERS: FilterField<Filters>[] = [
  labelSelect('status', '状态', CLASS_APPLY_STATUS, CLASS_APPLY_STATUS_LABEL, 110),
  STUDENT_FILTER,
];

/**
 * 报名审核 (project staff): the students' applications to classes marked 报名需审核, pending first,
 * by state and student; 通过 lets the student enrol (cart, order, payment as any class), 驳回 asks
 * for the reason the student reads. Actions follow the row's abilities. `?status=PENDING` (home's
 * 报名申请待审核) starts filtered.
 */
export function ClassApplyPage() {
  const [params] = useSearchParams();
  const [initial] = useState<Filters>(() => ({
    status: readChoiceParam(params.get('status'), CLASS_APPLY_STATUS),
  }));
  const list = useListCall('class-apply/page', listClassApplies, initial);
  const { busy, run } = useRowAction<number>(list.reload);
  const [rejecting, rejectDialog] = useRowDialog<ClassApplyRow>();
  const approve = (row: ClassApplyRow) =>
    run(row.id, () => auditClassApply(row.id, true), '已通过，学员现在可以报名');
  const columns: ListColumn<ClassApplyRow>[] = [
    { title: '学员', dataIndex: 'realName', width: 90 },
    { title: '身份证号', dataIndex: 'idCardNo', width: 170, optional: 'hidden', render: orDash },
    { title: '手机号', dataIndex: 'mobile', width: 120, render: orDash },
    { title: '单位', dataIndex: 'unitName', width: 150, optional: 'hidden', render: orDash },
    { title: '班级', dataIndex: 'className', width: 180 },
    {
      title: '价格',
      dataIndex: 'amountFen',
      width: 90,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    { title: '申请说明', dataIndex: 'reason', width: 140, ellipsis: true, render: orDash },
    dateTimeColumn<ClassApplyRow>('申请时间', 'createdAt', 150),
    tagColumn<ClassApplyRow, ClassApplyStatus>('状态', 'status', 80, CLASS_APPLY_STATUS_LABEL, STATUS_COLOR),
    {
      title: '审核',
      key: 'audit',
      width: 180,
      optional: 'hidden',
      render: (_value, row) =>
        row.auditedAt ? (
          <>
            <div>{row.remark || '—'}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.auditedByName ?? ''} {formatDateTime(row.auditedAt, 'YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {row.canApprove && (
            <ConfirmAction
              label="通过"
              title={`通过 ${row.realName} 的报名申请？`}
              description={`通过后学员即可报名「${row.className}」。`}
              busy={busy === row.id}
              onConfirm={() => approve(row)}
            />
          )}
          {row.canReject && (
            <Button
              type="link"
              size="small"
              danger
              disabled={busy === row.id}
              onClick={() => rejectDialog.show(row)}
            >
              驳回
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      title="报名审核"
      list={list}
      name="class-apply-filters"
      filters={FILTERS}
      columns={columns}
      columnsId="train-manage/class-apply"
      header={
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          班级设置了「报名需审核」时，学员须先提交报名申请，审核通过后才能报名（加入购物车、下单、支付）。
        </Typography.Paragraph>
      }
    >
      {rejecting && (
        // 驳回: the reason the student reads on the class's page.
        <TextPrompt
          key={rejecting.row.id}
          open={rejecting.open}
          title="驳回报名申请"
          okText="驳回"
          name="class-apply-reject"
          field="remark"
          label="驳回原因"
          intro={`${rejecting.row.realName} 申请报名「${rejecting.row.className}」。驳回原因会显示给学员，学员可修改说明后重新申请。`}
          placeholder="如：本期仅面向特种作业单位的安全管理人员"
          onOk={async (remark) => {
            await auditClassApply(rejecting.row.id, false, remark);
            void message.success('已驳回');
            rejectDialog.close();
            list.reload();
          }}
          onCancel={rejectDialog.close}
          afterClose={rejectDialog.afterClose}
        />
      )}
    </ListPage>
  );
}
