import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { NotPushedRow, PushRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  exportFailedPushes,
  listNotPushed,
  listPushes,
  pushEnrolments,
  repushPushes,
} from '../../../api/regulator';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn } from '../../../components/RowActions';
import { dateTimeColumn } from '../../../components/table-columns';
import { useExport } from '../../../hooks/useExport';
import { useRowAction } from '../../../hooks/useRowAction';
import { PushAttemptsDrawer } from './PushAttemptsDrawer';
import { PUSH_STATUS_OPTIONS, pushColumns, statusCell, studentCell, usePushClassFilter } from './push-meta';
import { sayQueued } from './say-queued';

type View = 'report' | 'not-pushed';

/** The title's switch between the push records and the enrolments never pushed. */
function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <Space size={16}>
      <span>推送日志</span>
      <Segmented<View>
        value={view}
        onChange={onChange}
        options={[
          { value: 'report', label: '上报记录' },
          { value: 'not-pushed', label: '未上报' },
        ]}
      />
    </Space>
  );
}

/** 上报记录: every push with its state, attempts, failure; 重新上报 of failed ones, 导出失败记录. */
function ReportList({ view, onView }: { view: View; onView: (view: View) => void }) {
  const list = useListCall('my-class-push-log/report-list', listPushes);
  const classFilter = usePushClassFilter<FiltersOf<'my-class-push-log/report-list'>>();
  const [selected, setSelected] = useState<number[]>([]);
  const [opened, setOpened] = useState<PushRow | null>(null);
  const action = useRowAction<number>(list.reload);
  const [batching, setBatching] = useState(false);
  const exporter = useExport(
    () => exportFailedPushes(list.filters),
    () => `上报失败-${formatDateTime(new Date(), 'YYYYMMDD')}.xlsx`,
  );
  const filters: FilterField<FiltersOf<'my-class-push-log/report-list'>>[] = [
    classFilter,
    STUDENT_FILTER,
    { kind: 'select', name: 'status', label: '状态', options: PUSH_STATUS_OPTIONS, width: 110 },
    { kind: 'dateRange', name: 'created', label: '上报日期', from: 'createdFrom', to: 'createdTo' },
  ];
  const repush = async (ids: number[]) => {
    const answer = await repushPushes(ids);
    sayQueued(answer, '条');
    setSelected([]);
    list.reload();
  };
  const columns: ListColumn<PushRow>[] = [
    ...pushColumns<PushRow>(),
    { title: '状态', key: 'status', width: 200, ellipsis: false, render: (_v, row) => statusCell(row) },
    { title: '尝试', dataIndex: 'attempts', width: 60, align: 'right', optional: 'shown' },
    {
      title: '回执号',
      dataIndex: 'receiptNo',
      width: 150,
      optional: 'hidden',
      render: (v: string | null) => v ?? '—',
    },
    { ...dateTimeColumn<PushRow>('创建时间', 'createdAt', 150, 'YYYY-MM-DD HH:mm'), optional: 'hidden' },
    actionsColumn(170, (row) => (
      <>
        <Button type="link" size="small" onClick={() => setOpened(row)}>
          上报记录
        </Button>
        {row.canRepush && (
          <Button
            type="link"
            size="small"
            disabled={action.busy === row.id}
            onClick={() => void action.run(row.id, () => repushPushes([row.id]), '已重新提交上报')}
          >
            重新上报
          </Button>
        )}
      </>
    )),
  ];
  return (
    <ListPage
      title={<ViewSwitch view={view} onChange={onView} />}
      list={list}
      name="push-report-filters"
      filters={filters}
      columns={columns}
      columnsId="customer/my-class-push-log-manage"
      table={{
        rowSelection: {
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          getCheckboxProps: (row) => ({ disabled: !row.canRepush }),
          onChange: (keys) => setSelected(keys.map(Number)),
        },
      }}
      extra={
        <Space wrap>
          <Typography.Text type="secondary">
            {selected.length ? `已选 ${selected.length} 条` : '勾选失败的记录可批量重新上报'}
          </Typography.Text>
          <Popconfirm
            title={`重新上报所选 ${selected.length} 条记录？`}
            okText="重新上报"
            cancelText="取消"
            disabled={!selected.length}
            onConfirm={async () => {
              setBatching(true);
              try {
                await repush(selected);
              } catch {
                // The request client has shown why.
              } finally {
                setBatching(false);
              }
            }}
          >
            <Button disabled={!selected.length} loading={batching}>
              重新上报所选
            </Button>
          </Popconfirm>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.exporting}
            onClick={() => void exporter.run()}
          >
            导出失败记录
          </Button>
        </Space>
      }
    >
      <PushAttemptsDrawer push={opened} onClose={() => setOpened(null)} />
    </ListPage>
  );
}

/** 未上报: enrolments that passed and were never pushed, with why; 上报 one or the selected. */
function NotPushedList({ view, onView }: { view: View; onView: (view: View) => void }) {
  const list = useListCall('my-class-push-log/not-push-list', listNotPushed);
  const classFilter = usePushClassFilter<FiltersOf<'my-class-push-log/not-push-list'>>();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const push = async (ids: number[]) => {
    setBusy(true);
    try {
      sayQueued(await pushEnrolments(ids), '人');
      setSelected([]);
      list.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const columns: ListColumn<NotPushedRow>[] = [
    { title: '学员', key: 'student', width: 160, ellipsis: false, render: (_v, row) => studentCell(row) },
    { title: '班级', dataIndex: 'className', width: 200 },
    {
      title: '合格时间',
      dataIndex: 'passedAt',
      width: 150,
      render: (value: string | null) => (value ? formatDateTime(value, 'YYYY-MM-DD HH:mm') : '—'),
    },
    {
      title: '学时',
      dataIndex: 'hours',
      width: 70,
      align: 'right',
      render: (hours: number) => hours.toFixed(1),
    },
    { title: '未上报原因', dataIndex: 'reason', width: 220 },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_v, row) => (
        <Button type="link" size="small" disabled={busy} onClick={() => void push([row.myClassId])}>
          上报
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title={<ViewSwitch view={view} onChange={onView} />}
      list={list}
      name="not-pushed-filters"
      filters={[classFilter, STUDENT_FILTER]}
      columns={columns}
      columnsId="customer/my-class-push-log-manage/not-pushed"
      rowKey="myClassId"
      selection={{ selected, onChange: setSelected }}
      extra={
        <Space wrap>
          <Typography.Text type="secondary">
            {selected.length ? `已选 ${selected.length} 人` : '勾选学员可批量上报'}
          </Typography.Text>
          <Button
            type="primary"
            disabled={!selected.length}
            loading={busy}
            onClick={() => void push(selected)}
          >
            上报所选
          </Button>
        </Space>
      }
    />
  );
}

/**
 * 推送日志 (数据纠正): every study record pushed to the regulator with its state, attempts and why it
 * failed (filters 班级, 学员, 状态, 上报日期), 上报记录 of each attempt, 重新上报 of failed ones
 * (one or the selected), 导出失败记录 (.xlsx); 未上报 lists who passed and was never pushed, with
 * why, to push now.
 */
export function PushLogPage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'not-pushed' ? 'not-pushed' : 'report';
  const onView = (next: View) => setParams(next === 'report' ? {} : { view: next }, { replace: true });
  return view === 'report' ? (
    <ReportList view={view} onView={onView} />
  ) : (
    <NotPushedList view={view} onView={onView} />
  );
}
