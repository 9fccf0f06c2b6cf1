import type { StudyCorrectionItem } from '@px/api/contract';
import { Tag, Typography } from 'antd';
import type { ListColumn } from './ListTable';
import { RowsTable } from './RowsTable';
import { dateTimeColumn } from './table-columns';

/** What a correction corrected: 学时, or the lesson by name. */
export function correctionTarget(item: Pick<StudyCorrectionItem, 'target' | 'lessonName'>): string {
  return item.target === 'HOURS' ? '学时' : `课时「${item.lessonName ?? ''}」`;
}

/** 原 → 更正后: the original struck through beside what it became. */
export function CorrectionChange({ item }: { item: Pick<StudyCorrectionItem, 'before' | 'after'> }) {
  return (
    <span className="study-correction-change">
      <Typography.Text type="secondary" delete>
        {item.before}
      </Typography.Text>{' '}
      → <Typography.Text strong>{item.after}</Typography.Text>
    </span>
  );
}

/**
 * The columns of a list of corrections; the student and class only where several enrolments are
 * listed, and there (to fit 1280 px) the author and the new push behind the column picker.
 */
export function correctionColumns(withEnrolment: boolean): ListColumn<StudyCorrectionItem>[] {
  const detail = withEnrolment ? ({ optional: 'hidden' } as const) : {};
  return [
    dateTimeColumn<StudyCorrectionItem>('更正时间', 'createdAt', 150),
    ...(withEnrolment
      ? ([
          { title: '学员', dataIndex: 'studentName', width: 90, render: (v: string | null) => v ?? '—' },
          { title: '班级', dataIndex: 'className', width: 150, render: (v: string | null) => v ?? '—' },
        ] satisfies ListColumn<StudyCorrectionItem>[])
      : []),
    {
      title: '更正内容',
      key: 'target',
      width: 130,
      render: (_value, item) => correctionTarget(item),
    },
    {
      title: '原记录 → 更正后',
      key: 'change',
      width: 260,
      ellipsis: false,
      render: (_value, item) => <CorrectionChange item={item} />,
    },
    { title: '更正原因', dataIndex: 'reason', width: 170, ellipsis: false },
    {
      title: '更正人',
      dataIndex: 'correctedBy',
      width: 90,
      ...detail,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '重新上报',
      dataIndex: 'correctionPushNo',
      width: 170,
      ...detail,
      render: (pushNo: string | null) => (pushNo ? <Tag color="blue">{pushNo}</Tag> : '—'),
    },
  ];
}

/** An enrolment's corrections as a small table (学习详情's 数据更正). */
export function CorrectionTable({ items }: { items: StudyCorrectionItem[] }) {
  return (
    <RowsTable<StudyCorrectionItem>
      rowKey="id"
      columns={correctionColumns(false)}
      dataSource={items}
      wide
      empty="没有数据更正"
    />
  );
}
