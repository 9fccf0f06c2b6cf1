import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** Filters and page of 转班管理. */
export type ChangeClassQuery = InputOf<Calls['change-class/page']>;

/** One page of the project's class change applications, newest first. Rejects with an ApiError. */
export const listChangeClassApplies = (query: ChangeClassQuery, ...options: [CallOptions?]) =>
  api.call('change-class/page', query, ...options);

/** One application (转班详情). */
export const getChangeClassApply = (id: number) => api.call('change-class/detail', { id });

/** Approves (the change happens) or rejects (with a remark) a pending application. */
export const auditChangeClassApply = (id: number, pass: boolean, remark?: string) =>
  api.call('change-class/audit', { id, pass, ...(remark ? { remark } : {}) });

/** Withdraws a pending application, with a remark. */
export const cancelChangeClassApply = (id: number, remark: string) =>
  api.call('change-class/cancel', { id, remark });
