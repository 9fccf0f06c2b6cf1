import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { RoleItem } from '@px/api/contract';
import { ROLE_SYSTEM_LABEL, type RoleSystem } from '@px/config';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { deleteRole, pageRoles } from '../../../api/role';
import type { ListColumn } from '../../../components/ListTable';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { useRowAction } from '../../../hooks/useRowAction';
import { accountInfoAtom } from '../../../store/session';
import { RoleEditorDrawer } from './components/RoleEditorDrawer';
import { countPages } from './menu-grants';
import { roleSystemOptions, roleSystemsFor } from './role-systems';
import './role-page.css';
import { actionsColumn } from '../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../components/table-columns';

/** What the editor drawer shows: nothing, a new role, or the role of an id. */
type Editing = { open: false } | { open: true; roleId?: number };

/**
 * 角色管理 (/account-manage/role): the project's roles, paged and filtered by name and role system;
 * a drawer creates or edits a role with its menu tree; a role no account holds can be deleted.
 */
export function RolePage() {
  const info = useAtomValue(accountInfoAtom);
  const list = useListCall('role/page', pageRoles);
  const [editing, setEditing] = useState<Editing>({ open: false });
  const removal = useRowAction<number>(list.reload);

  // A refusal (for example: accounts still hold the role) has been shown by the request client.
  const remove = (role: RoleItem) => removal.run(role.id, () => deleteRole(role.id), '删除成功');

  const columns: ListColumn<RoleItem>[] = [
    {
      title: '角色名称',
      dataIndex: 'name',
      width: 200,
      render: (name: string, role) => (
        <Space size={4}>
          <span>{name}</span>
          {role.code && <Tag color="blue">内置</Tag>}
        </Space>
      ),
    },
    {
      title: '角色类型',
      dataIndex: 'roleSystem',
      width: 110,
      render: (system: RoleSystem) => ROLE_SYSTEM_LABEL[system],
    },
    { title: '菜单数', key: 'menu', width: 90, render: (_, role) => countPages(role.menu) },
    { title: '账号数', dataIndex: 'accountCount', width: 90 },
    { title: '备注', dataIndex: 'remark', width: 170, render: orDash },
    dateTimeColumn('创建时间', 'createdAt', 170),
    actionsColumn(
      140,
      (role) => (
        <>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, roleId: role.id })}>
            编辑
          </Button>
          {role.code ? (
            <Tooltip title="内置角色不能删除">
              <Button type="link" size="small" danger disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title="删除角色"
              description={`确定删除角色「${role.name}」吗？`}
              onConfirm={() => remove(role)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </>
      ),
      { fixed: false },
    ),
  ];

  return (
    <ListPage
      title="角色管理"
      className="role-page"
      list={list}
      name="role-filters"
      barClassName="role-page__filters"
      filters={[
        { kind: 'text', name: 'name', label: '角色名称', placeholder: '请输入角色名称', maxLength: 40 },
        {
          kind: 'select',
          name: 'roleSystem',
          label: '角色类型',
          options: roleSystemOptions(roleSystemsFor(info)),
          width: 160,
        },
      ]}
      header={
        <div className="role-page__toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            新增角色
          </Button>
        </div>
      }
      columns={columns}
      columnsId="account-manage/role"
      table={{ size: 'middle' }}
    >
      <RoleEditorDrawer
        open={editing.open}
        roleId={editing.open ? editing.roleId : undefined}
        onClose={() => setEditing({ open: false })}
        onSaved={() => {
          setEditing({ open: false });
          list.reload();
        }}
      />
    </ListPage>
  );
}
