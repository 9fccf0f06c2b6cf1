import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Flex, Form, InputNumber, Space, Typography } from 'antd';
import type { FormListFieldData, FormListOperation } from 'antd/es/form/FormList';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OrderedRowActions } from '../../../../components/OrderedRowActions';
import { RowsTable } from '../../../../components/RowsTable';
import { useAccess } from '../../../../hooks/useAccess';
import { formatDuration } from '../../video/video-format';
import {
  addQuestionPath,
  type CourseFormValues,
  hoursError,
  type LessonFormRow,
  lessonFromVideo,
  totalHours,
  trialError,
} from '../course-meta';
import { VideoPickerModal } from './VideoPickerModal';

/** The video of a lesson row (a form field holding `resourceId`, so the server's errors on it show). */
function LessonVideo({ lesson }: { value?: number; lesson: LessonFormRow | undefined }) {
  if (!lesson) return null;
  return (
    <div>
      <div>{lesson.resourceName}</div>
      <Typography.Text type="secondary">时长 {formatDuration(lesson.durationSeconds)}</Typography.Text>
    </div>
  );
}

/** Under the trial field: the trial and the video's length as mm:ss. */
function trialHint(lesson: LessonFormRow | undefined): string | undefined {
  if (!lesson) return undefined;
  const trial = typeof lesson.trialSeconds === 'number' && lesson.trialSeconds > 0 ? lesson.trialSeconds : 0;
  return `试看 ${formatDuration(trial)} / 时长 ${formatDuration(lesson.durationSeconds)}`;
}

const CELL = { marginBottom: 0 };

function lessonColumns(
  lessons: readonly LessonFormRow[],
  { move, remove }: Pick<FormListOperation, 'move' | 'remove'>,
  canAddQuestions: boolean,
): ColumnsType<FormListFieldData> {
  const count = lessons.length;
  return [
    { title: '序号', key: 'index', width: 60, render: (_value, _field, index) => index + 1 },
    {
      title: '视频',
      key: 'video',
      width: 220,
      render: (_value, field) => (
        <Form.Item name={[field.name, 'resourceId']} style={CELL}>
          <LessonVideo lesson={lessons[field.name]} />
        </Form.Item>
      ),
    },
    {
      title: '学时',
      key: 'hours',
      width: 130,
      render: (_value, field) => (
        <Form.Item
          name={[field.name, 'hours']}
          style={CELL}
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                const error = hoursError(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <InputNumber step={0.1} placeholder="0.1～100" style={{ width: 110 }} />
        </Form.Item>
      ),
    },
    {
      title: '试看秒数',
      key: 'trialSeconds',
      width: 190,
      render: (_value, field) => {
        const lesson = lessons[field.name];
        return (
          <Form.Item
            name={[field.name, 'trialSeconds']}
            style={CELL}
            extra={trialHint(lesson)}
            rules={[
              {
                validator: async (_rule, value: number | null | undefined) => {
                  const error = trialError(value, lesson?.durationSeconds ?? 0);
                  if (error) throw new Error(error);
                },
              },
            ]}
          >
            <InputNumber step={1} placeholder="0 为不可试看" style={{ width: 150 }} />
          </Form.Item>
        );
      },
    },
    {
      title: '弹题',
      key: 'questions',
      width: 110,
      render: (_value, field) => {
        const lesson = lessons[field.name];
        if (!lesson) return null;
        return (
          <Space size={4}>
            {lesson.questionCount !== null && <span>{lesson.questionCount} 题</span>}
            {canAddQuestions && (
              <Link to={addQuestionPath(lesson.resourceId)} target="_blank" rel="noopener">
                添加弹题
              </Link>
            )}
          </Space>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_value, field, index) => (
        <OrderedRowActions index={index} count={count} onMove={move} onRemove={() => remove(field.name)} />
      ),
    },
  ];
}

/**
 * 课时: the lessons of the course editor, in order. 添加视频 picks videos of the project; each row
 * takes hours (0.1..100, one decimal) and trial seconds (0..the video's length, with an mm:ss hint),
 * moves up or down, is removed, and links to 添加弹题 of its video (in a new tab, so the editing
 * stays). The total hours follow the rows. A published course needs a lesson.
 */
export function LessonList() {
  const form = Form.useFormInstance<CourseFormValues>();
  // Re-render on every change of a row (hints, total); the rows are read from the form itself.
  Form.useWatch('lessons', form);
  const [picking, setPicking] = useState(false);
  const canAddQuestions = useAccess().can('/resource-manage/add-question');

  return (
    <Form.List
      name="lessons"
      rules={[
        {
          validator: async (_rule, value: LessonFormRow[] | undefined) => {
            if (form.getFieldValue('status') === 'PUBLISHED' && !value?.length)
              throw new Error('发布的课程至少需要一个课时');
          },
        },
      ]}
    >
      {(fields, operations, { errors }) => {
        const lessons: LessonFormRow[] = form.getFieldValue('lessons') ?? [];
        return (
          <>
            <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
              <span>
                共 {fields.length} 个课时，总学时 <strong>{totalHours(lessons)}</strong>
              </span>
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                添加视频
              </Button>
            </Flex>
            <RowsTable<FormListFieldData>
              rowKey="key"
              columns={lessonColumns(lessons, operations, canAddQuestions)}
              dataSource={fields}
              wide
              empty="还没有课时，请添加视频"
            />
            <Form.ErrorList errors={errors} />
            <VideoPickerModal
              open={picking}
              takenIds={lessons.map((lesson) => lesson.resourceId)}
              onClose={() => setPicking(false)}
              onPick={(videos) => {
                for (const video of videos) operations.add(lessonFromVideo(video));
                setPicking(false);
              }}
            />
          </>
        );
      }}
    </Form.List>
  );
}
