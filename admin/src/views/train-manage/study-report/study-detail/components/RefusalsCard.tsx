import {
  BEAT_REFUSAL_LABEL,
  BEAT_REFUSALS,
  type BeatRefusalReason,
  type Calls,
  type RefusalCount,
  type ReportLesson,
  type ReportRefusal,
} from '@px/api/contract';
import type { ParsedInputOf } from '@px/config';
import { Card, Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { listStudyRefusals } from '../../../../../api/study-report';
import type { ListColumn } from '../../../../../components/ListTable';
import { ListView } from '../../../../../components/list-page/ListPage';
import { useListCall } from '../../../../../components/list-page/list-call';
import { dateTimeColumn } from '../../../../../components/table-columns';
import { labelOptions } from '../../../../../utils/label-options';
import { formatDuration } from '../../../../resource-manage/video/video-format';

/** The refusal list's filters: one lesson (its progress row) and one reason. */
export type RefusalFilters = Omit<
  ParsedInputOf<Calls['study-report/refusals']>,
  'myClassId' | 'pageNum' | 'pageSize'
>;

const columns: ListColumn<ReportRefusal>[] = [
  dateTimeColumn<ReportRefusal>('时间', 'createdAt', 170),
  { title: '课时', dataIndex: 'lessonName', width: 200 },
  {
    title: '播放位置',
    dataIndex: 'position',
    width: 90,
    render: (seconds: number) => formatDuration(seconds),
  },
  {
    title: '原因',
    dataIndex: 'reason',
    width: 220,
    render: (reason: BeatRefusalReason) => BEAT_REFUSAL_LABEL[reason],
  },
];

const REASON_OPTIONS = labelOptions(BEAT_REFUSALS, BEAT_REFUSAL_LABEL);

/**
 * 被拒心跳: the beats of the enrolment that credited nothing: how many for each reason, and the list
 * (time, lesson, position, reason), newest first, of one lesson or reason when chosen. `filters`
 * comes from the page (a lesson's count opens its refusals); changes go back through `onFilter`.
 */
export function RefusalsCard({
  myClassId,
  total,
  counts,
  lessons,
  filters,
  onFilter,
}: {
  myClassId: number;
  total: number;
  counts: RefusalCount[];
  lessons: ReportLesson[];
  filters: RefusalFilters;
  onFilter: (filters: RefusalFilters) => void;
}) {
  const list = useListCall('study-report/refusals', listStudyRefusals, { ...filters, myClassId });
  const { search } = list;
  const shown = useRef(filters);
  useEffect(() => {
    // The list loads the first filters itself; later ones (a lesson's count, the selects) search.
    if (shown.current === filters) return;
    shown.current = filters;
    search({ ...filters, myClassId });
  }, [filters, myClassId, search]);
  const lessonOptions = lessons.flatMap((lesson) =>
    lesson.progressId === null ? [] : [{ value: lesson.progressId, label: lesson.lessonName }],
  );

  return (
    <Card title={`被拒心跳（${total}）`} id="refusals">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap>
          {counts.length === 0 ? (
            <Typography.Text type="secondary">没有被拒绝的心跳</Typography.Text>
          ) : (
            counts.map((entry) => (
              <Tag key={entry.reason} color="orange">
                {BEAT_REFUSAL_LABEL[entry.reason]} × {entry.count}
              </Tag>
            ))
          )}
        </Flex>
        <Flex gap={12} wrap>
          <Select
            allowClear
            aria-label="按课时筛选"
            placeholder="全部课时"
            options={lessonOptions}
            value={filters.progressId}
            onChange={(progressId?: number) => onFilter({ ...filters, progressId })}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            aria-label="按原因筛选"
            placeholder="全部原因"
            options={REASON_OPTIONS}
            value={filters.reason}
            onChange={(reason?: BeatRefusalReason) => onFilter({ ...filters, reason })}
            style={{ width: 240 }}
          />
        </Flex>
        <ListView
          list={list}
          name="study-refusals"
          filters={[]}
          columns={columns}
          columnsId="train-manage/study-detail/refusals"
          table={{ size: 'small', locale: { emptyText: '没有被拒绝的心跳' } }}
        />
      </Flex>
    </Card>
  );
}
