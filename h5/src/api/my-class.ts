import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of `my-class/page` (the student's enrolments). */
export type MyClassQuery = InputOf<Calls['my-class/page']>;

/** One page of the student's enrolments with their state, newest first. Rejects with an ApiError. */
export const listMyClasses = (query: MyClassQuery) => api.call('my-class/page', query);
