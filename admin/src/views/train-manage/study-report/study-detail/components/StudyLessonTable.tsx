import type { ReportLesson } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Progress, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDuration } from '../../../../resource-manage/video/video-format';

/** The columns of an enrolment's lessons; a lesson's refused beats open its refusals. */
function lessonColumns(onShowRefusals: (progressId: number) => void): ColumnsType<ReportLesson> {
  return [
    { title: '课程', dataIndex: 'courseName', width: 150 },
    {
      title: '课时',
      dataIndex: 'lessonName',
      width: 170,
      render: (name: string, row) =>
        row.kind === null ? (
          <>
            {name} <Tag>已不在班级中</Tag>
          </>
        ) : (
          name
        ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 64,
      render: (kind: ReportLesson['kind']) =>
        kind === 'REQUIRED' ? '必修' : kind === 'ELECTIVE' ? '选修' : '—',
    },
    { title: '学时', dataIndex: 'hours', width: 60, align: 'right' },
    {
      title: '视频时长',
      dataIndex: 'durationSeconds',
      width: 84,
      render: (seconds: number) => formatDuration(seconds),
    },
    {
      title: '已计时长',
      dataIndex: 'creditedSeconds',
      width: 84,
      render: (seconds: number) => formatDuration(seconds),
    },
    {
      title: '观看进度',
      dataIndex: 'coverage',
      width: 140,
      render: (coverage: number) => (
        <Progress
          percent={Math.floor(coverage * 1000) / 10}
          format={(percent) => `${percent}%`}
          size="small"
          aria-label="观看进度"
        />
      ),
    },
    {
      title: '最远位置',
      dataIndex: 'furthestPosition',
      width: 84,
      render: (seconds: number) => formatDuration(seconds),
    },
    {
      title: '完成时间',
      dataIndex: 'finishedAt',
      width: 170,
      render: (value: string | null, row) =>
        value ? formatDateTime(value) : row.progressId === null ? '未开始' : '学习中',
    },
    {
      title: '被拒心跳',
      dataIndex: 'refusedBeats',
      width: 84,
      align: 'right',
      render: (count: number, row) =>
        count > 0 && row.progressId !== null ? (
          <Button type="link" size="small" onClick={() => onShowRefusals(row.progressId as number)}>
            {count}
          </Button>
        ) : (
          count
        ),
    },
  ];
}

/**
 * 课时学习: each lesson of the enrolment with what study credited (time, the share watched, the
 * furthest position, when it was finished) and its refused beats, which open that lesson's refusals.
 */
export function StudyLessonTable({
  lessons,
  onShowRefusals,
}: {
  lessons: ReportLesson[];
  onShowRefusals: (progressId: number) => void;
}) {
  return (
    <Table<ReportLesson>
      rowKey={(row) =>
        row.progressId === null ? `new-${row.courseName}-${row.lessonName}` : String(row.progressId)
      }
      columns={lessonColumns(onShowRefusals)}
      dataSource={lessons}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '班级中没有课时' }}
    />
  );
}
