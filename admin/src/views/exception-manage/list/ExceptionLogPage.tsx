import {
  EXCEPTION_LOG_SOURCE,
  EXCEPTION_LOG_SOURCE_LABEL,
  EXCEPTION_LOG_STATE,
  EXCEPTION_LOG_STATE_LABEL,
  type ExceptionLogDetail,
  type ExceptionLogRow,
  type ExceptionLogSource,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Descriptions, Drawer, message, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  listExceptionLog,
  queryExceptionLog,
  resolveExceptionLog,
  retryExceptionLog,
} from '../../../api/exception';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage, labelSelect } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction } from '../../../components/RowActions';
import { TextPrompt } from '../../../components/TextPrompt';
import { dateTimeColumn, LIST_TIME, orDash, tagColumn } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { useRowDialog } from '../../../hooks/useRowDialog';

type Filters = FiltersOf<'exception-log/page'>;

const SOURCE_COLOR: Readonly<Record<ExceptionLogSource, string>> = {
  JOB: 'purple',
  PUSH: 'orange',
  INVOICE: 'gold',
  PAYMENT: 'red',
};

const FILTERS: FilterField<Filters>[] = [
  labelSelect('source', '异常类型', EXCEPTION_LOG_SOURCE, EXCEPTION_LOG_SOURCE_LABEL, 150),
  labelSelect('state', '状态', EXCEPTION_LOG_STATE, EXCEPTION_LOG_STATE_LABEL, 110),
];

/**
 * 异常记录 (platform and project staff): the platform's own failures in one list — failed background
 * jobs, pushes the regulator refused, invoices the e-invoice platform refused, refused payment
 * notifications — with the object concerned and a link to its page; 重试 (a job, a push, an invoice) and
 * 标记已处理 with a note as the row's abilities allow; 详情 shows what was recorded (log query).
 */
export function ExceptionLogPage() {
  const list = useListCall('exception-log/page', listExceptionLog, { state: 'OPEN' });
  const { busy, track } = useRowAction<string>();
  const [resolving, resolveDialog] = useRowDialog<ExceptionLogRow>();
  const [detailKey, setDetailKey] = useState<string | null>(null);
  const retry = (row: ExceptionLogRow) =>
    track(row.key, async () => {
      const answer = await retryExceptionLog(row.key);
      void message.success(answer.message);
      list.reload();
    });
  const columns: ListColumn<ExceptionLogRow>[] = [
    tagColumn<ExceptionLogRow, ExceptionLogSource>(
      '异常类型',
      'source',
      110,
      EXCEPTION_LOG_SOURCE_LABEL,
      SOURCE_COLOR,
    ),
    dateTimeColumn<ExceptionLogRow>('时间', 'at', 150, LIST_TIME),
    { title: '项目', dataIndex: 'projectName', width: 120, optional: 'shown', render: orDash },
    {
      title: '对象',
      dataIndex: 'object',
      width: 160,
      render: (object: string, row) => (row.link ? <Link to={row.link}>{object}</Link> : object),
    },
    { title: '原因', dataIndex: 'reason', width: 120, ellipsis: true, render: orDash },
    {
      title: '状态',
      key: 'state',
      width: 130,
      render: (_value, row) =>
        row.state === 'RESOLVED' ? (
          <>
            <Tag color="green">已处理</Tag>
            <div>{row.resolveNote}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.resolvedByName ?? ''} {row.resolvedAt ? formatDateTime(row.resolvedAt, LIST_TIME) : ''}
            </Typography.Text>
          </>
        ) : (
          <Tag color="orange">待处理</Tag>
        ),
    },
    actionsColumn(190, (row) => (
      <>
        <DetailAction onOpen={() => setDetailKey(row.key)} />
        {row.canRetry && (
          <Button type="link" size="small" loading={busy === row.key} onClick={() => void retry(row)}>
            重试
          </Button>
        )}
        {row.canResolve && (
          <Button type="link" size="small" onClick={() => resolveDialog.show(row)}>
            标记已处理
          </Button>
        )}
      </>
    )),
  ];
  return (
    <ListPage
      title="异常记录"
      list={list}
      name="exception-log-filters"
      filters={FILTERS}
      columns={columns}
      columnsId="exception-manage/list"
      rowKey="key"
      header={
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          后台任务、学时上报、发票开具与支付通知的失败记录。可重试的会重新执行；其余请通过对象链接到对应页面处理后标记已处理。
        </Typography.Paragraph>
      }
    >
      {resolving && (
        <TextPrompt
          key={resolving.row.key}
          open={resolving.open}
          title="标记已处理"
          okText="标记已处理"
          name="exception-log-resolve"
          field="note"
          label="处理说明"
          intro={`${EXCEPTION_LOG_SOURCE_LABEL[resolving.row.source]}：${resolving.row.object}`}
          placeholder="如：已在开票平台手工开具"
          onOk={async (note) => {
            await resolveExceptionLog(resolving.row.key, note);
            void message.success('已标记为已处理');
            resolveDialog.close();
            list.reload();
          }}
          onCancel={resolveDialog.close}
          afterClose={resolveDialog.afterClose}
        />
      )}
      <FailureDrawer failureKey={detailKey} onClose={() => setDetailKey(null)} />
    </ListPage>
  );
}

/** 详情 (log query): the failure and what was recorded of it. */
function FailureDrawer({ failureKey, onClose }: { failureKey: string | null; onClose: () => void }) {
  const [detail, setDetail] = useState<ExceptionLogDetail | null>(null);
  useEffect(() => {
    if (failureKey === null) return;
    let live = true;
    queryExceptionLog(failureKey).then(
      (found) => live && setDetail(found),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [failureKey, onClose]);
  const shown = failureKey !== null && detail?.key === failureKey ? detail : null;
  return (
    <Drawer open={failureKey !== null} title="异常详情" size={560} onClose={onClose}>
      {!shown ? (
        <Spin />
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="异常类型">{EXCEPTION_LOG_SOURCE_LABEL[shown.source]}</Descriptions.Item>
          <Descriptions.Item label="时间">{formatDateTime(shown.at)}</Descriptions.Item>
          <Descriptions.Item label="项目">{orDash(shown.projectName)}</Descriptions.Item>
          <Descriptions.Item label="对象">{shown.object}</Descriptions.Item>
          {shown.facts.map((fact) => (
            <Descriptions.Item key={fact.label} label={fact.label}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {fact.value}
              </Typography.Text>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label="状态">
            {EXCEPTION_LOG_STATE_LABEL[shown.state]}
            {shown.resolveNote ? `：${shown.resolveNote}` : ''}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
