import type { ClassCenterBaseType } from '@px/api/contract';
import { useMemo } from 'react';
import { listCenterCategories } from '../../api/train-class';
import { type Remote, useRemote } from '../../hooks/useRemote';

/** What the class-type tree is read for: the project's unit and the year in force (none: every year). */
export interface CategoriesQuery {
  unitId?: number;
  year?: number;
}

/**
 * The class-type tree of the tree model (`class/center-categories`: the shown base types with the
 * major types and children holding offered classes of the year), read when `query` is given (null:
 * not the tree model, or the year is not known yet) and again when it changes.
 */
export function useCenterCategories(query: CategoriesQuery | null): Remote<ClassCenterBaseType[]> {
  const unitId = query?.unitId;
  const year = query?.year;
  const enabled = query !== null;
  const load = useMemo(
    () => (enabled ? () => listCenterCategories({ unitId, year }) : null),
    [enabled, unitId, year],
  );
  return useRemote(load);
}
