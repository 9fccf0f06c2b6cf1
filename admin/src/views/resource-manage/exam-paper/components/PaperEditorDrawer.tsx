import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  EXAM_QUESTION_TYPE_LABEL,
  type ExamCategoryNode,
  type ExamQuestionType,
  PAPER_MODE_LABEL,
  PAPER_MODES,
  PAPER_TOTAL_SCORE,
  type PaperDetail,
} from '@px/api/contract';
import {
  Button,
  Form,
  Input,
  InputNumber,
  message,
  Radio,
  Select,
  Space,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { examCategoryCalls, getPaper, listExamQuestions, savePaper } from '../../../../api/exam';
import { EditorDrawer } from '../../../../components/EditorDrawer';
import { FieldGrid, type GridField } from '../../../../components/FieldGrid';
import { OrderedRowActions } from '../../../../components/OrderedRowActions';
import { RowsTable } from '../../../../components/RowsTable';
import { orDash } from '../../../../components/table-columns';
import { UnsavedAlert } from '../../../../components/UnsavedAlert';
import { useEditorRecord } from '../../../../hooks/useEditorRecord';
import { useFormSave } from '../../../../hooks/useFormSave';
import { required } from '../../../../utils/form-rules';
import { labelOptions } from '../../../../utils/label-options';
import { categoryOptions } from '../../components/category-tree';
import { QUESTION_TYPE_OPTIONS } from '../../exam-question/question-form';
import {
  evenScores,
  fixedTotal,
  isFullMarks,
  newRule,
  type PaperFormValues,
  type PaperQuestionRow,
  type PaperRuleRow,
  paperEditorState,
  paperSavePayload,
  randomTotal,
} from '../paper-form';
import { QuestionPickerModal } from './QuestionPickerModal';

const MODE_OPTIONS = labelOptions(PAPER_MODES, PAPER_MODE_LABEL);

/** A score typed per question: half a point to 100, one decimal. */
const SCORE_LIMITS = { min: 0.5, max: 100, precision: 1 };

/** A rule's count of questions: 1 to 200. */
const COUNT_LIMITS = { min: 1, max: 200, precision: 0 };

/** A column of a number typed in each row (a score, a count), each box named by its row. */
function numberColumn<Row>({
  label,
  limits,
  value,
  onChange,
  ...column
}: Pick<ColumnType<Row>, 'title' | 'key' | 'width'> & {
  /** The box's accessible name from the row's index. */
  label: (index: number) => string;
  limits: typeof SCORE_LIMITS;
  value: (row: Row) => number | null;
  onChange: (index: number, value: number | null) => void;
}): ColumnType<Row> {
  return {
    ...column,
    render: (_value, row, index) => (
      <InputNumber
        aria-label={label(index)}
        {...limits}
        value={value(row)}
        onChange={(typed) => onChange(index, typed)}
      />
    ),
  };
}

/** 总分 x / 100, green at full marks. */
function TotalLine({ total }: { total: number }) {
  return (
    <Typography.Text type={isFullMarks(total) ? 'success' : 'danger'} strong>
      总分 {total} / {PAPER_TOTAL_SCORE}
      {isFullMarks(total) ? '' : '（总分须为 100 分）'}
    </Typography.Text>
  );
}

function FixedQuestions({
  rows,
  onChange,
}: {
  rows: PaperQuestionRow[];
  onChange: (rows: PaperQuestionRow[]) => void;
}) {
  const [picking, setPicking] = useState(false);
  const set = (index: number, score: number | null) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, score } : row)));
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  const columns: ColumnsType<PaperQuestionRow> = [
    { title: '题号', key: 'no', width: 50, render: (_value, _row, index) => index + 1 },
    {
      title: '题型',
      key: 'type',
      width: 80,
      render: (_value, row) => <Tag color="blue">{EXAM_QUESTION_TYPE_LABEL[row.question.type]}</Tag>,
    },
    {
      title: '题干',
      key: 'content',
      ellipsis: true,
      render: (_value, row) => row.question.content,
    },
    {
      title: '考试类型',
      key: 'category',
      width: 130,
      ellipsis: true,
      render: (_value, row) => orDash(row.question.categoryName),
    },
    numberColumn({
      title: '分值',
      key: 'score',
      width: 100,
      label: (index) => `第 ${index + 1} 题分值`,
      limits: SCORE_LIMITS,
      value: (row) => row.score,
      onChange: set,
    }),
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_value, _row, index) => (
        <OrderedRowActions
          index={index}
          count={rows.length}
          onMove={move}
          onRemove={() => onChange(rows.filter((_row, at) => at !== index))}
        />
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          添加试题
        </Button>
        <Button
          disabled={rows.length === 0}
          onClick={() => {
            const scores = evenScores(rows.length);
            onChange(rows.map((row, index) => ({ ...row, score: scores[index] ?? null })));
          }}
        >
          平均分配分值
        </Button>
        <TotalLine total={fixedTotal(rows)} />
      </Space>
      <RowsTable<PaperQuestionRow>
        rowKey="questionId"
        columns={columns}
        dataSource={rows}
        empty="还没有试题，请点击“添加试题”"
        tableLayout="fixed"
      />
      <QuestionPickerModal
        open={picking}
        takenIds={rows.map((row) => row.questionId)}
        onClose={() => setPicking(false)}
        onPick={(questions) => {
          setPicking(false);
          onChange([
            ...rows,
            ...questions.map((question) => ({ questionId: question.id, score: null, question })),
          ]);
        }}
      />
    </>
  );
}

