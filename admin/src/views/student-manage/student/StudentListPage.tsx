import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { IdentityCheckResult, StudentRow } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, message, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadImportTemplate, listStudents } from '../../../api/student';
import { IdentityTag } from '../../../components/IdentityTag';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction } from '../../../components/RowActions';
import { STATUS_OPTIONS } from '../../../components/StatusTag';
import { dateTimeColumn, orDash, statusColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { type UnitChoice, useUnitChoices } from '../../../hooks/useUnitChoices';
import { STUDENT_DETAIL_PAGE, studentDetailPath } from '../../../utils/study-paths';
import { StudentImportModal } from './components/StudentImportModal';

/** The file name of 下载模板. */
export const IMPORT_TEMPLATE_FILE = '学员导入模板.xlsx';

/** The columns of the student list; 详情 only for roles granted the detail page. */
function studentColumns(canOpenDetail: boolean): ListColumn<StudentRow>[] {
  return [
    {
      title: '姓名',
      dataIndex: 'realName',
      width: 110,
      render: (name: string, row) =>
        canOpenDetail ? <Link to={studentDetailPath(row.id)}>{name}</Link> : name,
    },
    { title: '身份证号', dataIndex: 'idCardNo', width: 170, render: orDash },
    {
      title: '实名核验',
      dataIndex: 'identityResult',
      width: 96,
      optional: 'shown',
      render: (result: IdentityCheckResult | null) => <IdentityTag result={result} />,
    },
    { title: '手机号', dataIndex: 'mobile', width: 125, optional: 'shown', render: orDash },
    { title: '所属单位', dataIndex: 'unitName', width: 136, optional: 'shown', render: orDash },
    {
      title: '微信',
      dataIndex: 'wechatBound',
      width: 96,
      optional: 'shown',
      render: (bound: boolean) => (bound ? <Tag color="success">已绑定</Tag> : <Tag>未绑定</Tag>),
    },
    { title: '报名班级', dataIndex: 'enrolmentCount', width: 96, optional: 'shown', align: 'right' },
    statusColumn<StudentRow>(76),
    { ...dateTimeColumn<StudentRow>('注册时间', 'createdAt', 170), optional: 'hidden' },
    ...(canOpenDetail
      ? [
          actionsColumn<StudentRow>(80, (row) => <DetailAction to={studentDetailPath(row.id)} />, {
            fixed: false,
          }),
        ]
      : []),
  ];
}

/** The filters of the student list. */
function studentFilters(units: UnitChoice[]): FilterField<FiltersOf<'student/list'>>[] {
  return [
    { kind: 'text', name: 'name', label: '姓名', placeholder: '姓名的一部分', maxLength: 50, width: 130 },
    {
      kind: 'text',
      name: 'idCardNo',
      label: '身份证号',
      placeholder: '完整身份证号',
      maxLength: 18,
      width: 190,
    },
    {
      kind: 'text',
      name: 'mobile',
      label: '手机号',
      placeholder: '手机号的一部分',
      maxLength: 11,
      width: 140,
    },
    { kind: 'select', name: 'unitId', label: '所属单位', options: units, searchable: true, width: 180 },
    { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 90 },
    { kind: 'dateRange', name: 'created', label: '注册日期', from: 'createdFrom', to: 'createdTo' },
  ];
}

/** 下载模板 of the import as an `.xlsx` download. */
function useTemplateDownload() {
  const [downloading, setDownloading] = useState(false);
  const run = async () => {
    setDownloading(true);
    try {
      saveBlobAs(await downloadImportTemplate(), IMPORT_TEMPLATE_FILE);
    } catch {
      // The request client has shown why.
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, run };
}

/**
 * 学员列表 (project staff): the project's students with filters (name, ID number, mobile, unit,
 * status, registration dates), masked ID numbers, 详情 (the detail page, its own grant), 下载模板
 * and 导入学员 (an `.xlsx` of the template, all or nothing).
 */
export function StudentListPage() {
  const list = useListCall('student/list', listStudents);
  const units = useUnitChoices();
  const canOpenDetail = useAccess().can(STUDENT_DETAIL_PAGE);
  const template = useTemplateDownload();
  const [importing, setImporting] = useState(false);

  return (
    <ListPage
      title="学员列表"
      list={list}
      name="student-filters"
      filters={studentFilters(units.choices)}
      columns={studentColumns(canOpenDetail)}
      columnsId="student-manage/student"
      extra={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={template.downloading}
            onClick={() => void template.run()}
          >
            下载模板
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入学员
          </Button>
        </Space>
      }
    >
      <StudentImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(count) => {
          setImporting(false);
          void message.success(`已导入 ${count} 名学员`);
          list.reload();
        }}
      />
    </ListPage>
  );
}
