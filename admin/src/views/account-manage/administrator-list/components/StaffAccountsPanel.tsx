import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { RecordStatus, StaffAccountItem } from '@px/api/contract';
import { formatDateTime, ROLE_SYSTEM_LABEL } from '@px/config';
import { Button, Popconfirm, Space, Switch, Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { deleteAccount, queryAccounts, setAccountStatus } from '../../../../api/account';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { actionsColumn } from '../../../../components/RowActions';
import { STATUS_OPTIONS } from '../../../../components/StatusTag';
import { dateTimeColumn, LIST_TIME, orDash } from '../../../../components/table-columns';
import { useRowAction } from '../../../../hooks/useRowAction';
import { useSystemInfo } from '../../../../hooks/useSystemInfo';
import { accountInfoAtom } from '../../../../store/session';
import { useAccountOptions } from '../hooks/useAccountOptions';
import { groupedRoleOptions } from '../role-options';
import { AccountEditorModal } from './AccountEditorModal';
import { accountLabel, ResetPasswordModal } from './ResetPasswordModal';

/** What the editor shows: nothing, a new account, or an account. */
type Editing = { open: false } | { open: true; account?: StaffAccountItem };

/**
 * The project's staff accounts (role systems 2 and 4): filters, the paged table with a status
 * switch, and add, edit, reset password and delete. Nobody disables or deletes their own account.
 */
export function StaffAccountsPanel() {
  const info = useAtomValue(accountInfoAtom);
  const systemInfo = useSystemInfo();
  const publicKey = systemInfo.status === 'ready' ? systemInfo.settings.loginPublicKey : undefined;
  const options = useAccountOptions();
  const list = useListCall('account/query', queryAccounts);
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [resetting, setResetting] = useState<StaffAccountItem | null>(null);
  const statusChange = useRowAction<number>(list.reload);
  const removal = useRowAction<number>(list.reload);

  const unitChoices = options.units.map((unit) => ({ value: unit.id, label: unit.name }));
  const isSelf = (account: StaffAccountItem) => account.id === info?.accountId;

  const changeStatus = (account: StaffAccountItem, enabled: boolean) =>
    statusChange.run(
      account.id,
      () => setAccountStatus(account.id, enabled ? 'ENABLED' : 'DISABLED'),
      enabled ? '已启用' : '已停用',
    );

  const remove = (account: StaffAccountItem) =>
    removal.run(account.id, () => deleteAccount(account.id), '删除成功');

  const columns: ListColumn<StaffAccountItem>[] = [
    { title: '账号', dataIndex: 'accountName', width: 130, render: (name: string | null) => name ?? '—' },
    { title: '姓名', dataIndex: 'realName', width: 100 },
    { title: '手机号', dataIndex: 'mobile', width: 120, optional: 'shown', render: orDash },
    {
      title: '角色',
      dataIndex: 'roleName',
      width: 170,
      render: (roleName: string, account) => (
        <Space size={4}>
          <span>{roleName}</span>
          <span className="admin-list__muted">{ROLE_SYSTEM_LABEL[account.roleSystem]}</span>
        </Space>
      ),
    },
    { title: '所属单位', dataIndex: 'unitName', width: 140, optional: 'shown', render: orDash },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (status: RecordStatus, account) => (
        <Tooltip title={isSelf(account) ? '不能停用自己的账号' : undefined}>
          <Switch
            checked={status === 'ENABLED'}
            checkedChildren="启用"
            unCheckedChildren="停用"
            loading={statusChange.busy === account.id}
            disabled={isSelf(account)}
            aria-label={`${accountLabel(account)} 的状态`}
            onChange={(checked) => changeStatus(account, checked)}
          />
        </Tooltip>
      ),
    },
    {
      title: '最后登录',
      dataIndex: 'lastLoginAt',
      width: 150,
      optional: 'hidden',
      render: (value: string | null) => (value ? formatDateTime(value, LIST_TIME) : '从未登录'),
    },
    { ...dateTimeColumn('创建时间', 'createdAt', 150, LIST_TIME), optional: 'hidden' },
    actionsColumn(200, (account) => (
      <>
        <Button type="link" size="small" onClick={() => setEditing({ open: true, account })}>
          编辑
        </Button>
        <Button type="link" size="small" onClick={() => setResetting(account)}>
          重置密码
        </Button>
        {isSelf(account) ? (
          <Tooltip title="不能删除自己的账号">
            <Button type="link" size="small" danger disabled>
              删除
            </Button>
          </Tooltip>
        ) : (
          <Popconfirm
            title="删除管理员"
            description={`确定删除 ${accountLabel(account)} 吗？删除后该账号无法登录。`}
            onConfirm={() => remove(account)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        )}
      </>
    )),
  ];

  return (
    <div className="staff-accounts">
      <ListView
        list={list}
        name="account-filters"
        barClassName="admin-list__filters"
        barStyle={{}}
        filters={[
          { kind: 'text', name: 'name', label: '姓名/账号', placeholder: '姓名或账号', maxLength: 50 },
          {
            kind: 'select',
            name: 'roleId',
            label: '角色',
            options: groupedRoleOptions(options.roles),
            width: 180,
          },
          { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 110 },
          {
            kind: 'select',
            name: 'unitId',
            label: '所属单位',
            options: unitChoices,
            searchable: true,
            width: 180,
          },
        ]}
        header={
          <div className="admin-list__toolbar">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
              添加管理员
            </Button>
          </div>
        }
        columns={columns}
        columnsId="account-manage/administrator-list"
        table={{ size: 'middle' }}
      />
      <AccountEditorModal
        open={editing.open}
        account={editing.open ? editing.account : undefined}
        options={options}
        publicKey={publicKey}
        onClose={() => setEditing({ open: false })}
        onSaved={() => {
          setEditing({ open: false });
          list.reload();
        }}
      />
      <ResetPasswordModal account={resetting} publicKey={publicKey} onClose={() => setResetting(null)} />
    </div>
  );
}
