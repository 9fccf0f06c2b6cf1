import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import {
  EXAM_QUESTION_IMPORT_COLUMNS,
  EXAM_QUESTION_IMPORT_MAX_ROWS,
  EXAM_QUESTION_TYPE_LABEL,
  type ExamCategoryNode,
  type ExamQuestionImportField,
  type ExamQuestionItem,
  type ExamQuestionType,
} from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, message, Space, Tag } from 'antd';
import { useState } from 'react';
import {
  deleteExamQuestion,
  downloadExamQuestionTemplate,
  examCategoryCalls,
  importExamQuestions,
  listExamQuestions,
} from '../../../api/exam';
import type { ListColumn } from '../../../components/ListTable';
import type { FilterField } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, editDeleteActions } from '../../../components/RowActions';
import { dateTimeColumn } from '../../../components/table-columns';
import { XlsxImportModal } from '../../../components/XlsxImportModal';
import { CategoryListPage, categoryColumn } from '../components/CategoryListPage';
import type { CategoryKind } from '../components/CategoryPanel';
import { useCategoryRows } from '../components/useCategoryPanel';
import { QuestionEditModal } from './components/QuestionEditModal';
import { answerText, QUESTION_TYPE_OPTIONS } from './question-form';

/** The file name of 下载模板. */
export const QUESTION_TEMPLATE_FILE = '试题导入模板.xlsx';

/** The filters of the question bank beside the category chosen on the left. */
const QUESTION_FILTERS: FilterField<FiltersOf<'exam-question/page'>>[] = [
  { kind: 'select', name: 'type', label: '题型', options: QUESTION_TYPE_OPTIONS, width: 110 },
  { kind: 'text', name: 'keyword', label: '题干', placeholder: '题干中的文字', maxLength: 100 },
];

/** The exam type tree as the question bank shows it. */
const EXAM_CATEGORIES: CategoryKind<ExamCategoryNode> = {
  title: '考试类型',
  allLabel: '全部试题',
  formName: 'exam-category-form',
  countOf: (node) => node.questionCount,
  countText: (count) => `${count} 道试题`,
  calls: examCategoryCalls,
};

const HEADER_OF = new Map<ExamQuestionImportField, string>(
  EXAM_QUESTION_IMPORT_COLUMNS.map((column) => [column.key, column.header]),
);

/** The editor's state: closed, a new question, or the question edited. */
type Editing = null | { question: ExamQuestionItem | null };

/**
 * 考试题库 (project staff): the exam type tree on the left (add, rename, delete when empty, drag),
 * the questions of the selected type and below on the right (question type and keyword filters),
 * 新增试题 / 编辑 in a dialog for the four types, 删除 of questions no paper holds, 下载模板 and
 * 导入试题 (an `.xlsx` of the template, all or nothing, refused cells listed).
 */
export function ExamQuestionPage() {
  const list = useListCall('exam-question/page', listExamQuestions);
  const { categories, afterChange, busy, run } = useCategoryRows(EXAM_CATEGORIES, list);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      saveBlobAs(await downloadExamQuestionTemplate(), QUESTION_TEMPLATE_FILE);
    } catch {
      // The request client has shown why.
    } finally {
      setDownloading(false);
    }
  };

  const columns: ListColumn<ExamQuestionItem>[] = [
    {
      title: '题型',
      dataIndex: 'type',
      key: 'type',
      width: 84,
      render: (type: ExamQuestionType) => <Tag color="blue">{EXAM_QUESTION_TYPE_LABEL[type]}</Tag>,
    },
    { title: '题干', dataIndex: 'content', key: 'content', width: 240 },
    {
      title: '选项',
      dataIndex: 'options',
      key: 'options',
      width: 220,
      optional: 'hidden',
      render: (options: string[], question) =>
        question.type === 'FILL'
          ? '—'
          : options.map((option, index) => `${String.fromCharCode(65 + index)}. ${option}`).join('；'),
    },
    {
      title: '答案',
      key: 'answer',
      width: 90,
      optional: 'shown',
      render: (_value, question) => answerText(question),
    },
    categoryColumn<ExamQuestionItem>('考试类型', 130),
    {
      title: '组卷引用',
      dataIndex: 'paperCount',
      key: 'papers',
      width: 96,
      align: 'right',
      optional: 'shown',
    },
    {
      ...dateTimeColumn<ExamQuestionItem>('更新时间', 'updatedAt', 150, 'YYYY-MM-DD HH:mm'),
      key: 'updatedAt',
      width: 150,
      optional: 'hidden',
    },
    actionsColumn(130, (question) =>
      editDeleteActions({
        abilities: question.abilities,
        onEdit: () => setEditing({ question }),
        deleteTitle: '删除该试题？',
        busy: busy === question.id,
        onDelete: () => run(question.id, () => deleteExamQuestion(question.id), '试题已删除'),
      }),
    ),
  ];

  return (
    <CategoryListPage
      categories={categories}
      title="考试题库"
      list={list}
      name="exam-question-filters"
      filters={QUESTION_FILTERS}
      columns={columns}
      columnsId="resource-manage/exam-question"
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()}>
            下载模板
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入试题
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ question: null })}>
            新增试题
          </Button>
        </Space>
      }
    >
      <QuestionEditModal
        open={editing !== null}
        question={editing?.question ?? null}
        categoryId={categories.selectedId}
        tree={categories.tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          afterChange();
        }}
      />
      <XlsxImportModal<ExamQuestionImportField>
        open={importing}
        title="导入试题"
        noun="试题"
        intro={`请按模板填写：题型（单选题、多选题、判断题、填空题）、题干、答案必填；选择题填写选项 A–F，答案填选项字母（多选如 AC），判断题答案填“正确”或“错误”，填空题答案可用“|”分隔多个可接受答案；分类填写考试类型名称（多级用“/”分隔）。一次最多 ${EXAM_QUESTION_IMPORT_MAX_ROWS} 题，任何一行有误都不会导入。`}
        headerOf={(field) => HEADER_OF.get(field) ?? field}
        importFile={importExamQuestions}
        onClose={() => setImporting(false)}
        onImported={(count) => {
          setImporting(false);
          void message.success(`已导入 ${count} 道试题`);
          afterChange();
        }}
      />
    </CategoryListPage>
  );
}
