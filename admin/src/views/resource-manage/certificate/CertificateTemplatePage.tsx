import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { CertificateTemplateItem, RecordStatus } from '@px/api/contract';
import { Button, Card, Form, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  deleteCertificateTemplate,
  listCertificateTemplates,
  setCertificateTemplateStatus,
} from '../../../api/certificate';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { DeleteAction, StatusAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { dateTimeColumn } from '../../../components/table-columns';
import { usePagedList } from '../../../hooks/usePagedList';
import { useRowAction } from '../../../hooks/useRowAction';
import { TemplateEditorDrawer } from './components/TemplateEditorDrawer';
import { pageSizeText } from './template-layout';

interface TemplateFilters {
  name?: string;
  status?: RecordStatus;
}

const STATUS_OPTIONS = [
  { value: 'ENABLED', label: '启用' },
  { value: 'DISABLED', label: '停用' },
];

/**
 * 证书模板 (project staff): the project's certificate templates with name and status filters;
 * 新建模板 and 编辑 open the editor drawer; 启用/停用 (disabled templates are not offered to new
 * classes) and 删除 after confirmation (refused while a class uses the template).
 */
export function CertificateTemplatePage() {
  const list = usePagedList<TemplateFilters, CertificateTemplateItem>(listCertificateTemplates, {});
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const columns: ColumnsType<CertificateTemplateItem> = [
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
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_value, template) => {
        const busy = busyId === template.id;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing(template.id)}>
              编辑
            </Button>
            <StatusAction
              enabled={template.status === 'ENABLED'}
              confirmTitle={`停用模板「${template.name}」？`}
              confirmDescription="停用后新建或编辑班级时不能再选择这个模板，已选用的班级不受影响。"
              busy={busy}
              onDisable={() =>
                run(template.id, () => setCertificateTemplateStatus(template.id, 'DISABLED'), '模板已停用')
              }
              onEnable={() =>
                run(template.id, () => setCertificateTemplateStatus(template.id, 'ENABLED'), '模板已启用')
              }
            />
            <DeleteAction
              confirmTitle={`删除模板「${template.name}」？`}
              busy={busy}
              onDelete={() => run(template.id, () => deleteCertificateTemplate(template.id), '模板已删除')}
            />
          </Space>
        );
      },
    },
  ];

  return (
    <Card title="证书模板">
      <ListFilterBar<TemplateFilters>
        name="certificate-template-filters"
        onSearch={(values) => list.search({ name: values.name?.trim() || undefined, status: values.status })}
        onReset={list.reset}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建模板
          </Button>
        }
      >
        <Form.Item name="name" label="模板名称">
          <Input allowClear maxLength={50} placeholder="名称的一部分" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
      </ListFilterBar>
      <Table<CertificateTemplateItem>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        {...list.tableProps}
      />
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
    </Card>
  );
}
