import type { CmsApplyRow, CmsBatchRow } from '@px/api/contract';
import { formatDateRange, formatFen } from '@px/config';
import { Button, Card, Modal, message, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import {
  approveCmsApply,
  batchApproveCmsApplies,
  deleteCmsBatch,
  exportCmsApplies,
  listCmsApplies,
  listCmsBatches,
  rejectCmsApply,
} from '../../../api/cms';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListView, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction } from '../../../components/RowActions';
import { TextPrompt } from '../../../components/TextPrompt';
import { dateTimeColumn, LIST_TIME, StudentCell } from '../../../components/table-columns';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { APPLY_STATUS_OPTIONS, ApplyStatusTag, LEVEL_OPTIONS, levelText, useBatchOptions } from '../cms-meta';
import { ApplyDetailDrawer } from './ApplyDetailDrawer';
import { BatchModal } from './BatchModal';

type ApplyFilters = FiltersOf<'cms-apply/page'>;
type BatchFilters = FiltersOf<'cms-batch/page'>;

/** The applications: filters, detail, approve, reject, bulk approve and export. */
function ApplyList({ batchOptions }: { batchOptions: { value: number; label: string }[] }) {
  const list = useListCall('cms-apply/page', listCmsApplies);
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  const [rejecting, rejectDialog] = useRowDialog<CmsApplyRow>();
  const closeDetail = useCallback(() => setOpened(null), []);

  const approve = async (row: CmsApplyRow) => {
    try {
      await approveCmsApply(row.id);
      void message.success(`已通过 ${row.realName} 的报名`);
      list.reload();
    } catch {
      // The request client has shown why.
    }
  };
  const bulkApprove = async () => {
    try {
      const answer = await batchApproveCmsApplies(selected);
      setSelected([]);
      list.reload();
      if (answer.refused.length === 0) void message.success(`已通过 ${answer.approved} 条报名`);
      else
        Modal.info({
          title: `已通过 ${answer.approved} 条，${answer.refused.length} 条未通过`,
          content: answer.refused.map((item) => (
            <div key={item.id}>
              {item.realName}：{item.reason}
            </div>
          )),
        });
    } catch {
      // The request client has shown why.
    }
  };

  const filters: FilterField<ApplyFilters>[] = [
    {
      kind: 'select',
      name: 'batchId',
      label: '考试批次',
      options: batchOptions,
      searchable: true,
      width: 220,
    },
    { kind: 'select', name: 'status', label: '报名状态', options: APPLY_STATUS_OPTIONS, width: 110 },
    { kind: 'select', name: 'skillLevel', label: '报考等级', options: LEVEL_OPTIONS, width: 150 },
    { ...STUDENT_FILTER, label: '考生' },
    { kind: 'dateRange', name: 'created', label: '报名日期', from: 'createdFrom', to: 'createdTo' },
  ];
  const columns: ListColumn<CmsApplyRow>[] = [
    {
      title: '考生',
      key: 'student',
      width: 170,
      render: (_v, row) => <StudentCell name={row.realName} idCardNo={row.idCardNo} mobile={row.mobile} />,
    },
    { title: '考试批次', dataIndex: 'batchName', width: 150 },
    {
      title: '报考',
      key: 'level',
      width: 130,
      render: (_v, row) => `${row.occupation} ${levelText(row.skillLevel)}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      ellipsis: false,
      render: (_v, row) => (
        <>
          <ApplyStatusTag status={row.status} />
          {row.status === 'REJECTED' && row.rejectReason && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.rejectReason}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '报名费',
      dataIndex: 'fee',
      width: 80,
      align: 'right',
      render: (fee: number) => (fee ? formatFen(fee) : '免费'),
    },
    { title: '考场座位', dataIndex: 'seat', width: 140, optional: 'hidden', render: (seat) => seat ?? '—' },
    {
      title: '证件照',
      dataIndex: 'hasPhoto',
      width: 80,
      optional: 'hidden',
      render: (has: boolean) => (has ? '已上传' : '—'),
    },
    dateTimeColumn<CmsApplyRow>('报名时间', 'createdAt', 150, LIST_TIME),
    {
      title: '审核人',
      dataIndex: 'auditorName',
      width: 100,
      optional: 'hidden',
      render: (name: string | null) => name ?? '—',
    },
    actionsColumn(160, (row) => (
      <>
        <DetailAction onOpen={() => setOpened(row.id)} />
        {row.abilities.canApprove && (
          <Button type="link" size="small" onClick={() => void approve(row)}>
            通过
          </Button>
        )}
        {row.abilities.canReject && (
          <Button type="link" size="small" danger onClick={() => rejectDialog.show(row)}>
            驳回
          </Button>
        )}
      </>
    )),
  ];
  return (
    <ListView
      list={list}
      name="cms-apply-filters"
      filters={filters}
      columns={columns}
      columnsId="cms-manage/apply-manage"
      exportTo={{ download: exportCmsApplies, fileName: '考试报名.xlsx' }}
      selection={{ selected, onChange: setSelected }}
      header={
        <Space style={{ margin: '12px 0' }}>
          <Button disabled={selected.length === 0} onClick={() => void bulkApprove()}>
            批量通过{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <Typography.Text type="secondary">勾选待审核的报名后可批量通过。</Typography.Text>
        </Space>
      }
    >
      <ApplyDetailDrawer id={opened} onClose={closeDetail} />
      {rejecting && (
        // 驳回: the reason the candidate reads before correcting and submitting again.
        <TextPrompt
          key={rejecting.row.id}
          open={rejecting.open}
          title={`驳回 ${rejecting.row.realName} 的报名`}
          okText="驳回"
          name="cms-reject"
          field="reason"
          label="驳回原因"
          intro="考生可按驳回原因修改后重新提交。"
          placeholder="如：证件照不清晰，请重新上传"
          onOk={async (reason) => {
            await rejectCmsApply(rejecting.row.id, reason);
            void message.success('已驳回');
            rejectDialog.close();
            list.reload();
          }}
          onCancel={rejectDialog.close}
          afterClose={rejectDialog.afterClose}
        />
      )}
    </ListView>
  );
}

/** The examination batches: 新增批次, 编辑, 删除 (by abilities), the counts of each state. */
function BatchList({ onChanged }: { onChanged: () => void }) {
  const list = useListCall('cms-batch/page', listCmsBatches);
  const [editing, editDialog] = useRowDialog<CmsBatchRow | null>();
  const remove = (row: CmsBatchRow) =>
    Modal.confirm({
      title: `删除批次「${row.name}」？`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteCmsBatch(row.id);
        void message.success('已删除');
        list.reload();
        onChanged();
      },
    });
  const filters: FilterField<BatchFilters>[] = [
    { kind: 'text', name: 'name', label: '批次名称', maxLength: 100, width: 200 },
    {
      kind: 'select',
      name: 'enabled',
      label: '报名开放',
      options: [
        { value: true, label: '开放' },
        { value: false, label: '停用' },
      ],
      width: 100,
    },
  ];
  const columns: ListColumn<CmsBatchRow>[] = [
    { title: '批次名称', dataIndex: 'name', width: 220 },
    {
      title: '职业（工种）/等级',
      key: 'levels',
      width: 220,
      ellipsis: false,
      render: (_v, row) => `${row.occupation} ${row.levels.map(levelText).join('、')}`,
    },
    {
      title: '报名时间',
      key: 'window',
      width: 200,
      render: (_v, row) => formatDateRange(row.applyFrom, row.applyTo),
    },
    {
      title: '报名费',
      dataIndex: 'fee',
      width: 90,
      align: 'right',
      render: (fee: number) => (fee ? formatFen(fee) : '免费'),
    },
    {
      title: '报名情况',
      key: 'counts',
      width: 230,
      ellipsis: false,
      render: (_v, row) =>
        `上限 ${row.capacity}：待审核 ${row.counts.SUBMITTED}，待缴费 ${row.counts.APPROVED}，已报名 ${row.counts.PAID + row.counts.SCORED}`,
    },
    {
      title: '状态',
      key: 'open',
      width: 120,
      render: (_v, row) => (
        <>
          {row.open ? <Tag color="success">报名中</Tag> : <Tag>{row.enabled ? '不在报名期' : '已停用'}</Tag>}
          {row.scoresPublishedAt && <Tag color="cyan">成绩已发布</Tag>}
        </>
      ),
    },
    actionsColumn(120, (row) => (
      <>
        <Button type="link" size="small" onClick={() => editDialog.show(row)}>
          编辑
        </Button>
        {row.abilities.canDelete && (
          <Button type="link" size="small" danger onClick={() => remove(row)}>
            删除
          </Button>
        )}
      </>
    )),
  ];
  return (
    <ListView
      list={list}
      name="cms-batch-filters"
      filters={filters}
      columns={columns}
      columnsId="cms-manage/apply-manage/batches"
      extra={
        <Button type="primary" onClick={() => editDialog.show(null)}>
          新增批次
        </Button>
      }
    >
      {editing && (
        <BatchModal
          key={editing.row?.id ?? 'new'}
          batch={editing.row}
          open={editing.open}
          onClose={editDialog.close}
          onSaved={() => {
            editDialog.close();
            list.reload();
            onChanged();
          }}
          afterClose={editDialog.afterClose}
        />
      )}
    </ListView>
  );
}

/**
 * 报名管理 (考务管理): the applications of the project's examinations (filters 考试批次, 状态, 等级,
 * 考生, 报名日期; 详情 with the ID photo; 通过, 驳回 with a reason, 批量通过, 导出) and, on the
 * second tab, the batches themselves (新增批次, 编辑, 删除).
 */
export function ApplyManagePage() {
  const batches = useBatchOptions();
  return (
    <Card title="报名管理">
      <Tabs
        items={[
          { key: 'applies', label: '报名记录', children: <ApplyList batchOptions={batches.options} /> },
          { key: 'batches', label: '考试批次', children: <BatchList onChanged={batches.reload} /> },
        ]}
      />
    </Card>
  );
}
