import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { earlyCall } from './early';
import { api } from './request';

/** Filters and page of `class/center-page` (the project's offered classes). */
export type ClassCenterQuery = InputOf<Calls['class/center-page']>;

/** One page of the classes the H5 offers (public). Rejects with an ApiError. */
export const listCenterClasses = (query: ClassCenterQuery) => api.call('class/center-page', query);

const centerYears = earlyCall(
  (unitId: number | undefined) => api.call('class/center-years', { unitId }),
  (unitId) => String(unitId),
);

/**
 * Starts `class/center-years` before React renders (router/first-calls.ts), so the class page it
 * leads to is asked a round trip sooner on a slow network; the first `listCenterYears` takes it.
 */
export const prefetchCenterYears = (unitId: number | undefined) => centerYears.prefetch(unitId);

/** The years that have offered classes, newest first (public). Rejects with an ApiError. */
export const listCenterYears = (unitId?: number) => centerYears.take(unitId);

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
