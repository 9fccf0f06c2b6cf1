import type { QuestionItem, QuestionType, ResourceItem } from '@px/api/contract';
import { StreamVideo } from '@px/config/stream-video';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { deleteQuestion, queryQuestions, saveQuestion } from '../../../api/question';
import { fieldErrorsOf } from '../../../api/request';
import { getResource, getResourcePlayUrl } from '../../../api/resource';
import { FormModal } from '../../../components/FormModal';
import { actionsColumn, editDeleteActions } from '../../../components/RowActions';
import { useRowAction } from '../../../hooks/useRowAction';
import { readPositiveId } from '../../../utils/query-id';

const TYPE_LABELS: Record<QuestionType, string> = { SINGLE: '单选题', MULTIPLE: '多选题', JUDGE: '判断题' };

interface QuestionForm {
  markSecond: number;
  type: QuestionType;
  content: string;
  /** One option per line (choice types). */
  optionsText?: string;
  answer: string;
  explanation?: string;
}

/**
 * 添加弹题 (hidden; opened with `?resourceId=`): plays the video from its signed play URL, adds a
 * question at the player's current second, and lists, edits and deletes the video's questions.
 */
export function AddQuestionPage() {
  const [params] = useSearchParams();
  const resourceId = readPositiveId(params.get('resourceId'));
  const [video, setVideo] = useState<ResourceItem | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [questions, setQuestions] = useState<QuestionItem[]>([]);
  const [editing, setEditing] = useState<QuestionItem | 'new' | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  const [form] = Form.useForm<QuestionForm>();
  const type = Form.useWatch('type', form);

  const reload = useCallback(() => {
    if (resourceId) queryQuestions(resourceId).then(setQuestions, () => undefined);
  }, [resourceId]);
  const { busy, run } = useRowAction<number>(reload);

  useEffect(() => {
    if (!resourceId) return;
    getResource(resourceId).then(setVideo, () => setFailed(true));
    getResourcePlayUrl(resourceId).then(
      (answer) => setUrl(answer.url),
      () => setFailed(true),
    );
    reload();
  }, [resourceId, reload]);

  if (!resourceId) return <Alert type="warning" showIcon title="请从视频资源或课程课时打开添加弹题" />;

  /** The fields of a question: a new one at the player's current second. */
  const valuesOf = (question: QuestionItem | 'new'): Partial<QuestionForm> =>
    question === 'new'
      ? { markSecond: Math.max(1, Math.floor(player.current?.currentTime ?? 0)), type: 'SINGLE' }
      : {
          markSecond: question.markSecond,
          type: question.type,
          content: question.content,
          optionsText: question.type === 'JUDGE' ? undefined : question.options.join('\n'),
          answer: question.answer,
          explanation: question.explanation ?? undefined,
        };
  const open = (question: QuestionItem | 'new') => {
    setEditing(question);
    setEditorOpen(true);
  };

  const submit = async (values: QuestionForm) => {
    try {
      await saveQuestion({
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
        resourceId,
        markSecond: values.markSecond,
        type: values.type,
        content: values.content,
        options:
          values.type === 'JUDGE'
            ? []
            : (values.optionsText ?? '')
                .split('\n')
                .map((line) => line.trim())
                .filter((line) => line !== ''),
        answer: values.answer,
        explanation: values.explanation,
      });
      setEditorOpen(false);
      reload();
    } catch (error) {
      // The server names `options`; the form shows them under `optionsText`.
      const optionErrors = fieldErrorsOf(error).filter((fieldError) => fieldError.field === 'options');
      if (optionErrors.length)
        form.setFields([
          { name: 'optionsText', errors: optionErrors.map((fieldError) => fieldError.message) },
        ]);
      throw error;
    }
  };

  const columns: ColumnsType<QuestionItem> = [
    { title: '时间点（秒）', dataIndex: 'markSecond', width: 110 },
    { title: '题型', dataIndex: 'type', width: 90, render: (value: QuestionType) => TYPE_LABELS[value] },
    { title: '题目', dataIndex: 'content' },
    {
      title: '选项',
      dataIndex: 'options',
      render: (options: string[]) =>
        options.map((option, i) => `${String.fromCharCode(65 + i)}. ${option}`).join('；'),
    },
    { title: '答案', dataIndex: 'answer', width: 70 },
    actionsColumn(
      140,
      (question) =>
        editDeleteActions({
          onEdit: () => open(question),
          deleteTitle: '删除该弹题？',
          busy: busy === question.id,
          onDelete: () => run(question.id, () => deleteQuestion(question.id), '弹题已删除'),
        }),
      { fixed: false },
    ),
  ];

  return (
    <div className="add-question-page">
      <Card title={video ? `添加弹题：${video.name}` : '添加弹题'} size="small">
        {failed && <Alert type="error" showIcon title="获取视频失败，请返回后重试" />}
        {url && (
          <StreamVideo
            ref={player}
            src={url}
            controls
            preload="metadata"
            width={640}
            data-testid="question-player"
          />
        )}
        <div style={{ marginTop: 12 }}>
          <Button type="primary" onClick={() => open('new')} disabled={!video}>
            在当前时间添加弹题
          </Button>
        </div>
      </Card>
      <Card title="弹题列表" size="small" style={{ marginTop: 12 }}>
        <Table<QuestionItem> rowKey="id" columns={columns} dataSource={questions} pagination={false} />
      </Card>
      <FormModal<QuestionForm>
        open={editorOpen}
        title={editing === 'new' ? '添加弹题' : '编辑弹题'}
        okText="确定"
        name="question-form"
        form={form}
        values={editing ? valuesOf(editing) : undefined}
        onSubmit={submit}
        onClose={() => setEditorOpen(false)}
      >
        <Form.Item
          name="markSecond"
          label="时间点（秒）"
          rules={[{ required: true, message: '请填写时间点' }]}
          extra={video ? `应大于 0 且小于视频时长 ${video.durationSeconds} 秒` : undefined}
        >
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name="type" label="题型" rules={[{ required: true }]}>
          <Radio.Group
            options={(Object.keys(TYPE_LABELS) as QuestionType[]).map((value) => ({
              value,
              label: TYPE_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item name="content" label="题目" rules={[{ required: true, message: '请填写题目' }]}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        {type !== 'JUDGE' && (
          <Form.Item
            name="optionsText"
            label="选项（每行一个，依次为 A、B、C…）"
            rules={[{ required: true, message: '请填写选项' }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
        )}
        <Form.Item
          name="answer"
          label={type === 'JUDGE' ? '答案（A 正确，B 错误）' : '答案（选项字母，如 A 或 AC）'}
          rules={[{ required: true, message: '请填写答案' }]}
        >
          <Input maxLength={6} />
        </Form.Item>
        <Form.Item name="explanation" label="解析">
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
