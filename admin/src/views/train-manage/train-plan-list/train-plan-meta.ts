import { type TrainPlanItem, type TrainPlanStatus, trainPlanYears } from '@px/api/contract';
import { DEFAULT_CLASS_START_YEAR, formatDateRange } from '@px/config';

/** The plan list. */
export const TRAIN_PLAN_LIST_PATH = '/train-manage/train-plan-list';

/** The plan editor: `?id=` edits a plan, without it a new plan is created. */
export function trainPlanDetailPath(id?: number): string {
  return id === undefined ? '/train-manage/train-plan-detail' : `/train-manage/train-plan-detail?id=${id}`;
}

/** What the back office calls each plan status. */
export const TRAIN_PLAN_STATUS_LABEL: Readonly<Record<TrainPlanStatus, string>> = {
  DRAFT: '草稿',
  PUBLISHED: '已发布',
  CLOSED: '已关闭',
};

/** The tag colour of each plan status. */
export const TRAIN_PLAN_STATUS_COLOR: Readonly<Record<TrainPlanStatus, string>> = {
  DRAFT: 'default',
  PUBLISHED: 'success',
  CLOSED: 'error',
};

/** The status filter's choices. */
export const TRAIN_PLAN_STATUS_OPTIONS = (['DRAFT', 'PUBLISHED', 'CLOSED'] as const).map((value) => ({
  value,
  label: TRAIN_PLAN_STATUS_LABEL[value],
}));

/**
 * The years offered for plans, newest first: from the project's `classStartYear` (the default while
 * the settings load) to next year, plus `keep` (a plan's own year outside that range).
 */
export function planYearOptions(
  classStartYear: number | undefined,
  now: Date,
  keep?: number,
): { value: number; label: string }[] {
  const years = trainPlanYears(classStartYear ?? DEFAULT_CLASS_START_YEAR, now);
  if (keep !== undefined && !years.includes(keep)) years.push(keep);
  return years.sort((a, b) => b - a).map((year) => ({ value: year, label: `${year}年` }));
}

/** `2025-03-01 至 2025-12-31` */
export function planPeriod(plan: Pick<TrainPlanItem, 'startDate' | 'endDate'>): string {
  return formatDateRange(plan.startDate, plan.endDate);
}