/**
 * 题库现有 of a rule: the count the paper was read with, else (a new or changed rule) the bank's
 * questions of its type in its category and below, read quietly (a failed read shows —).
 */
function RuleAvailable({ rule }: { rule: PaperRuleRow }) {
  const [counted, setCounted] = useState<number | null>(null);
  const { available, categoryId, type } = rule;
  useEffect(() => {
    setCounted(null);
    if (available !== null) return;
    const abort = new AbortController();
    listExamQuestions(
      { pageNum: 1, pageSize: 1, type, ...(categoryId === null ? {} : { categoryId }) },
      { quiet: true, signal: abort.signal },
    ).then(
      (page) => setCounted(page.total),
      () => undefined,
    );
    return () => abort.abort();
  }, [available, categoryId, type]);
  const count = available ?? counted;
  return <>{count === null ? '—' : `${count} 题`}</>;
}

function RandomRules({
  rules,
  tree,
  onChange,
}: {
  rules: PaperRuleRow[];
  tree: readonly ExamCategoryNode[];
  onChange: (rules: PaperRuleRow[]) => void;
}) {
  const treeData = useMemo(() => categoryOptions(tree), [tree]);
  const set = (index: number, change: Partial<PaperRuleRow>) =>
    onChange(rules.map((rule, at) => (at === index ? { ...rule, ...change, available: null } : rule)));
  const columns: ColumnsType<PaperRuleRow> = [
    {
      title: '考试类型',
      key: 'category',
      width: 200,
      render: (_value, rule, index) => (
        <TreeSelect
          aria-label={`规则 ${index + 1} 考试类型`}
          allowClear
          treeDefaultExpandAll
          placeholder="不限"
          style={{ width: 190 }}
          treeData={treeData}
          fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          value={rule.categoryId ?? undefined}
          onChange={(value?: number) => set(index, { categoryId: value ?? null })}
        />
      ),
    },
    {
      title: '题型',
      key: 'type',
      width: 120,
      render: (_value, rule, index) => (
        <Select<ExamQuestionType>
          aria-label={`规则 ${index + 1} 题型`}
          style={{ width: 110 }}
          options={QUESTION_TYPE_OPTIONS}
          value={rule.type}
          onChange={(type) => set(index, { type })}
        />
      ),
    },
    numberColumn({
      title: '题目数量',
      key: 'count',
      width: 110,
      label: (index) => `规则 ${index + 1} 题目数量`,
      limits: COUNT_LIMITS,
      value: (rule) => rule.count,
      onChange: (index, count) => set(index, { count }),
    }),
    numberColumn({
      title: '每题分值',
      key: 'score',
      width: 110,
      label: (index) => `规则 ${index + 1} 每题分值`,
      limits: SCORE_LIMITS,
      value: (rule) => rule.score,
      onChange: (index, score) => set(index, { score }),
    }),
    {
      title: '题库现有',
      key: 'available',
      width: 90,
      render: (_value, rule) => <RuleAvailable rule={rule} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_value, _rule, index) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => onChange(rules.filter((_rule, at) => at !== index))}
        >
          移除
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button icon={<PlusOutlined />} onClick={() => onChange([...rules, newRule()])}>
          添加规则
        </Button>
        <TotalLine total={randomTotal(rules)} />
      </Space>
      <RowsTable<PaperRuleRow>
        rowKey="key"
        columns={columns}
        dataSource={rules}
        empty="还没有抽题规则，请点击“添加规则”"
        wide
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        每次考试按规则从题库中随机抽题（考试类型包含其下级分类）；保存时题库中须有足够的题目。
      </Typography.Paragraph>
    </>
  );
}

