import {
  NOTICE_EVENT_LABEL,
  NOTICE_STATUS_LABEL,
  type PartnerAppItem,
  type PartnerCallLogItem,
  type PartnerNoticeItem,
} from '@px/api/contract';
import { Button, Card, Descriptions, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  getPartnerApp,
  listPartnerCallLogs,
  listPartnerNotices,
  replayPartnerNotice,
} from '../../../api/partner-app';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { PageLoading } from '../../../components/PageLoading';
import { dateTimeColumn, tagColumn } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';

/** The result codes a call may end with (docs/partner-api.md), for the filter. */
const RESULT_CODES = [
  'OK',
  'BAD_REQUEST',
  'REFUSED',
  'NOT_FOUND',
  'REQUEST_ID_REUSED',
  'SIGNATURE_MISSING',
  'SIGNATURE_INVALID',
  'TIMESTAMP_EXPIRED',
  'NONCE_REPLAYED',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_REVOKED',
  'APP_DISABLED',
  'ORIGIN_NOT_ALLOWED',
  'IP_NOT_ALLOWED',
  'RATE_LIMITED',
  'SERVER_ERROR',
];

const LOG_FILTERS: FilterField<FiltersOf<'partner-app/call-logs'>>[] = [
  { kind: 'text', name: 'call', label: '接口', placeholder: '如 train/sign-up-student', maxLength: 60 },
  {
    kind: 'select',
    name: 'resultCode',
    label: '结果',
    options: RESULT_CODES.map((code) => ({ value: code, label: code })),
    searchable: true,
    width: 200,
  },
];

const LOG_COLUMNS: ListColumn<PartnerCallLogItem>[] = [
  dateTimeColumn('时间', 'createdAt'),
  { title: '接口', dataIndex: 'call', width: 220 },
  {
    title: '认证',
    dataIndex: 'auth',
    width: 100,
    render: (auth: string) => (auth === 'TOKEN' ? '令牌' : '签名'),
  },
  {
    title: '结果',
    dataIndex: 'resultCode',
    width: 170,
    render: (code: string) => <Tag color={code === 'OK' ? 'success' : 'error'}>{code}</Tag>,
  },
  { title: 'HTTP', dataIndex: 'httpStatus', width: 70 },
  { title: '耗时(ms)', dataIndex: 'durationMs', width: 90 },
  {
    title: '合作方账号',
    dataIndex: 'outAccountId',
    width: 140,
    render: (value: string | null) => value ?? '—',
  },
  { title: 'IP', dataIndex: 'ip', width: 130, render: (value: string | null) => value ?? '—' },
  { title: '说明', dataIndex: 'message', width: 180, render: (value: string | null) => value ?? '—' },
  { title: '请求编号', dataIndex: 'requestId', width: 200, optional: 'hidden' },
];

function CallLogs({ appId }: { appId: number }) {
  const list = useListCall('partner-app/call-logs', listPartnerCallLogs, { id: appId });
  return (
    <ListPage
      title="调用记录"
      list={list}
      name="partner-call-log-filters"
      filters={LOG_FILTERS}
      fixedFilters={{ id: appId }}
      columns={LOG_COLUMNS}
      columnsId="project-manage/partner-app-detail/calls"
      style={{ marginTop: 16 }}
    />
  );
}

const NOTICE_FILTERS: FilterField<FiltersOf<'partner-app/notices'>>[] = [
  {
    kind: 'select',
    name: 'event',
    label: '事件',
    options: Object.entries(NOTICE_EVENT_LABEL).map(([value, label]) => ({ value, label })),
    width: 140,
  },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    options: Object.entries(NOTICE_STATUS_LABEL).map(([value, label]) => ({ value, label })),
    width: 120,
  },
];

const NOTICE_COLOR = { PENDING: 'processing', DELIVERED: 'success', FAILED: 'error' } as const;

function Notices({ appId }: { appId: number }) {
  const list = useListCall('partner-app/notices', listPartnerNotices, { id: appId });
  const { busy, run } = useRowAction<number>(list.reload);
  const columns: ListColumn<PartnerNoticeItem>[] = [
    dateTimeColumn('时间', 'createdAt'),
    {
      title: '事件',
      dataIndex: 'event',
      width: 100,
      render: (event: PartnerNoticeItem['event']) => NOTICE_EVENT_LABEL[event],
    },
    {
      title: '合作方账号',
      dataIndex: 'outAccountId',
      width: 140,
      render: (value: string | null) => value ?? '—',
    },
    { title: '班级', dataIndex: 'className', width: 160 },
    {
      title: '内容',
      key: 'detail',
      width: 160,
      render: (_value, notice) => notice.lessonName ?? notice.certificateNo ?? '—',
    },
    tagColumn<PartnerNoticeItem, PartnerNoticeItem['status']>(
      '投递',
      'status',
      90,
      NOTICE_STATUS_LABEL,
      NOTICE_COLOR,
    ),
    { title: '次数', dataIndex: 'attempts', width: 70 },
    {
      title: '最近结果',
      key: 'last',
      width: 160,
      render: (_value, notice) =>
        notice.lastError ?? (notice.lastHttpStatus ? `HTTP ${notice.lastHttpStatus}` : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_value, notice) => (
        <Tooltip title={notice.replayRefusal}>
          <Button
            type="link"
            size="small"
            disabled={!notice.canReplay || busy === notice.id}
            onClick={() => run(notice.id, () => replayPartnerNotice(notice.id), '已重新发送')}
          >
            重发
          </Button>
        </Tooltip>
      ),
    },
  ];
  return (
    <ListPage
      title="回调通知"
      list={list}
      name="partner-notice-filters"
      filters={NOTICE_FILTERS}
      fixedFilters={{ id: appId }}
      columns={columns}
      columnsId="project-manage/partner-app-detail/notices"
      style={{ marginTop: 16 }}
    />
  );
}

/** 合作平台详情: an app's settings, its call log (each call, result and duration) and its notices. */
export function PartnerAppDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [app, setApp] = useState<PartnerAppItem | null | 'error'>(null);
  const load = useCallback(() => {
    if (!Number.isInteger(id) || id <= 0) return setApp('error');
    getPartnerApp(id)
      .then(setApp)
      .catch(() => setApp('error'));
  }, [id]);
  useEffect(load, [load]);
  if (app === null) return <PageLoading />;
  if (app === 'error') return <Card>未找到该合作应用</Card>;
  return (
    <>
      <Card title={`合作应用：${app.name}`}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label="所属项目">{app.projectName}</Descriptions.Item>
          <Descriptions.Item label="App Key">{app.appKey}</Descriptions.Item>
          <Descriptions.Item label="状态">{app.enabled ? '启用' : '停用'}</Descriptions.Item>
          <Descriptions.Item label="每分钟调用上限">{app.rateLimitPerMinute}</Descriptions.Item>
          <Descriptions.Item label="允许嵌入的来源">{app.allowedOrigins.join('，') || '—'}</Descriptions.Item>
          <Descriptions.Item label="回调地址">{app.callbackUrl ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="IP 白名单">{app.ipAllowList.join('，') || '不限制'}</Descriptions.Item>
          <Descriptions.Item label="调用（24 小时 / 累计）">
            {app.callsToday} / {app.callsTotal}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Notices appId={app.id} />
      <CallLogs appId={app.id} />
    </>
  );
}
