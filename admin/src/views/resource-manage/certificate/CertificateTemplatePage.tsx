import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { CertificateTemplateItem, RecordStatus } from '@px/api/contract';
import { Button } from 'antd';
import { useState } from 'react';
import {
  deleteCertificateTemplate,
  listCertificateTemplates,
  setCertificateTemplateStatus,
} from '../../../api/certificate';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, editDeleteActions, StatusAction } from '../../../components/RowActions';
import { STATUS_OPTIONS, StatusTag } from '../../../components/StatusTag';
import { dateTimeColumn } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { TemplateEditorDrawer } from './components/TemplateEditorDrawer';
import { pageSizeText } from './template-layout';

/** The filters of the list (its call's input). */
const TEMPLATE_FILTERS: FilterField<FiltersOf<'certificate/template-page'>>[] = [
  { kind: 'text', name: 'name', label: '模板名称', placeholder: '名称的一部分', maxLength: 50 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 110 },
];

/**
 * 证书模板 (project staff): the project's certificate templates with name and status filters;
 * 新建模板 and 编辑 open the editor drawer; 启用/停用 (disabled templates are not offered to new
 * classes) and 删除 after confirmation (refused while a class uses the template).
 */
export function CertificateTemplatePage() {
  const list = useListCall('certificate/template-page', listCertificateTemplates);
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const columns: ListColumn<CertificateTemplateItem>[] = [
    { title: '模板名称', dataIndex: 'name', width: 220 },
    { title: '页面尺寸', key: 'size', width: 180, render: (_value, template) => pageSizeText(template) },
    { title: '字段数', dataIndex: 'fieldCount', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: RecordStatus) => <StatusTag status={status} />,
    },
    dateTimeColumn('更新时间', 'updatedAt'),
    actionsColumn(
      200,
      (template) =>
        editDeleteActions({
          onEdit: () => setEditing(template.id),
          between: (
            <StatusAction
              enabled={template.status === 'ENABLED'}
              confirmTitle={`停用模板「${template.name}」？`}
              confirmDescription="停用后新建或编辑班级时不能再选择这个模板，已选用的班级不受影响。"
              busy={busyId === template.id}
              onDisable={() =>
                run(template.id, () => setCertificateTemplateStatus(template.id, 'DISABLED'), '模板已停用')
              }
              onEnable={() =>
                run(template.id, () => setCertificateTemplateStatus(template.id, 'ENABLED'), '模板已启用')
              }
            />
          ),
          deleteTitle: `删除模板「${template.name}」？`,
          busy: busyId === template.id,
          onDelete: () => run(template.id, () => deleteCertificateTemplate(template.id), '模板已删除'),
        }),
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      title="证书模板"
      list={list}
      name="certificate-template-filters"
      filters={TEMPLATE_FILTERS}
      columns={columns}
      columnsId="resource-manage/certificate"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建模板
        </Button>
      }
    >
      {editing !== null && (
        <TemplateEditorDrawer
          templateId={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </ListPage>
  );
}