/** The paper's own fields, one to a row (its questions or rules are the tables below them). */
const PAPER_FIELDS: readonly GridField[] = [
  {
    name: 'name',
    label: '试卷名称',
    rules: [required('请填写试卷名称')],
    control: <Input maxLength={100} />,
    span: 24,
  },
  {
    name: 'mode',
    label: '组卷方式',
    rules: [{ required: true, message: '请选择组卷方式' }],
    control: <Radio.Group options={MODE_OPTIONS} />,
    span: 24,
  },
  { name: 'description', label: '说明', control: <Input.TextArea rows={2} maxLength={500} />, span: 24 },
];

/**
 * 新建试卷 / 编辑试卷: name, mode and description; a hand-built paper's questions (添加试题 from the
 * bank, a score each, order, 平均分配分值) or a random paper's rules (exam type, question type,
 * count, score each). The total is shown against 100 and the server refuses any other; refusals it
 * names that have no field of their own are listed above the tables.
 */
export function PaperEditorDrawer({
  open,
  paperId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The paper edited; undefined for a new one. */
  paperId?: number;
  onClose: () => void;
  onSaved: (saved: PaperDetail) => void;
}) {
  const [form] = Form.useForm<PaperFormValues>();
  const { saving, unshown, run, clearUnshown } = useFormSave(form);
  const mode = Form.useWatch('mode', form) ?? 'FIXED';
  const [questions, setQuestions] = useState<PaperQuestionRow[]>([]);
  const [rules, setRules] = useState<PaperRuleRow[]>([]);
  const [tree, setTree] = useState<ExamCategoryNode[]>([]);
  const { loading, failure } = useEditorRecord({
    open,
    id: paperId,
    fetch: getPaper,
    reset: clearUnshown,
    show: (detail) => {
      const state = paperEditorState(detail);
      form.setFieldsValue(state.values);
      setQuestions(state.questions);
      setRules(state.rules);
    },
    failure: '试卷加载失败，请关闭后重试',
  });

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    examCategoryCalls.tree().then(
      (answer) => current && setTree(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open]);

  const submit = async (values: PaperFormValues) => {
    await run(async () => {
      const saved = await savePaper(paperSavePayload(values, questions, rules, paperId));
      void message.success('试卷已保存');
      onSaved(saved);
    });
  };

  return (
    <EditorDrawer
      title={paperId === undefined ? '新建试卷' : '编辑试卷'}
      open={open}
      onClose={onClose}
      size={1000}
      saving={saving}
      onSave={() => form.submit()}
      loading={loading}
      failure={failure}
    >
      <Form<PaperFormValues> name="paper-editor" form={form} layout="vertical" onFinish={submit}>
        <FieldGrid fields={PAPER_FIELDS} />
      </Form>
      <UnsavedAlert messages={unshown} marginBottom={12} />
      {mode === 'FIXED' ? (
        <FixedQuestions rows={questions} onChange={setQuestions} />
      ) : (
        <RandomRules rules={rules} tree={tree} onChange={setRules} />
      )}
    </EditorDrawer>
  );
}
