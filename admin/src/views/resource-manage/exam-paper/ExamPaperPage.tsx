import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { PAPER_MODE_LABEL, PAPER_MODES, type PaperItem, type PaperMode } from '@px/api/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { deletePaper, listPapers } from '../../../api/exam';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, editDeleteActions } from '../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { labelOptions } from '../../../utils/label-options';
import { PaperEditorDrawer } from './components/PaperEditorDrawer';
import { PaperPreviewModal } from './components/PaperPreviewModal';

const MODE_OPTIONS = labelOptions(PAPER_MODES, PAPER_MODE_LABEL);

/** The filters of the list (its call's input). */
const PAPER_FILTERS: FilterField<FiltersOf<'exam-paper/page'>>[] = [
  { kind: 'text', name: 'name', label: '试卷名称', placeholder: '名称中的文字', maxLength: 100 },
  { kind: 'select', name: 'mode', label: '组卷方式', options: MODE_OPTIONS, width: 120 },
];

/** The editor's state: closed, a new paper, or the id of the paper edited. */
type Editing = null | { paperId?: number };

/**
 * 试卷管理 (project staff): the papers (name and mode filters) with questions, total and the classes
 * using them; 新建试卷 / 编辑 in a drawer (hand-built: questions from the bank with a score each;
 * random: rules by exam type, question type, count and score; 100 points in all), 预览 (one draw
 * with answers) and 删除 of papers no class uses.
 */
export function ExamPaperPage() {
  const list = useListCall('exam-paper/page', listPapers);
  const { busy, run } = useRowAction<number>(list.reload);
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);

  const columns: ListColumn<PaperItem>[] = [
    {
      title: '试卷名称',
      dataIndex: 'name',
      width: 200,
      render: (name: string, paper) => (
        <Button type="link" size="small" onClick={() => setEditing({ paperId: paper.id })}>
          {name}
        </Button>
      ),
    },
    {
      title: '组卷方式',
      dataIndex: 'mode',
      width: 100,
      render: (mode: PaperMode) => (
        <Tag color={mode === 'FIXED' ? 'blue' : 'purple'}>{PAPER_MODE_LABEL[mode]}</Tag>
      ),
    },
    { title: '题目数', dataIndex: 'questionCount', width: 80, align: 'right' },
    { title: '总分', dataIndex: 'totalScore', width: 70, align: 'right' },
    { title: '使用班级', dataIndex: 'classCount', width: 96, optional: 'shown', align: 'right' },
    {
      title: '说明',
      dataIndex: 'description',
      width: 200,
      optional: 'hidden',
      ellipsis: true,
      render: orDash,
    },
    { ...dateTimeColumn<PaperItem>('更新时间', 'updatedAt', 150, 'YYYY-MM-DD HH:mm'), optional: 'shown' },
    actionsColumn(170, (paper) =>
      editDeleteActions({
        abilities: paper.abilities,
        onEdit: () => setEditing({ paperId: paper.id }),
        between: (
          <Button type="link" size="small" onClick={() => setPreviewing(paper.id)}>
            预览
          </Button>
        ),
        deleteTitle: `删除试卷「${paper.name}」？`,
        busy: busy === paper.id,
        onDelete: () => run(paper.id, () => deletePaper(paper.id), '试卷已删除'),
      }),
    ),
  ];

  return (
    <ListPage
      title="试卷管理"
      list={list}
      name="paper-filters"
      filters={PAPER_FILTERS}
      columns={columns}
      columnsId="resource-manage/exam-paper"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          新建试卷
        </Button>
      }
    >
      <PaperEditorDrawer
        open={editing !== null}
        paperId={editing?.paperId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <PaperPreviewModal paperId={previewing} onClose={() => setPreviewing(null)} />
    </ListPage>
  );
}
