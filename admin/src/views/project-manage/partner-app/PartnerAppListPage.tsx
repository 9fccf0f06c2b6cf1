import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { PartnerAppItem } from '@px/api/contract';
import { Button, Flex, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { listPartnerApps, revokePartnerTokens, savePartnerApp } from '../../../api/partner-app';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, StatusAction } from '../../../components/RowActions';
import { CopyableText } from '../../../components/ShownOnce';
import { dateTimeColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRowAction } from '../../../hooks/useRowAction';
import { PartnerAppFormModal } from './components/PartnerAppFormModal';
import { RotateSecretModal } from './components/RotateSecretModal';
import { SecretModal } from './components/SecretModal';

const FILTERS: FilterField<FiltersOf<'partner-app/list'>>[] = [
  { kind: 'text', name: 'name', label: '应用', placeholder: '应用名称', maxLength: 50 },
];

/** The detail page of an app (its call log and notices). */
export function partnerAppDetailPath(id: number): string {
  return `/project-manage/partner-app-detail?id=${id}`;
}

/** An app saved as it was with one field changed (enable, disable). */
const withEnabled = (app: PartnerAppItem, enabled: boolean) =>
  savePartnerApp({
    id: app.id,
    name: app.name,
    allowedOrigins: app.allowedOrigins,
    callbackUrl: app.callbackUrl ?? '',
    ipAllowList: app.ipAllowList,
    enabled,
    rateLimitPerMinute: app.rateLimitPerMinute,
  });

/**
 * 合作平台 (platform staff): the partner platforms' apps of every project with their usage; create
 * and edit (origins, callback, IP allow-list, rate limit), enable and disable, rotate the secret
 * with an overlap, revoke the access tokens, and the way to each app's call log and notices.
 */
export function PartnerAppListPage() {
  const list = useListCall('partner-app/list', listPartnerApps);
  const [editor, setEditor] = useState<{ open: boolean; app?: PartnerAppItem } | null>(null);
  const [rotating, setRotating] = useState<PartnerAppItem | null>(null);
  const [secret, setSecret] = useState<{ app: PartnerAppItem; secret: string } | null>(null);
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  const canOpenDetail = useAccess().can('/project-manage/partner-app-detail');

  const columns: ListColumn<PartnerAppItem>[] = [
    { title: '应用名称', dataIndex: 'name', width: 150 },
    { title: '所属项目', dataIndex: 'projectName', width: 120 },
    {
      title: 'App Key',
      dataIndex: 'appKey',
      width: 200,
      render: (key: string) => <CopyableText text={key} />,
    },
    {
      title: '允许嵌入的来源',
      dataIndex: 'allowedOrigins',
      width: 220,
      optional: 'hidden',
      ellipsis: false,
      render: (origins: string[]) =>
        origins.length ? (
          <Flex wrap gap={4}>
            {origins.map((origin) => (
              <Tag key={origin}>{origin}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: '调用（24 小时）',
      key: 'usage',
      width: 150,
      render: (_value, app) => (
        <Tooltip
          title={`累计 ${app.callsTotal} 次${app.lastCallAt ? `，最近 ${new Date(app.lastCallAt).toLocaleString('zh-CN')}` : ''}`}
        >
          <span>
            {app.callsToday}
            {app.refusedToday > 0 && (
              <Typography.Text type="danger">（拒绝 {app.refusedToday}）</Typography.Text>
            )}
          </span>
        </Tooltip>
      ),
    },
    { title: '限流/分钟', dataIndex: 'rateLimitPerMinute', width: 100, optional: 'hidden' },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) => (enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '密钥',
      key: 'secret',
      width: 150,
      optional: 'hidden',
      render: (_value, app) =>
        app.previousSecretUntil
          ? `旧密钥有效至 ${new Date(app.previousSecretUntil).toLocaleString('zh-CN')}`
          : '—',
    },
    { ...dateTimeColumn('创建时间', 'createdAt'), optional: 'hidden' },
    actionsColumn(
      270,
      (app) => {
        const busy = busyId === app.id;
        return (
          <>
            <Button type="link" size="small" onClick={() => setEditor({ open: true, app })}>
              编辑
            </Button>
            {canOpenDetail && (
              <Link to={partnerAppDetailPath(app.id)} style={{ padding: '0 8px' }}>
                调用记录
              </Link>
            )}
            <Tooltip title={app.rotateRefusal}>
              <Button
                type="link"
                size="small"
                disabled={!app.canRotate || busy}
                onClick={() => setRotating(app)}
              >
                轮换密钥
              </Button>
            </Tooltip>
            <Tooltip title={app.revokeTokensRefusal}>
              <Popconfirm
                title={`吊销「${app.name}」的全部访问令牌？`}
                description="已发放的令牌立即失效，合作方需重新获取。"
                okText="吊销"
                cancelText="取消"
                disabled={!app.canRevokeTokens}
                onConfirm={() => run(app.id, () => revokePartnerTokens(app.id), '访问令牌已吊销')}
              >
                <Button type="link" size="small" disabled={!app.canRevokeTokens || busy}>
                  吊销令牌
                </Button>
              </Popconfirm>
            </Tooltip>
            <StatusAction
              enabled={app.enabled}
              confirmTitle={`停用合作应用「${app.name}」？`}
              confirmDescription="停用后该应用的接口调用、单点登录和回调通知全部停止。"
              busy={busy}
              onDisable={() => run(app.id, () => withEnabled(app, false), '合作应用已停用')}
              onEnable={() => run(app.id, () => withEnabled(app, true), '合作应用已启用')}
            />
          </>
        );
      },
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      title="合作平台"
      list={list}
      name="partner-app-filters"
      filters={FILTERS}
      columns={columns}
      columnsId="project-manage/partner-app"
      extra={
        <Space>
          <a href="/api/open/docs/" target="_blank" rel="noreferrer">
            接口文档
          </a>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
            新增合作应用
          </Button>
        </Space>
      }
    >
      {editor && (
        <PartnerAppFormModal
          open={editor.open}
          app={editor.app}
          onCancel={() => setEditor({ ...editor, open: false })}
          onSaved={(app, made) => {
            setEditor({ ...editor, open: false });
            if (made) setSecret({ app, secret: made });
            list.reload();
          }}
          afterClose={() => setEditor(null)}
        />
      )}
      <RotateSecretModal
        app={rotating}
        onClose={() => setRotating(null)}
        onRotated={(app, made) => {
          setRotating(null);
          setSecret({ app, secret: made });
          list.reload();
        }}
      />
      {secret && <SecretModal app={secret.app} secret={secret.secret} onClose={() => setSecret(null)} />}
    </ListPage>
  );
}
