import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { StudyReportFilters, StudyReportRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { exportStudyReport, getReportClassOptions, listStudyReport } from '../../../api/study-report';
import { hoursOf } from '../../../components/EnrolmentTable';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { type ListColumn, ListTable } from '../../../components/ListTable';
import { MY_CLASS_STATUS_OPTIONS, MyClassStatusTag } from '../../../components/MyClassStatusTag';
import { orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useClassChoices } from '../../../hooks/useClassChoices';
import { useExport } from '../../../hooks/useExport';
import { usePagedList } from '../../../hooks/usePagedList';
import { type UnitChoice, useUnitChoices } from '../../../hooks/useUnitChoices';
import {
  REPORT_STUDENT_PAGE,
  reportStudentPath,
  STUDY_DETAIL_PAGE,
  studyDetailPath,
} from '../../../utils/study-paths';

/** The file name of 导出. */
export const STUDY_REPORT_EXPORT_FILE = '学习档案.xlsx';

/** The archive's filters without blanks (the student text trimmed). */
function cleanFilters(values: StudyReportFilters): StudyReportFilters {
  return {
    classId: values.classId,
    student: values.student?.trim() || undefined,
    status: values.status,
    unitId: values.unitId,
  };
}

/** A moment on two lines (day, then time) so the column stays narrow. */
function DayAndTime({ value }: { value: string }) {
  return (
    <Flex vertical>
      <span>{formatDateTime(value, 'YYYY-MM-DD')}</span>
      <Typography.Text type="secondary">{formatDateTime(value, 'HH:mm:ss')}</Typography.Text>
    </Flex>
  );
}

/**
 * The columns of the archive, narrow enough to fit a 1440 px screen without scrolling (wide
 * values take two lines); links only to the pages the role holds.
 */
function reportColumns(canOpenStudent: boolean, canOpenStudy: boolean): ListColumn<StudyReportRow>[] {
  return [
    {
      title: '学员',
      dataIndex: 'studentName',
      width: 90,
      render: (name: string, row) =>
        canOpenStudent ? <Link to={reportStudentPath(row.accountId)}>{name}</Link> : name,
    },
    { title: '身份证号', dataIndex: 'idCardNo', width: 170, optional: 'shown', render: orDash },
    { title: '所属单位', dataIndex: 'unitName', width: 130, optional: 'hidden', render: orDash },
    { title: '班级', dataIndex: 'className', width: 180 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: StudyReportRow['status']) => <MyClassStatusTag status={status} />,
    },
    {
      title: '学时（已获/要求）',
      key: 'hours',
      width: 150,
      ellipsis: false,
      render: (_value, row) => (
        <Flex vertical>
          <span>必修 {hoursOf(row.creditedRequiredHours, row.requiredHours)}</span>
          <Typography.Text type="secondary">
            选修 {hoursOf(row.creditedElectiveHours, row.electiveHours)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: '学习时间',
      key: 'window',
      width: 130,
      optional: 'hidden',
      ellipsis: false,
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.studyStartDate}</span>
          <Typography.Text type="secondary">至 {row.studyEndDate}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: '最近学习',
      dataIndex: 'lastStudyAt',
      width: 112,
      optional: 'shown',
      render: (value: string | null) => (value ? <DayAndTime value={value} /> : '未开始'),
    },
    ...(canOpenStudy
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_value: unknown, row: StudyReportRow) => (
              <Link to={studyDetailPath(row.myClassId)}>学习详情</Link>
            ),
          },
        ]
      : []),
  ];
}

/** The filter fields of the archive. */
function ReportFilterFields({
  classes,
  onSearchClass,
  units,
}: {
  classes: { value: number; label: string }[];
  onSearchClass: (name: string) => void;
  units: UnitChoice[];
}) {
  return (
    <>
      <Form.Item name="classId" label="班级">
        <Select
          allowClear
          placeholder="全部"
          options={classes}
          showSearch={{ filterOption: false, onSearch: onSearchClass }}
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item name="student" label="学员">
        <Input allowClear maxLength={50} placeholder="姓名、身份证号或手机号" style={{ width: 190 }} />
      </Form.Item>
      <Form.Item name="status" label="学习状态">
        <Select allowClear placeholder="全部" options={MY_CLASS_STATUS_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="unitId" label="所属单位">
        <Select
          allowClear
          placeholder="全部"
          options={units}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 160 }}
        />
      </Form.Item>
    </>
  );
}

/**
 * 学习档案 (project staff): every enrolment of the project with the hours study earned against the
 * class's, the study window and the last study time; filters 班级, 学员, 学习状态, 所属单位; 导出;
 * the student opens 学员档案详情 and 学习详情 the enrolment's study (each its own grant).
 */
export function StudyReportPage() {
  const list = usePagedList<StudyReportFilters, StudyReportRow>(listStudyReport, {});
  const classes = useClassChoices(getReportClassOptions);
  const units = useUnitChoices();
  const access = useAccess();
  const exporter = useExport(() => exportStudyReport(list.filters), STUDY_REPORT_EXPORT_FILE);

  return (
    <Card title="学习档案">
      <ListFilterBar<StudyReportFilters>
        name="study-report-filters"
        onSearch={(values) => list.search(cleanFilters(values))}
        onReset={list.reset}
        style={{ rowGap: 12 }}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.exporting}
            onClick={() => void exporter.run()}
          >
            导出
          </Button>
        }
      >
        <ReportFilterFields classes={classes.choices} onSearchClass={classes.search} units={units.choices} />
      </ListFilterBar>
      <ListTable<StudyReportRow>
        columnsId="train-manage/study-report"
        rowKey="myClassId"
        columns={reportColumns(access.can(REPORT_STUDENT_PAGE), access.can(STUDY_DETAIL_PAGE))}
        {...list.tableProps}
      />
    </Card>
  );
}
