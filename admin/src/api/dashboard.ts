import type { Calls } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** The caller's dashboard (project, choices, charts, refresh interval). Rejects with an ApiError. */
export const getDashboard = (projectId?: number, options?: CallOptions) =>
  api.call('dashboard/list', { projectId }, options);

/** The headline figures or one chart's table of a period. Rejects with an ApiError. */
export const getDashboardData = (input: InputOf<Calls['dashboard/data']>, options?: CallOptions) =>
  api.call('dashboard/data', input, options);

/** The top classes or units by enrolments of a period. Rejects with an ApiError. */
export const getDashboardTop = (input: InputOf<Calls['dashboard/top']>, options?: CallOptions) =>
  api.call('dashboard/top', input, options);

/** How fresh the figures are. Rejects with an ApiError. */
export const getDashboardLastDate = (projectId?: number, options?: CallOptions) =>
  api.call('dashboard/last-date', { projectId }, options);

/** Computes the project's figures again now (刷新看板数据). Rejects with an ApiError. */
export const recomputeDashboard = (projectId?: number) =>
  api.call('dashboard/delete-cache-key', { projectId });

/** One chart's table as `.xlsx`. Rejects with an ApiError. */
export const exportDashboardChart = (input: InputOf<Calls['dashboard/export']>) =>
  api.download('dashboard/export', input);

/** Keeps the caller's refresh interval (seconds, 0: never). Rejects with an ApiError. */
export const saveDashboardRate = (rate: number) => api.call('account/modify-dashboard-rate', { rate });
