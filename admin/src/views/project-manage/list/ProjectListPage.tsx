import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ProjectItem, RecordStatus } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  message,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deleteProject, listProjects, setProjectStatus } from '../../../api/project';
import { STATUS_OPTIONS, StatusTag } from '../../../components/StatusTag';
import { usePagedList } from '../../../hooks/usePagedList';
import { ProjectFormModal } from './components/ProjectFormModal';

interface ProjectFilters {
  name?: string;
  status?: RecordStatus;
}

/** The settings page of a project. */
export function projectSettingPath(projectId: number): string {
  return `/project-manage/setting?projectId=${projectId}`;
}

/** Why a project cannot be deleted, or undefined when it can (the server decides in the end). */
function deleteRefusal(project: ProjectItem): string | undefined {
  if (project.isDefault) return '默认项目不能删除';
  if (project.accountCount > 0 || project.unitCount > 0) return '该项目下仍有账号或单位，不能删除';
  return undefined;
}

/**
 * 项目列表 (platform staff): the projects (tenants) with name/code and status filters; create and
 * edit, enable and disable, delete, and the way to each project's settings.
 */
export function ProjectListPage() {
  const [filterForm] = Form.useForm<ProjectFilters>();
  const list = usePagedList<ProjectFilters, ProjectItem>(listProjects, {});
  const [editor, setEditor] = useState<{ open: boolean; project?: ProjectItem } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const search = (values: ProjectFilters) =>
    list.search({ name: values.name?.trim() || undefined, status: values.status });

  const run = async (project: ProjectItem, action: () => Promise<unknown>, done: string) => {
    setBusyId(project.id);
    try {
      await action();
      void message.success(done);
      list.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setBusyId(null);
    }
  };

  const columns: ColumnsType<ProjectItem> = [
    { title: '项目编码', dataIndex: 'code', width: 140 },
    { title: '项目名称', dataIndex: 'name', width: 200 },
    {
      title: '绑定域名',
      dataIndex: 'domains',
      render: (domains: string[]) =>
        domains.length ? (
          <Flex wrap gap={4}>
            {domains.map((domain) => (
              <Tag key={domain}>{domain}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: '默认项目',
      dataIndex: 'isDefault',
      width: 100,
      render: (isDefault: boolean) => (isDefault ? <Tag color="processing">默认</Tag> : '—'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: RecordStatus) => <StatusTag status={status} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_value, project) => {
        const busy = busyId === project.id;
        const refusal = deleteRefusal(project);
        const enabled = project.status === 'ENABLED';
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditor({ open: true, project })}>
              编辑
            </Button>
            <Link to={projectSettingPath(project.id)} style={{ padding: '0 8px' }}>
              设置
            </Link>
            {enabled ? (
              <Tooltip title={project.isDefault ? '默认项目不能停用' : undefined}>
                <Popconfirm
                  title={`停用项目「${project.name}」？`}
                  description="停用后该项目的学员与后台账号都不能登录，已登录的会被退出。"
                  okText="停用"
                  cancelText="取消"
                  disabled={project.isDefault}
                  onConfirm={() => run(project, () => setProjectStatus(project.id, 'DISABLED'), '项目已停用')}
                >
                  <Button type="link" size="small" danger disabled={project.isDefault || busy}>
                    停用
                  </Button>
                </Popconfirm>
              </Tooltip>
            ) : (
              <Button
                type="link"
                size="small"
                disabled={busy}
                onClick={() => run(project, () => setProjectStatus(project.id, 'ENABLED'), '项目已启用')}
              >
                启用
              </Button>
            )}
            <Tooltip title={refusal}>
              <Popconfirm
                title={`删除项目「${project.name}」？`}
                description="删除后不能恢复。"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                disabled={refusal !== undefined}
                onConfirm={() => run(project, () => deleteProject(project.id), '项目已删除')}
              >
                <Button type="link" size="small" danger disabled={refusal !== undefined || busy}>
                  删除
                </Button>
              </Popconfirm>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Card title="项目列表">
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form form={filterForm} layout="inline" name="project-filters" onFinish={search}>
          <Form.Item name="name" label="项目">
            <Input allowClear placeholder="名称或编码" maxLength={60} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  filterForm.resetFields();
                  list.search({});
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
          新增项目
        </Button>
      </Flex>
      <Table<ProjectItem>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: list.pageNum,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: list.changePage,
        }}
      />
      {editor && (
        <ProjectFormModal
          open={editor.open}
          project={editor.project}
          onCancel={() => setEditor({ ...editor, open: false })}
          onSaved={() => {
            setEditor({ ...editor, open: false });
            list.reload();
          }}
          afterClose={() => setEditor(null)}
        />
      )}
    </Card>
  );
}
