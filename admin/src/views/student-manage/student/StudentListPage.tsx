import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { StudentFilters, StudentRow } from '@px/api/contract';
import { Button, Card, Form, Input, message, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadImportTemplate, listStudents } from '../../../api/student';
import { saveBlobAs } from '../../../api/train-class';
import { type DateRange, DateRangeField, rangeBounds } from '../../../components/DateFields';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { type ListColumn, ListTable } from '../../../components/ListTable';
import { STATUS_OPTIONS } from '../../../components/StatusTag';
import { dateTimeColumn, orDash, statusColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { usePagedList } from '../../../hooks/usePagedList';
import { type UnitChoice, useUnitChoices } from '../../../hooks/useUnitChoices';
import { STUDENT_DETAIL_PAGE, studentDetailPath } from '../../../utils/study-paths';
import { StudentImportModal } from './components/StudentImportModal';

/** The file name of 下载模板. */
export const IMPORT_TEMPLATE_FILE = '学员导入模板.xlsx';

/** The values of the filter bar (注册日期 a range of `YYYY-MM-DD` days). */
type StudentFilterValues = Omit<StudentFilters, 'createdFrom' | 'createdTo'> & { created?: DateRange };

/** The list's filters without blanks (texts trimmed). */
function cleanFilters(values: StudentFilterValues): StudentFilters {
  const text = (value: string | undefined) => value?.trim() || undefined;
  const created = rangeBounds(values.created);
  return {
    name: text(values.name),
    idCardNo: text(values.idCardNo),
    mobile: text(values.mobile),
    unitId: values.unitId,
    status: values.status,
    createdFrom: created.from,
    createdTo: created.to,
  };
}

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
    { title: '手机号', dataIndex: 'mobile', width: 125, optional: 'shown', render: orDash },
    { title: '所属单位', dataIndex: 'unitName', width: 150, optional: 'shown', render: orDash },
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
          {
            title: '操作',
            key: 'actions',
            width: 70,
            render: (_value: unknown, row: StudentRow) => <Link to={studentDetailPath(row.id)}>详情</Link>,
          },
        ]
      : []),
  ];
}

/** The filter fields of the student list. */
function StudentFilterFields({ units }: { units: UnitChoice[] }) {
  return (
    <>
      <Form.Item name="name" label="姓名">
        <Input allowClear maxLength={50} placeholder="姓名的一部分" style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="idCardNo" label="身份证号">
        <Input allowClear maxLength={18} placeholder="完整身份证号" style={{ width: 190 }} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号">
        <Input allowClear maxLength={11} placeholder="手机号的一部分" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="unitId" label="所属单位">
        <Select
          allowClear
          placeholder="全部"
          options={units}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="created" label="注册日期">
        <DateRangeField />
      </Form.Item>
    </>
  );
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
  const list = usePagedList<StudentFilters, StudentRow>(listStudents, {});
  const units = useUnitChoices();
  const canOpenDetail = useAccess().can(STUDENT_DETAIL_PAGE);
  const template = useTemplateDownload();
  const [importing, setImporting] = useState(false);

  return (
    <Card title="学员列表">
      <ListFilterBar<StudentFilterValues>
        name="student-filters"
        onSearch={(values) => list.search(cleanFilters(values))}
        onReset={list.reset}
        style={{ rowGap: 12 }}
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
        <StudentFilterFields units={units.choices} />
      </ListFilterBar>
      <ListTable<StudentRow>
        columnsId="student-manage/student"
        rowKey="id"
        columns={studentColumns(canOpenDetail)}
        {...list.tableProps}
      />
      <StudentImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(count) => {
          setImporting(false);
          void message.success(`已导入 ${count} 名学员`);
          list.reload();
        }}
      />
    </Card>
  );
}
