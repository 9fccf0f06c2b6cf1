import type { StudyReportRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { exportStudyReport, getReportClassOptions, listStudyReport } from '../../../api/study-report';
import { HoursLines } from '../../../components/EnrolmentTable';
import type { ListColumn } from '../../../components/ListTable';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { myClassStatusColumn } from '../../../components/MyClassStatusTag';
import { studyReportFilters } from '../../../components/study-report-filters';
import { orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useClassChoices } from '../../../hooks/useClassChoices';
import { useUnitChoices } from '../../../hooks/useUnitChoices';
import {
  REPORT_STUDENT_PAGE,
  reportStudentPath,
  STUDY_DETAIL_PAGE,
  studyDetailPath,
} from '../../../utils/study-paths';
import { LedgerResult, useLedgerCheck } from './components/LedgerCheck';

/** The file name of 导出. */
export const STUDY_REPORT_EXPORT_FILE = '学习档案.xlsx';

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
    myClassStatusColumn<StudyReportRow>('状态', 90, 'status'),
    {
      title: '学时（已获/要求）',
      key: 'hours',
      width: 150,
      ellipsis: false,
      render: (_value, row) => <HoursLines row={row} />,
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

/**
 * 学习档案 (project staff): every enrolment of the project with the hours study earned against the
 * class's, the study window and the last study time; filters 班级, 学员, 学习状态, 所属单位; 导出;
 * the student opens 学员档案详情 and 学习详情 the enrolment's study (each its own grant); 校验学习账本
 * recomputes every enrolment's study ledger and names the first entry that does not match.
 */
export function StudyReportPage() {
  const list = useListCall('study-report/page', listStudyReport);
  const classes = useClassChoices(getReportClassOptions);
  const units = useUnitChoices();
  const access = useAccess();
  const ledger = useLedgerCheck();

  return (
    <ListPage
      title="学习档案"
      list={list}
      name="study-report-filters"
      filters={studyReportFilters(classes, units.choices)}
      columns={reportColumns(access.can(REPORT_STUDENT_PAGE), access.can(STUDY_DETAIL_PAGE))}
      columnsId="train-manage/study-report"
      rowKey="myClassId"
      exportTo={{ download: exportStudyReport, fileName: STUDY_REPORT_EXPORT_FILE }}
      extra={ledger.button}
      header={
        ledger.result ? (
          <LedgerResult result={ledger.result} canOpenStudy={access.can(STUDY_DETAIL_PAGE)} />
        ) : undefined
      }
    />
  );
}
