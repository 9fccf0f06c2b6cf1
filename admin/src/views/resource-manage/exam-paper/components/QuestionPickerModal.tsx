import type { ExamQuestionItem, ExamQuestionType } from '@px/api/contract';
import { Form, Input, Modal, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { listExamQuestions } from '../../../../api/exam';
import { ListFilterBar } from '../../../../components/ListFilterBar';
import { pickerSelection } from '../../../../components/picker-selection';
import { orDash } from '../../../../components/table-columns';
import { usePagedList } from '../../../../hooks/usePagedList';
import { QUESTION_TYPE_OPTIONS } from '../../exam-question/question-form';
import { typeLabel } from '../paper-form';

interface PickerFilters {
  type?: ExamQuestionType;
  keyword?: string;
}

const COLUMNS: ColumnsType<ExamQuestionItem> = [
  {
    title: '题型',
    dataIndex: 'type',
    width: 80,
    render: (type: ExamQuestionType) => <Tag color="blue">{typeLabel(type)}</Tag>,
  },
  { title: '题干', dataIndex: 'content', width: 360, ellipsis: true },
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
  const list = usePagedList<PickerFilters, ExamQuestionItem>(listExamQuestions, {});
  return (
    <>
      <ListFilterBar<PickerFilters>
        name="question-picker-filters"
        onSearch={(values) =>
          list.search({ type: values.type, keyword: values.keyword?.trim() || undefined })
        }
        onReset={list.reset}
        style={{ marginBottom: 12 }}
      >
        <Form.Item name="type" label="题型">
          <Select allowClear placeholder="全部" options={QUESTION_TYPE_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="keyword" label="题干">
          <Input allowClear placeholder="题干中的文字" maxLength={100} />
        </Form.Item>
      </ListFilterBar>
      <Table<ExamQuestionItem>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        scroll={{ x: 'max-content' }}
        rowSelection={pickerSelection(chosen, takenIds, onChoose)}
        {...list.tableProps}
      />
    </>
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
