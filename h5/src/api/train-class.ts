import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of `class/center-page` (the project's offered classes). */
export type ClassCenterQuery = InputOf<Calls['class/center-page']>;

/** One page of the classes the H5 offers (public). Rejects with an ApiError. */
export const listCenterClasses = (query: ClassCenterQuery) => api.call('class/center-page', query);

/** A `class/center-years` call started before React rendered, until a screen takes it. */
let early: { unitId: number | undefined; years: Promise<number[]> } | null = null;

/**
 * Starts `class/center-years` ahead of the screen that will ask it (router/first-calls.ts), so the
 * class page it leads to is asked a round trip sooner on a slow network. Taken once.
 */
export function prefetchCenterYears(unitId: number | undefined): void {
  const years = api.call('class/center-years', { unitId });
  // The screen taking it sees a failure; one nobody takes fails quietly.
  years.catch(() => undefined);
  early = { unitId, years };
}

/**
 * The years that have offered classes, newest first (public): the prefetched answer the first time
 * it is for the same unit, else a new call. Rejects with an ApiError.
 */
export function listCenterYears(unitId?: number): Promise<number[]> {
  const taken = early;
  early = null;
  if (taken && taken.unitId === unitId) return taken.years;
  return api.call('class/center-years', { unitId });
}

/**
 * The class-type tree the H5 offers (public): the shown base types with the major types and major
 * children holding offered classes (of `year` when given), the hide flags applied. Rejects with an ApiError.
 */
export const listCenterCategories = (query: InputOf<Calls['class/center-categories']>) =>
  api.call('class/center-categories', query);

/** An offered class with its courses and lessons (public). Rejects with an ApiError (班级不存在). */
export const findClassDetail = (id: number, unitId?: number) => api.call('class/find-detail', { id, unitId });

/** A signed play URL for a lesson's trial (public). Rejects with an ApiError when no trial is allowed. */
export const getTrialPlay = (classId: number, lessonId: number, unitId?: number) =>
  api.call('class/trial-play', { classId, lessonId, unitId });

/** A page of a class's visible evaluations with the average score (public). Rejects with an ApiError. */
export const listEvaluations = (query: InputOf<Calls['class/evaluate-list']>) =>
  api.call('class/evaluate-list', query);
