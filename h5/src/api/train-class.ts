import type {
  ClassCenterBaseType,
  ClassCenterDetail,
  ClassCenterItem,
  ClassTrialPlay,
  classCenterPageInput,
  EvaluationPage,
  PageAnswer,
} from '@px/api/contract';
import type { z } from 'zod';
import { request } from './request';

/** Filters and page of `class/center-page` (the project's offered classes). */
export type ClassCenterQuery = z.input<typeof classCenterPageInput>;

/** One page of the classes the H5 offers (public). Rejects with an ApiError. */
export function listCenterClasses(query: ClassCenterQuery): Promise<PageAnswer<ClassCenterItem>> {
  return request<PageAnswer<ClassCenterItem>>({
    url: '/class/center-page.action',
    method: 'post',
    data: query,
  });
}

/** The years that have offered classes, newest first (public). Rejects with an ApiError. */
export function listCenterYears(unitId?: number): Promise<number[]> {
  return request<number[]>({ url: '/class/center-years.action', method: 'post', data: { unitId } });
}

/**
 * The class-type tree the H5 offers (public): the shown base types with the major types and major
 * children holding offered classes (of `year` when given), the hide flags applied. Rejects with an ApiError.
 */
export function listCenterCategories(query: {
  unitId?: number;
  year?: number;
}): Promise<ClassCenterBaseType[]> {
  return request<ClassCenterBaseType[]>({
    url: '/class/center-categories.action',
    method: 'post',
    data: query,
  });
}

/** An offered class with its courses and lessons (public). Rejects with an ApiError (班级不存在). */
export function findClassDetail(id: number, unitId?: number): Promise<ClassCenterDetail> {
  return request<ClassCenterDetail>({
    url: '/class/find-detail.action',
    method: 'post',
    data: { id, unitId },
  });
}

/** A signed play URL for a lesson's trial (public). Rejects with an ApiError when no trial is allowed. */
export function getTrialPlay(classId: number, lessonId: number, unitId?: number): Promise<ClassTrialPlay> {
  return request<ClassTrialPlay>({
    url: '/class/trial-play.action',
    method: 'post',
    data: { classId, lessonId, unitId },
  });
}

/** A page of a class's visible evaluations with the average score (public). Rejects with an ApiError. */
export function listEvaluations(query: {
  classId: number;
  pageNum: number;
  pageSize: number;
  unitId?: number;
}): Promise<EvaluationPage> {
  return request<EvaluationPage>({ url: '/class/evaluate-list.action', method: 'post', data: query });
}
