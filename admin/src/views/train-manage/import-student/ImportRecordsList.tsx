import {
  UNIT_IMPORT_STATUS,
  UNIT_IMPORT_STATUS_LABEL,
  type UnitImportStatus,
  type UnitImportView,
} from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadUnitImportErrors, pageUnitImports } from '../../../api/unit-import';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { labelOptions } from '../../../utils/label-options';
import { importStudentPath } from '../batch-pay-order/batch-order-paths';
import { errorFileName } from './ImportStudentPage';
import { UnitImportStatusTag } from './UnitImportStatusTag';

const STATUS_OPTIONS = labelOptions(UNIT_IMPORT_STATUS, UNIT_IMPORT_STATUS_LABEL);

const FILTERS: FilterField<FiltersOf<'batch-import-order/page'>>[] = [
  { kind: 'select', name: 'statuses', label: '状态', options: STATUS_OPTIONS, multiple: true, width: 220 },
];

/**
 * 导入记录 of every unit class the caller may see (a unit manager: their unit's), newest first,
 * filtered by state (`?statuses=INVALID,FAILED` from home's 待办事项: the imports that failed), each
 * with its error file and the way to its unit class's 导入学员.
 */
export function ImportRecordsList({ initialStatuses }: { initialStatuses?: UnitImportStatus[] }) {
  const list = useListCall('batch-import-order/page', pageUnitImports, { statuses: initialStatuses });
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
  const columns: ListColumn<UnitImportView>[] = [
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
    <ListPage
      title="导入记录"
      list={list}
      name="import-filters"
      filters={FILTERS}
      barStyle={{ rowGap: 12, marginBottom: 16 }}
      columns={columns}
      columnsId="train-manage/import-student/records"
      table={{ locale: { emptyText: '暂无导入记录' } }}
    />
  );
}
