import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { ProjectItem } from '@px/api/contract';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { deleteProject, listProjects, setProjectStatus } from '../../../api/project';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, editDeleteActions, StatusAction } from '../../../components/RowActions';
import { STATUS_OPTIONS } from '../../../components/StatusTag';
import { dateTimeColumn, statusColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRowAction } from '../../../hooks/useRowAction';
import { ProjectAdminModal } from './components/ProjectAdminModal';
import { ProjectFormModal } from './components/ProjectFormModal';

/** The filters of the project list. */
const PROJECT_FILTERS: FilterField<FiltersOf<'project/list'>>[] = [
  { kind: 'text', name: 'name', label: '项目', placeholder: '名称或编码', maxLength: 60 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 120 },
];

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
 * edit, the first administrator of a project without staff (创建管理员), enable and disable,
 * delete, and the way to each project's settings.
 */
export function ProjectListPage() {
  const list = useListCall('project/list', listProjects);
  const [editor, setEditor] = useState<{ open: boolean; project?: ProjectItem } | null>(null);
  const [adminFor, setAdminFor] = useState<ProjectItem | null>(null);
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  const canOpenSetting = useAccess().can('/project-manage/setting');

  const columns: ListColumn<ProjectItem>[] = [
    { title: '项目编码', dataIndex: 'code', width: 120 },
    { title: '项目名称', dataIndex: 'name', width: 160 },
    {
      title: '绑定域名',
      dataIndex: 'domains',
      width: 180,
      ellipsis: false,
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
    statusColumn(90),
    { ...dateTimeColumn('创建时间', 'createdAt'), optional: 'hidden' },
    // 创建管理员 joins the row while a project has no staff: the actions wrap rather than widen the table.
    actionsColumn(
      300,
      (project) =>
        editDeleteActions({
          abilities: { deleteRefusal: deleteRefusal(project) },
          onEdit: () => setEditor({ open: true, project }),
          between: (
            <>
              {project.staffCount === 0 && (
                <Button type="link" size="small" onClick={() => setAdminFor(project)}>
                  创建管理员
                </Button>
              )}
              {canOpenSetting && (
                <Link to={projectSettingPath(project.id)} style={{ padding: '0 8px' }}>
                  设置
                </Link>
              )}
              <StatusAction
                enabled={project.status === 'ENABLED'}
                confirmTitle={`停用项目「${project.name}」？`}
                confirmDescription="停用后该项目的学员与后台账号都不能登录，已登录的会被退出。"
                busy={busyId === project.id}
                refusal={project.isDefault ? '默认项目不能停用' : undefined}
                onDisable={() =>
                  run(project.id, () => setProjectStatus(project.id, 'DISABLED'), '项目已停用')
                }
                onEnable={() => run(project.id, () => setProjectStatus(project.id, 'ENABLED'), '项目已启用')}
              />
            </>
          ),
          deleteTitle: `删除项目「${project.name}」？`,
          busy: busyId === project.id,
          onDelete: () => run(project.id, () => deleteProject(project.id), '项目已删除'),
        }),
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      title="项目列表"
      list={list}
      name="project-filters"
      filters={PROJECT_FILTERS}
      columns={columns}
      columnsId="project-manage/list"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
          新增项目
        </Button>
      }
    >
      {adminFor && (
        <ProjectAdminModal project={adminFor} onClose={() => setAdminFor(null)} onCreated={list.reload} />
      )}
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
    </ListPage>
  );
}
