import {
  CMS_APPLY_STATUS,
  CMS_APPLY_STATUS_LABEL,
  type CmsApplyStatus,
  type CmsBatchOption,
  SKILL_LEVEL_LABELS,
  SKILL_LEVELS,
  type SkillLevel,
} from '@px/api/contract';
import { Card, Empty, Select, Tag } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { getCmsBatchOptions } from '../../api/cms';

/** The colour of each application state. */
const STATUS_COLOR: Record<CmsApplyStatus, string> = {
  SUBMITTED: 'processing',
  REJECTED: 'error',
  APPROVED: 'warning',
  PAID: 'success',
  SCORED: 'cyan',
  CANCELLED: 'default',
};

/** An application's state as a coloured tag (待审核, 已驳回, 待缴费, 已报名…). */
export function ApplyStatusTag({ status }: { status: CmsApplyStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{CMS_APPLY_STATUS_LABEL[status]}</Tag>;
}

export const APPLY_STATUS_OPTIONS = CMS_APPLY_STATUS.map((status) => ({
  value: status,
  label: CMS_APPLY_STATUS_LABEL[status],
}));

export const LEVEL_OPTIONS = SKILL_LEVELS.map((level) => ({
  value: level,
  label: SKILL_LEVEL_LABELS[level],
}));

export const levelText = (level: SkillLevel) => SKILL_LEVEL_LABELS[level];

/** The project's batches to choose from (loaded once per page); `reload` after a batch changed. */
export function useBatchOptions() {
  const [batches, setBatches] = useState<CmsBatchOption[] | null>(null);
  const load = useCallback(() => {
    // A failure has been shown by the request client; the selector stays empty.
    getCmsBatchOptions()
      .then(setBatches)
      .catch(() => setBatches((current) => current ?? []));
  }, []);
  useEffect(load, [load]);
  return {
    batches,
    options: (batches ?? []).map((batch) => ({ value: batch.id, label: batch.name })),
    reload: load,
  };
}

/** The batch a page works on: a searchable selector of the project's batches. */
function BatchSelect({
  value,
  onChange,
  options,
  loading,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  options: { value: number; label: string }[];
  loading: boolean;
}) {
  return (
    <Select
      id="cms-batch-select"
      aria-label="考试批次"
      placeholder="请选择考试批次"
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 320 }}
    />
  );
}

/**
 * A page of one batch at a time: a card titled `title` with the batch selector (the first batch
 * chosen once they are read) and `children` of the chosen batch (given a way to read the batches
 * again after it changed); 暂无考试批次 (or 加载中) while there is none.
 */
export function BatchCard({
  title,
  children,
}: {
  title: string;
  children: (batch: CmsBatchOption, reloadBatches: () => void) => ReactNode;
}) {
  const batches = useBatchOptions();
  const [batchId, setBatchId] = useState<number | undefined>();
  useEffect(() => {
    if (batchId === undefined && batches.batches?.[0]) setBatchId(batches.batches[0].id);
  }, [batches.batches, batchId]);
  const batch = batches.batches?.find((item) => item.id === batchId);
  return (
    <Card
      title={title}
      extra={
        <BatchSelect
          value={batchId}
          onChange={setBatchId}
          options={batches.options}
          loading={!batches.batches}
        />
      }
    >
      {batch ? (
        children(batch, batches.reload)
      ) : (
        <Empty description={batches.batches ? '暂无考试批次' : '加载中'} />
      )}
    </Card>
  );
}
