import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of `my-class/page` (the student's enrolments). */
export type MyClassQuery = InputOf<Calls['my-class/page']>;

/** One page of the student's enrolments with their state, newest first. Rejects with an ApiError. */
export const listMyClasses = (query: MyClassQuery) => api.call('my-class/page', query);

/** The student's hours credited per base type and classes per state (the hub's 学习档案 strip). */
export const getMyPortfolio = () => api.call('my-class/portfolio', {});

/** Offered classes the student has neither enrolled in nor put in the cart (为你推荐). */
export const listRecommendedClasses = () => api.call('my-class/recommended', {});

/** The reporting to the regulator of the student's enrolments (the named ones). Rejects with an ApiError. */
export const listMyPushStates = (myClassIds: number[]) =>
  api.call('my-class-push-log/my-push-log', { myClassIds });

/** Applies to enrol in a class marked 报名需审核. Rejects with an ApiError (already applied, enrolled...). */
export const applyForClass = (classId: number, reason?: string) =>
  api.call('my-class/apply', { classId, ...(reason ? { reason } : {}) });

/** Closes a passed class (结束班级): it moves to 已结束. Rejects with an ApiError. */
export const endMyClass = (id: number) => api.call('my-class/end-class', { id });
