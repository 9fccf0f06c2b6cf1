import { dashboardCalls, dashboardRateCalls } from '../../contract/dashboard';
import { implement } from '../../core/action';
import {
  dashboardData,
  dashboardExport,
  dashboardLastDate,
  dashboardList,
  dashboardRecompute,
  dashboardTop,
  modifyDashboardRate,
} from './dashboard.service';

/** The dashboard's calls (`dashboard/...`). */
export const dashboardActions = implement(dashboardCalls, {
  list: (ctx, input) => dashboardList(ctx, input.projectId),
  data: (ctx, input) => dashboardData(ctx, input),
  top: (ctx, input) => dashboardTop(ctx, input),
  'last-date': (ctx, input) => dashboardLastDate(ctx, input.projectId),
  'delete-cache-key': (ctx, input) => dashboardRecompute(ctx, input.projectId),
  export: (ctx, input) => dashboardExport(ctx, input),
});

/** `account/modify-dashboard-rate`: the caller's dashboard refresh interval. */
export const dashboardRateActions = implement(dashboardRateCalls, {
  'modify-dashboard-rate': (ctx, input) => modifyDashboardRate(ctx, input.rate),
});
