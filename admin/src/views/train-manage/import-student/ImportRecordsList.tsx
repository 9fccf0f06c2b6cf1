import {
  UNIT_IMPORT_STATUS,
  UNIT_IMPORT_STATUS_LABEL,
  type UnitImportStatus,
  type UnitImportView,
} from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, Card, Form, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadUnitImportErrors, pageUnitImports } from '../../../api/unit-import';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { usePagedList } from '../../../hooks/usePagedList';
import { importStudentPath } from '../batch-pay-order/batch-order-paths';
import { errorFileName } from './ImportStudentPage';
import { UnitImportStatusTag } from './UnitImportStatusTag';

interface Filters {
  statuses?: UnitImportStatus[];
}

const STATUS_OPTIONS = UNIT_IMPORT_STATUS.map((value) => ({ value, label: UNIT_IMPORT_STATUS_LABEL[value] }));

/**
 * 导入记录 of every unit class the caller may see (a unit manager: their unit's), newest first,
 * filtered by state (`?statuses=INVALID,FAILED` from home's 待办事项: the imports that failed), each
 * with its error file and the way to its unit class's 导入学员.
 */
export function ImportRecordsList({ initialStatuses }: { initialStatuses?: UnitImportStatus[] }) {
  const [initial] = useState<Filters>(() => ({ statuses: initialStatuses }));
  const list = usePagedList<Filters, UnitImportView>(pageUnitImports, initial);
  const [downloading, setDownloading] = useState<number | null>(null);
  const downloadErrors = async (view: UnitImportView) => {
    setDownloading(view.id);
    try {
      saveBlobAs(await downloadUnitImportErrors(view.id), errorFileName(view));
    } catch {
      // The request client has shown why.
    } finally {
      setDownloading(null);
    }
  };
  const columns: ColumnsType<UnitImportView> = [
    {
      title: '单位班级',
      dataIndex: 'unitClassName',
      width: 180,
      render: (name: string, row) => <Link to={importStudentPath(row.unitClassId)}>{name}</Link>,
    },
    { title: '文件名', dataIndex: 'fileName', width: 200 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (status: UnitImportStatus) => <UnitImportStatusTag status={status} />,
    },
    { title: '总数', dataIndex: 'total', width: 70, align: 'right' },
    { title: '失败', dataIndex: 'failedCount', width: 70, align: 'right' },
    { title: '原因', dataIndex: 'message', width: 200, render: orDash },
    dateTimeColumn('导入时间', 'createdAt'),
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_value, row) =>
        row.finished && row.failedCount > 0 ? (
          <Button
            type="link"
            size="small"
            loading={downloading === row.id}
            onClick={() => void downloadErrors(row)}
          >
            错误文件
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Card title="导入记录">
      <ListFilterBar<Filters>
        name="import-filters"
        initialValues={initial}
        onSearch={(values) =>
          list.search({ statuses: values.statuses?.length ? values.statuses : undefined })
        }
        onReset={() => list.search({})}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="statuses" label="状态">
          <Select
            mode="multiple"
            allowClear
            placeholder="全部"
            options={STATUS_OPTIONS}
            style={{ minWidth: 220 }}
          />
        </Form.Item>
      </ListFilterBar>
      <Table<UnitImportView>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无导入记录' }}
        {...list.tableProps}
      />
    </Card>
  );
}
