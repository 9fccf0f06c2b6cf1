import type { UnitTrainItem } from '@px/api/contract';
import { Card } from 'antd';
import { listUnitTrainClasses } from '../../../../api/unit';
import type { ListColumn } from '../../../../components/ListTable';
import { type FilterField, ListView } from '../../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn } from '../../../../components/table-columns';

const columns: ListColumn<UnitTrainItem>[] = [
  { title: '班级名称', dataIndex: 'className', width: 200 },
  { title: '年度', dataIndex: 'year', width: 70 },
  {
    title: '学习时间',
    key: 'studyDates',
    width: 200,
    optional: 'shown',
    render: (_value, row) => `${row.studyStartDate} 至 ${row.studyEndDate}`,
  },
  { title: '报名人数', dataIndex: 'enrolledCount', width: 90 },
  { title: '待支付', dataIndex: 'pendingPayCount', width: 80, optional: 'shown' },
  { title: '学习中', dataIndex: 'studyingCount', width: 80 },
  { title: '已学完', dataIndex: 'finishedStudyCount', width: 80, optional: 'shown' },
  { title: '已合格', dataIndex: 'passedCount', width: 80 },
  dateTimeColumn('最近报名', 'lastEnrolledAt'),
];

const filters: FilterField<FiltersOf<'unit/train-list'>>[] = [
  { kind: 'text', name: 'className', label: '班级名称', placeholder: '名称的一部分', maxLength: 100 },
];

/**
 * 培训清单: the classes the unit's students are trained in (through the unit's unit classes or as
 * students of the unit) with their numbers by state (`unit/train-list`), paged.
 */
export function UnitTrainListCard({ unitId }: { unitId: number }) {
  const list = useListCall('unit/train-list', (query) => listUnitTrainClasses({ ...query, unitId }));
  return (
    <Card title="培训清单">
      <ListView
        list={list}
        name="unit-train-list"
        filters={filters}
        columns={columns}
        columnsId="unit-manage/detail/train-list"
        rowKey="classId"
      />
    </Card>
  );
}
