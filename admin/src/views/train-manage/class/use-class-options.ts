import type { ClassCategoryNode, TrainPlanItem } from '@px/api/contract';
import { useMemo } from 'react';
import { getClassCategoryTree } from '../../../api/class-category';
import { listTrainPlans } from '../../../api/train-plan';
import { useRecord } from '../../../hooks/useRecord';
import { useSystemInfo } from '../../../hooks/useSystemInfo';
import { type CategoryOption, categoryOptions } from '../../resource-manage/components/category-tree';
import { planYearOptions } from '../train-plan-list/train-plan-meta';

/** The most plans the class screens offer (a project keeps a handful a year). */
const PLANS_SHOWN = 100;

/** Loaded choices with their loading state. */
export interface LoadedChoices<T> {
  items: T[];
  loading: boolean;
  /** Loads them again (say after the tree was edited). */
  reload: () => void;
}

/** The project's train plans, newest year first (a failed load leaves none; the client showed why). */
export function useTrainPlans(): LoadedChoices<TrainPlanItem> {
  const state = useRecord(
    'plans',
    async () => (await listTrainPlans({ pageNum: 1, pageSize: PLANS_SHOWN })).list,
  );
  return {
    items: state.status === 'ready' ? state.record : [],
    loading: state.status === 'loading',
    reload: state.reload,
  };
}

/** The project's class-type tree as TreeSelect options. */
export function useClassCategories(): LoadedChoices<CategoryOption> {
  const state = useRecord<string, ClassCategoryNode[]>('categories', () => getClassCategoryTree());
  const tree = state.status === 'ready' ? state.record : undefined;
  const items = useMemo(() => (tree ? categoryOptions(tree) : []), [tree]);
  return { items, loading: state.status === 'loading', reload: state.reload };
}

/** The years a class may be for, newest first: `classStartYear` to next year, plus `keep` (a class's own year). */
export function useClassYears(keep?: number): { value: number; label: string }[] {
  const systemInfo = useSystemInfo();
  const classStartYear = systemInfo.status === 'ready' ? systemInfo.settings.classStartYear : undefined;
  return useMemo(() => planYearOptions(classStartYear, new Date(), keep), [classStartYear, keep]);
}
