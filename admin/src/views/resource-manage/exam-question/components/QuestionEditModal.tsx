import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  EXAM_OPTIONS_MAX,
  type ExamCategoryNode,
  type ExamQuestionItem,
  JUDGE_OPTIONS,
} from '@px/api/contract';
import { Button, Checkbox, Form, Input, message, Radio, Space, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { saveExamQuestion } from '../../../../api/exam';
import { fieldErrorsOf } from '../../../../api/request';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';
import { categoryOptions } from '../../components/category-tree';
import {
  hasOwnOptions,
  lettersFor,
  QUESTION_TYPE_OPTIONS,
  type QuestionFormValues,
  questionFormValues,
  questionSavePayload,
} from '../question-form';

const JUDGE_CHOICES = JUDGE_OPTIONS.map((label, index) => ({ value: index === 0 ? 'A' : 'B', label }));

/** The options of a choice question: one input per letter, 2 to 6, added and removed. */
function OptionList() {
  return (
    <Form.List name="options">
      {(fields, { add, remove }) => (
        <Form.Item label="选项" required>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
              <span style={{ width: 20, display: 'inline-block' }}>
                {lettersFor(EXAM_OPTIONS_MAX)[index]}.
              </span>
              <Form.Item
                name={field.name}
                rules={[required('请填写选项内容')]}
                style={{ marginBottom: 8, width: 420 }}
              >
                <Input maxLength={200} aria-label={`选项${lettersFor(EXAM_OPTIONS_MAX)[index]}`} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`删除选项${lettersFor(EXAM_OPTIONS_MAX)[index]}`}
                disabled={fields.length <= 2}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= EXAM_OPTIONS_MAX}
            onClick={() => add('')}
          >
            添加选项
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}

/** The right answer, as the type takes it. */
function AnswerField() {
  const type = Form.useWatch<QuestionFormValues['type']>('type');
  const options = Form.useWatch<string[] | undefined>('options') ?? [];
  const letters = lettersFor(options.length).map((letter) => ({ value: letter, label: letter }));
  if (type === 'FILL')
    return (
      <Form.Item
        name="acceptedText"
        label="正确答案（每行一个，答对任意一个即得分）"
        rules={[required('请填写正确答案')]}
      >
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    );
  if (type === 'MULTIPLE')
    return (
      <Form.Item
        name="answers"
        label="正确答案（至少两项）"
        rules={[
          {
            validator: (_rule, value: string[] | undefined) =>
              (value?.length ?? 0) >= 2
                ? Promise.resolve()
                : Promise.reject(new Error('请至少选择两个正确选项')),
          },
        ]}
      >
        <Checkbox.Group options={letters} />
      </Form.Item>
    );
  return (
    <Form.Item name="answer" label="正确答案" rules={[{ required: true, message: '请选择正确答案' }]}>
      <Radio.Group options={type === 'JUDGE' ? JUDGE_CHOICES : letters} />
    </Form.Item>
  );
}

/**
 * 新增试题 / 编辑试题: exam type, question type, content, the options of a choice question (2 to 6),
 * the right answer as the type takes it (a letter, letters, 正确 / 错误, accepted texts of a
 * fill-in) and the analysis. The server's field errors land on their fields.
 */
export function QuestionEditModal({
  open,
  question,
  categoryId,
  tree,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The question edited, or null for a new one. */
  question: ExamQuestionItem | null;
  /** The category a new question starts in. */
  categoryId?: number;
  tree: readonly ExamCategoryNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<QuestionFormValues>();
  const treeData = useMemo(() => categoryOptions(tree), [tree]);
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (open) form.setFieldsValue(questionFormValues(question, categoryId));
  }, [open, question, categoryId, form]);

  const submit = async (values: QuestionFormValues) => {
    try {
      await saveExamQuestion(
        questionSavePayload(form.getFieldsValue(true) as QuestionFormValues, question?.id),
      );
    } catch (error) {
      // `acceptedAnswers` is edited as one text.
      const accepted = fieldErrorsOf(error).filter((entry) => entry.field.startsWith('acceptedAnswers'));
      if (accepted.length && values.type === 'FILL')
        form.setFields([{ name: 'acceptedText', errors: accepted.map((entry) => entry.message) }]);
      throw error;
    }
    void message.success(question ? '试题已保存' : '试题已添加');
    onSaved();
  };

  return (
    <FormModal<QuestionFormValues>
      open={open}
      title={question ? '编辑试题' : '新增试题'}
      okText="保存"
      name="exam-question-form"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <Form.Item name="categoryId" label="考试类型">
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder="不归类"
          treeData={treeData}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        />
      </Form.Item>
      <Form.Item name="type" label="题型" rules={[{ required: true, message: '请选择题型' }]}>
        <Radio.Group
          options={QUESTION_TYPE_OPTIONS}
          onChange={(event) => {
            const options = form.getFieldValue('options') as string[] | undefined;
            form.setFieldsValue({
              answer: undefined,
              answers: undefined,
              ...(hasOwnOptions(event.target.value) && !options?.length ? { options: ['', '', '', ''] } : {}),
            });
          }}
        />
      </Form.Item>
      <Form.Item name="content" label="题干" rules={[required('请填写题干')]}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
      {hasOwnOptions(type) && <OptionList />}
      <AnswerField />
      <Form.Item name="analysis" label="解析">
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
