import type { ExamQuestionItem, ExamQuestionType } from '@px/api/contract';
import { Modal, Tag } from 'antd';
import { useState } from 'react';
import { listExamQuestions } from '../../../../api/exam';
import type { ListColumn } from '../../../../components/ListTable';
import { type FilterField, ListView } from '../../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../../components/list-page/list-call';
import { pickerSelection } from '../../../../components/picker-selection';
import { orDash } from '../../../../components/table-columns';
import { QUESTION_TYPE_OPTIONS } from '../../exam-question/question-form';
import { typeLabel } from '../paper-form';

const FILTERS: FilterField<FiltersOf<'exam-question/page'>>[] = [
  { kind: 'select', name: 'type', label: '题型', options: QUESTION_TYPE_OPTIONS, width: 110 },
  { kind: 'text', name: 'keyword', label: '题干', placeholder: '题干中的文字', maxLength: 100 },
];

const COLUMNS: ListColumn<ExamQuestionItem>[] = [
  {
    title: '题型',
    dataIndex: 'type',
    width: 80,
    render: (type: ExamQuestionType) => <Tag color="blue">{typeLabel(type)}</Tag>,
  },
  { title: '题干', dataIndex: 'content', width: 360 },
  { title: '考试类型', dataIndex: 'categoryName', width: 160, render: orDash },
];

/** The bank (type and keyword filters, paging) with a tick per row; ticks survive paging. */
function PickerList({
  takenIds,
  chosen,
  onChoose,
}: {
  takenIds: readonly number[];
  chosen: ExamQuestionItem[];
  onChoose: (questions: ExamQuestionItem[]) => void;
}) {
  const list = useListCall('exam-question/page', listExamQuestions);
  return (
    <ListView
      list={list}
      name="question-picker-filters"
      filters={FILTERS}
      barStyle={{ marginBottom: 12 }}
      columns={COLUMNS}
      columnsId="resource-manage/exam-paper/question-picker"
      table={{ size: 'small', rowSelection: pickerSelection(chosen, takenIds, onChoose) }}
    />
  );
}

/** 选择试题: picks questions of the bank for a hand-built paper; questions already in it cannot be ticked. */
export function QuestionPickerModal({
  open,
  takenIds,
  onClose,
  onPick,
}: {
  open: boolean;
  takenIds: readonly number[];
  onClose: () => void;
  onPick: (questions: ExamQuestionItem[]) => void;
}) {
  const [chosen, setChosen] = useState<ExamQuestionItem[]>([]);
  return (
    <Modal
      open={open}
      title="选择试题"
      width={860}
      okText={chosen.length ? `添加（${chosen.length}）` : '添加'}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => {
        onPick(chosen);
        setChosen([]);
      }}
      onCancel={() => {
        setChosen([]);
        onClose();
      }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <PickerList takenIds={takenIds} chosen={chosen} onChoose={setChosen} />
    </Modal>
  );
}
