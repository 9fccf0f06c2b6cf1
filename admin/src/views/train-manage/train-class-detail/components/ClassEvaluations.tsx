import type { EvaluationItem, EvaluationStatus } from '@px/api/contract';
import { Button, Flex, Rate, Tag, Typography } from 'antd';
import { listClassEvaluations, setEvaluationStatus } from '../../../../api/train-class';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { type RowAction, useRowAction } from '../../../../hooks/useRowAction';

const STATUS_LABEL: Readonly<Record<EvaluationStatus, string>> = { VISIBLE: '显示中', HIDDEN: '已隐藏' };

function evaluationColumns(action: RowAction<number>): ListColumn<EvaluationItem>[] {
  return [
    {
      title: '评分',
      dataIndex: 'score',
      width: 150,
      render: (score: number) => <Rate disabled value={score} aria-label={`${score} 分`} />,
    },
    { title: '评价内容', dataIndex: 'content', width: 320, render: orDash },
    { title: '学员', dataIndex: 'studentName', width: 100 },
    dateTimeColumn<EvaluationItem>('评价时间', 'createdAt'),
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: EvaluationStatus) => (
        <Tag color={status === 'VISIBLE' ? 'success' : 'default'}>{STATUS_LABEL[status]}</Tag>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_value, item) => {
        const hide = item.status === 'VISIBLE';
        return (
          <Button
            type="link"
            size="small"
            danger={hide}
            disabled={action.busy === item.id}
            onClick={() =>
              void action.run(
                item.id,
                () => setEvaluationStatus(item.id, hide ? 'HIDDEN' : 'VISIBLE'),
                hide ? '评价已隐藏' : '评价已显示',
              )
            }
          >
            {hide ? '隐藏' : '显示'}
          </Button>
        );
      },
    },
  ];
}

/** 学员评价 of one class (staff view, hidden ones included): hide or show each. */
export function ClassEvaluations({ classId }: { classId: number }) {
  const list = useListCall('class/evaluate-list', listClassEvaluations, { classId });
  const action = useRowAction<number>(list.reload);
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">隐藏的评价只有评价者本人能看到，不计入班级评分。</Typography.Text>
      <ListView
        list={list}
        name="class-evaluations"
        filters={[]}
        columns={evaluationColumns(action)}
        columnsId="train-manage/train-class-detail/evaluations"
        table={{ locale: { emptyText: '暂无评价' } }}
      />
    </Flex>
  );
}
