import type { EnrolmentSummary, MyClassStatus } from '@px/api/contract';
import { formatDateRange, formatDateTime } from '@px/config';
import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { studyDetailPath } from '../utils/study-paths';
import type { ListColumn } from './ListTable';
import { myClassStatusColumn } from './MyClassStatusTag';

/** Hours credited against the hours asked: `1.5 / 2`. */
export function hoursOf(credited: number, required: number): string {
  return `${credited} / ${required}`;
}

/** The hours an enrolment's row counts: credited and asked, of each kind. */
type HoursRow = Pick<
  EnrolmentSummary,
  'creditedRequiredHours' | 'requiredHours' | 'creditedElectiveHours' | 'electiveHours'
>;

/** 必修 and 选修 hours (credited / asked) on two lines, 选修 quieter; `children` below them. */
export function HoursLines({ row, children }: { row: HoursRow; children?: ReactNode }) {
  return (
    <Flex vertical>
      <span>必修 {hoursOf(row.creditedRequiredHours, row.requiredHours)}</span>
      <Typography.Text type="secondary">
        选修 {hoursOf(row.creditedElectiveHours, row.electiveHours)}
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** 学习状态 and the 必修 / 选修 hours (credited / asked) of an enrolment's row, a column each. */
export function studyProgressColumns<Row extends HoursRow & { status: MyClassStatus }>(): ListColumn<Row>[] {
  return [
    myClassStatusColumn<Row>('学习状态', 96, 'status'),
    {
      title: '必修（已获/要求）',
      key: 'required',
      width: 140,
      render: (_value, row) => hoursOf(row.creditedRequiredHours, row.requiredHours),
    },
    {
      title: '选修（已获/要求）',
      key: 'elective',
      width: 140,
      render: (_value, row) => hoursOf(row.creditedElectiveHours, row.electiveHours),
    },
  ];
}

/** The columns of a student's enrolments; 学习详情 only for roles granted it. */
function enrolmentColumns(canOpenStudy: boolean): ColumnsType<EnrolmentSummary> {
  return [
    { title: '班级', dataIndex: 'className', width: 190 },
    { title: '年度', dataIndex: 'year', width: 70 },
    ...studyProgressColumns<EnrolmentSummary>(),
    {
      title: '学习时间',
      key: 'window',
      width: 215,
      render: (_value, row) => formatDateRange(row.studyStartDate, row.studyEndDate),
    },
    {
      title: '最近学习',
      dataIndex: 'lastStudyAt',
      width: 170,
      render: (value: string | null) => (value ? formatDateTime(value) : '未开始'),
    },
    ...(canOpenStudy
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_value: unknown, row: EnrolmentSummary) => (
              <Link to={studyDetailPath(row.myClassId)}>学习详情</Link>
            ),
          },
        ]
      : []),
  ];
}

/** A student's enrolments with the state and the hours credited; 学习详情 links to the study archive. */
export function EnrolmentTable({
  enrolments,
  canOpenStudy,
}: {
  enrolments: EnrolmentSummary[];
  canOpenStudy: boolean;
}) {
  return (
    <Table<EnrolmentSummary>
      rowKey="myClassId"
      columns={enrolmentColumns(canOpenStudy)}
      dataSource={enrolments}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无报名班级' }}
    />
  );
}
