import type { ReportLesson, StudyReportRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Drawer, message, Tag } from 'antd';
import { correctStudyLesson, getStudyDetail } from '../../../../api/study-report';
import { RecordPending } from '../../../../components/RecordPending';
import { RowsTable } from '../../../../components/RowsTable';
import { TextPrompt } from '../../../../components/TextPrompt';
import { useRecord } from '../../../../hooks/useRecord';
import { useRowDialog } from '../../../../hooks/useRowDialog';

/** A lesson's state as the archive shows it. */
function lessonState(lesson: ReportLesson) {
  if (lesson.progressId === null) return <Tag>未开始</Tag>;
  return lesson.finishedAt ? <Tag color="success">已完成</Tag> : <Tag color="processing">学习中</Tag>;
}

/**
 * 更正课时 of an enrolment: its lessons (`study-report/detail`) with their state; a started lesson
 * is marked finished or not finished with the reason (required), and the hours roll up again.
 * Lessons never started have no study record to correct.
 */
export function LessonCorrectionDrawer({
  row,
  onCorrected,
  onClose,
}: {
  row: StudyReportRow | null;
  onCorrected: () => void;
  onClose: () => void;
}) {
  const detail = useRecord(row?.myClassId ?? null, getStudyDetail);
  const [target, targetDialog] = useRowDialog<ReportLesson>();
  return (
    <Drawer
      title={row ? `更正课时：${row.studentName}「${row.className}」` : '更正课时'}
      open={row !== null}
      onClose={onClose}
      size={760}
    >
      {row && detail.status !== 'ready' && <RecordPending state={detail} onRetry={detail.reload} />}
      {row && detail.status === 'ready' && (
        <RowsTable<ReportLesson>
          rowKey={(lesson) => `${lesson.courseName}/${lesson.lessonName}/${lesson.progressId ?? ''}`}
          dataSource={detail.record.lessons}
          empty="该班级没有课时"
          columns={[
            { title: '课程', dataIndex: 'courseName', width: 140 },
            { title: '课时', dataIndex: 'lessonName', width: 170 },
            { title: '学时', dataIndex: 'hours', width: 56, align: 'right' },
            {
              title: '状态',
              key: 'state',
              width: 80,
              render: (_value, lesson) => lessonState(lesson),
            },
            {
              title: '完成时间',
              dataIndex: 'finishedAt',
              width: 150,
              render: (value: string | null) => (value ? formatDateTime(value) : '—'),
            },
            {
              title: '操作',
              key: 'actions',
              width: 100,
              render: (_value, lesson) =>
                lesson.progressId === null ? (
                  '—'
                ) : (
                  <Button type="link" size="small" onClick={() => targetDialog.show(lesson)}>
                    {lesson.finishedAt ? '标为未完成' : '标为已完成'}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {row && target && (
        <TextPrompt
          key={target.row.progressId}
          open={target.open}
          title={target.row.finishedAt ? '课时标为未完成' : '课时标为已完成'}
          okText="保存更正"
          name="lesson-correction"
          field="reason"
          label="更正原因"
          intro={`${row.studentName}「${target.row.lessonName}」将从${
            target.row.finishedAt ? '已完成更正为未完成' : '学习中更正为已完成'
          }，学时随之重新汇总；原始学习记录保留，更正并列记录在学习档案中。`}
          placeholder="如：断网导致最后两秒未计入"
          onOk={async (reason) => {
            await correctStudyLesson({
              myClassId: row.myClassId,
              progressId: target.row.progressId as number,
              finished: !target.row.finishedAt,
              reason,
            });
            void message.success('课时已更正');
            targetDialog.close();
            detail.reload();
            onCorrected();
          }}
          onCancel={targetDialog.close}
          afterClose={targetDialog.afterClose}
        />
      )}
    </Drawer>
  );
}
