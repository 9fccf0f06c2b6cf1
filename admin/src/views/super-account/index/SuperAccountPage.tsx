import type { Calls, SuperAccountAccount, SuperAccountProject } from '@px/api/contract';
import { type ParsedInputOf, ROLE_SYSTEM_LABEL, type RoleSystem } from '@px/config';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
} from 'antd';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { getSuperAccountAccounts, getSuperAccountProjects, signInAs } from '../../../api/super-account';
import { usePagedList } from '../../../hooks/usePagedList';
import { setTokenAtom } from '../../../store/session';
import { reloadIntoHome } from './reload';
import './super-account.css';

/** The search (typed from the call's input): the project chosen, none at first, and a name or account. */
type AccountFilters = Partial<Pick<ParsedInputOf<Calls['super-account/accounts']>, 'projectId' | 'keyword'>>;

/** How an account is named in texts: `姓名（账号）`. */
function accountLabel(account: SuperAccountAccount): string {
  return account.accountName ? `${account.realName}（${account.accountName}）` : account.realName;
}

/**
 * 超级账号登录 (/super-account/index): platform staff choose an enabled project, search its staff
 * accounts and sign in as one of them. The new session (two hours, audited) replaces this one in
 * the browser, as a sign-in does, and the back office loads again at home.
 */
export function SuperAccountPage() {
  const setToken = useSetAtom(setTokenAtom);
  const [projects, setProjects] = useState<SuperAccountProject[]>([]);
  const [projectsLoading, setProjectsLoading] = useState(true);
  const [form] = Form.useForm<AccountFilters>();
  const [signingIn, setSigningIn] = useState<number | null>(null);
  const list = usePagedList<AccountFilters, SuperAccountAccount>(
    ({ projectId, keyword, pageNum, pageSize }) =>
      projectId === undefined
        ? Promise.resolve({ list: [], total: 0, pageNum, pageSize })
        : getSuperAccountAccounts({ projectId, pageNum, pageSize, ...(keyword ? { keyword } : {}) }),
    {},
  );
  const { search } = list;

  useEffect(() => {
    let current = true;
    getSuperAccountProjects().then(
      ({ list: found }) => {
        if (!current) return;
        setProjects(found);
        setProjectsLoading(false);
        // With a single project there is nothing to choose.
        const only = found.length === 1 ? found[0] : undefined;
        if (only) {
          form.setFieldsValue({ projectId: only.id });
          search({ projectId: only.id });
        }
      },
      () => current && setProjectsLoading(false),
    );
    return () => {
      current = false;
    };
  }, [form, search]);

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

  const columns: TableColumnsType<SuperAccountAccount> = [
    { title: '账号', dataIndex: 'accountName', render: (name: string | null) => name ?? '—' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '角色', dataIndex: 'roleName' },
    {
      title: '角色类型',
      dataIndex: 'roleSystem',
      render: (system: RoleSystem) => ROLE_SYSTEM_LABEL[system],
    },
    { title: '所属单位', dataIndex: 'unitName', render: (unit: string | null) => unit || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, account) => (
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
    },
  ];

  const projectChosen = list.filters.projectId !== undefined;
  return (
    <Card className="super-account" title="超级账号登录">
      <Alert
        className="super-account__warning"
        type="warning"
        showIcon
        title="以所选账号身份登录，会话有效期 2 小时，到期需重新进入"
        description="登录后将替换当前浏览器中的平台账号会话，以该账号的权限操作；进入与其后的操作均记录审计日志（注明由超级账号操作）。返回平台请退出登录后重新登录平台账号。"
      />
      <Form<AccountFilters>
        name="super-account-filters"
        form={form}
        layout="inline"
        className="super-account__filters"
        onFinish={(values) =>
          list.search({ projectId: values.projectId, keyword: values.keyword?.trim() || undefined })
        }
      >
        <Form.Item label="项目" name="projectId" rules={[{ required: true, message: '请选择项目' }]}>
          <Select
            placeholder="请选择项目"
            style={{ width: 260 }}
            loading={projectsLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={projects.map((project) => ({
              value: project.id,
              label: `${project.name}（${project.code}）`,
            }))}
            onChange={(projectId: number) =>
              list.search({ projectId, keyword: form.getFieldValue('keyword')?.trim() || undefined })
            }
          />
        </Form.Item>
        <Form.Item label="账号" name="keyword">
          <Input placeholder="姓名或账号" allowClear maxLength={50} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
        </Form.Item>
      </Form>
      <Table<SuperAccountAccount>
        rowKey="accountId"
        size="middle"
        columns={columns}
        {...list.tableProps}
        loading={projectChosen && list.loading}
        locale={{
          emptyText: <Empty description={projectChosen ? '没有可登录的账号' : '请先选择项目'} />,
        }}
      />
    </Card>
  );
}
