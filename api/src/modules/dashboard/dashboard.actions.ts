import { dashboardCalls, dashboardRateCalls } from '../../contract/dashboard';
import { implement } from '../../core/action';
import { awaitReplica, onReplica } from '../../db/connection-routes';
import {
  dashboardData,
  dashboardExport,
  dashboardLastDate,
  dashboardList,
  dashboardRecompute,
  dashboardTop,
  modifyDashboardRate,
} from './dashboard.service';

/**
 * The dashboard's calls (`dashboard/...`). Its figures are read from the read replica when there is
 * one (they are rolled up every few minutes; a moment's lag is nothing); recomputing them answers
 * once the replica has the new figures, so the page's next read shows them.
 */
export const dashboardActions = implement(dashboardCalls, {
  list: (ctx, input) => onReplica(() => dashboardList(ctx, input.projectId)),
  data: (ctx, input) => onReplica(() => dashboardData(ctx, input)),
  top: (ctx, input) => onReplica(() => dashboardTop(ctx, input)),
  'last-date': (ctx, input) => onReplica(() => dashboardLastDate(ctx, input.projectId)),
  'delete-cache-key': async (ctx, input) => {
    const freshness = await dashboardRecompute(ctx, input.projectId);
    await awaitReplica(ctx.sequelize);
    return freshness;
  },
  export: (ctx, input) => onReplica(() => dashboardExport(ctx, input)),
});

/** `account/modify-dashboard-rate`: the caller's dashboard refresh interval. */
export const dashboardRateActions = implement(dashboardRateCalls, {
  'modify-dashboard-rate': (ctx, input) => modifyDashboardRate(ctx, input.rate),
});
