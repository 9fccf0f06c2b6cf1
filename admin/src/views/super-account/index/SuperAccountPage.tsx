import type { SuperAccountAccount, SuperAccountProject } from '@px/api/contract';
import { ROLE_SYSTEM_LABEL, type RoleSystem } from '@px/config';
import { Alert, Button, Empty, Form, Popconfirm, Select } from 'antd';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { getSuperAccountAccounts, getSuperAccountProjects, signInAs } from '../../../api/super-account';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn } from '../../../components/RowActions';
import { setTokenAtom } from '../../../store/session';
import { reloadIntoHome } from './reload';
import './super-account.css';

/** How an account is named in texts: `姓名（账号）`. */
function accountLabel(account: SuperAccountAccount): string {
  return account.accountName ? `${account.realName}（${account.accountName}）` : account.realName;
}

interface ProjectChoiceProps {
  projects: readonly SuperAccountProject[];
  loading: boolean;
  /** From the filter bar's field: the control's id, value and change. */
  id?: string;
  value?: number;
  onChange?: (projectId: number) => void;
}

/**
 * The 项目 filter: choosing a project lists its accounts at once (with the 账号 typed), and the only
 * project is chosen by itself (there is nothing to choose).
 */
function ProjectChoice({ projects, loading, id, value, onChange }: ProjectChoiceProps) {
  const form = Form.useFormInstance();
  const choose = (projectId: number) => {
    onChange?.(projectId);
    form.submit();
  };
  const only = projects.length === 1 ? projects[0]?.id : undefined;
  useEffect(() => {
    if (only === undefined || value !== undefined) return;
    onChange?.(only);
    form.submit();
  }, [only, value, onChange, form]);
  return (
    <Select
      id={id}
      value={value}
      placeholder="请选择项目"
      style={{ width: 260 }}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      options={projects.map((project) => ({
        value: project.id,
        label: `${project.name}（${project.code}）`,
      }))}
      onChange={choose}
    />
  );
}

const COLUMNS: ListColumn<SuperAccountAccount>[] = [
  { title: '账号', dataIndex: 'accountName', width: 140, render: (name: string | null) => name ?? '—' },
  { title: '姓名', dataIndex: 'realName', width: 120 },
  { title: '角色', dataIndex: 'roleName', width: 140 },
  {
    title: '角色类型',
    dataIndex: 'roleSystem',
    width: 110,
    render: (system: RoleSystem) => ROLE_SYSTEM_LABEL[system],
  },
  { title: '所属单位', dataIndex: 'unitName', width: 180, render: (unit: string | null) => unit || '—' },
];

/**
 * 超级账号登录 (/super-account/index): platform staff choose an enabled project, search its staff
 * accounts and sign in as one of them. The list asks nothing until a project is chosen. The new
 * session (two hours, audited) replaces this one in the browser, as a sign-in does, and the back
 * office loads again at home.
 */
export function SuperAccountPage() {
  const setToken = useSetAtom(setTokenAtom);
  const [projects, setProjects] = useState<SuperAccountProject[]>([]);
  const [projectsLoading, setProjectsLoading] = useState(true);
  const [signingIn, setSigningIn] = useState<number | null>(null);
  const list = useListCall('super-account/accounts', getSuperAccountAccounts, undefined, {
    requires: ['projectId'],
  });

  useEffect(() => {
    let current = true;
    getSuperAccountProjects().then(
      ({ list: found }) => {
        if (!current) return;
        setProjects(found);
        setProjectsLoading(false);
      },
      () => current && setProjectsLoading(false),
    );
    return () => {
      current = false;
    };
  }, []);

  const signIn = async (account: SuperAccountAccount) => {
    setSigningIn(account.accountId);
    try {
      const answer = await signInAs(account.accountId);
      setToken(answer.tokenCode);
      reloadIntoHome();
    } catch {
      // The request client has shown why.
      setSigningIn(null);
    }
  };

  const filters: FilterField<FiltersOf<'super-account/accounts'>>[] = [
    {
      kind: 'custom',
      name: 'projectId',
      label: '项目',
      rules: [{ required: true, message: '请选择项目' }],
      control: <ProjectChoice projects={projects} loading={projectsLoading} />,
    },
    { kind: 'text', name: 'keyword', label: '账号', placeholder: '姓名或账号', maxLength: 50 },
  ];
  const columns: ListColumn<SuperAccountAccount>[] = [
    ...COLUMNS,
    actionsColumn(
      150,
      (account) => (
        <Popconfirm
          title="以此账号登录"
          description={`确定以 ${accountLabel(account)} 的身份登录吗？会话有效 2 小时，操作将被审计。`}
          okText="登录"
          onConfirm={() => signIn(account)}
        >
          <Button type="link" size="small" loading={signingIn === account.accountId}>
            以此账号登录
          </Button>
        </Popconfirm>
      ),
      { fixed: false },
    ),
  ];

  const projectChosen = list.filters.projectId !== undefined;
  return (
    <ListPage
      title="超级账号登录"
      className="super-account"
      list={list}
      name="super-account-filters"
      filters={filters}
      noReset
      columns={columns}
      columnsId="super-account/index"
      rowKey="accountId"
      barClassName="super-account__filters"
      above={
        <Alert
          className="super-account__warning"
          type="warning"
          showIcon
          title="以所选账号身份登录，会话有效期 2 小时，到期需重新进入"
          description="登录后将替换当前浏览器中的平台账号会话，以该账号的权限操作；进入与其后的操作均记录审计日志（注明由超级账号操作）。返回平台请退出登录后重新登录平台账号。"
        />
      }
      table={{
        size: 'middle',
        locale: { emptyText: <Empty description={projectChosen ? '没有可登录的账号' : '请先选择项目'} /> },
      }}
    />
  );
}
