import { resolveProjectSettings } from '@px/config';
import { QueryTypes } from 'sequelize';
import type { z } from 'zod';
import {
  DASHBOARD_MAX_DAYS,
  type DashboardChart,
  type DashboardData,
  type DashboardFreshness,
  type DashboardGroup,
  type DashboardList,
  type DashboardTable,
  type DashboardTotals,
  type DashboardUnit,
  type dashboardDataInput,
  type dashboardExportInput,
  type dashboardTopInput,
} from '../../contract/dashboard';
import type { FileResult, SignedInScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { authorize, can, type PolicyScope } from '../../core/policy';
import { exportXlsx } from '../../core/xlsx';
import { namesById } from '../../db/lookups';
import { withProject } from '../../db/tenant-access';
import { Project } from '../project/project.model';
import { TrainClass } from '../train-class/train-class.model';
import { Unit } from '../unit/unit.model';
import {
  activeTable,
  channelTable,
  classRateTable,
  type Figure,
  presentDashboardList,
  presentTotals,
  pushTable,
  regionTable,
  seriesTable,
  tableColumns,
  topTable,
  waitingTable,
} from './dashboard.presenter';
import { addDays, chinaDate, freshnessOf, rollupProject } from './dashboard-rollup';
import './dashboard.policy';

/** The project a dashboard call reads: its id, name and area (the students by region). */
export interface DashboardProject {
  id: number;
  name: string;
  area: string;
}

/** The policy's view of a caller, whose project is null for platform staff. */
function policyScope(scope: SignedInScope): PolicyScope {
  return { project: { id: scope.principal.projectId ?? 0 }, principal: scope.principal };
}

/**
 * The project a caller's dashboard call reads: the one named (platform staff), else the caller's own,
 * else (platform staff naming none) the default project. Project staff naming another project are
 * refused (403) by the dashboard policy; an unknown project is refused as missing.
 */
export async function dashboardProject(
  scope: SignedInScope,
  projectId: number | undefined,
  verb: 'dashboard.view' | 'dashboard.refresh' = 'dashboard.view',
): Promise<DashboardProject> {
  const own = scope.principal.projectId;
  let id = projectId ?? own;
  if (id === null || id === undefined) {
    const first = await Project.findOne({
      attributes: ['id'],
      order: [
        ['isDefault', 'DESC'],
        ['id', 'ASC'],
      ],
    });
    if (!first) throw new BusinessError('项目不存在');
    id = first.id;
  }
  authorize(policyScope(scope), verb, { projectId: id });
  const project = await Project.findByPk(id, { attributes: ['id', 'name', 'settings'] });
  if (!project) throw new BusinessError('项目不存在');
  return {
    id: project.id,
    name: project.name,
    area: String(resolveProjectSettings(project.settings).projectArea),
  };
}

/** The period of a call: its days, defaulting to the 30 days up to today (China), at most two years. */
export function dashboardPeriod(scope: SignedInScope, input: { from?: string; to?: string }) {
  const to = input.to ?? (input.from ? addDays(input.from, 29) : chinaDate(scope.providers.clock.now()));
  const from = input.from ?? addDays(to, -29);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > DASHBOARD_MAX_DAYS)
    throw new ValidationError([
      { field: 'to', rule: 'range', message: `统计区间不能超过 ${DASHBOARD_MAX_DAYS} 天` },
    ]);
  return { from, to };
}

type Period = ReturnType<typeof dashboardPeriod>;

/** `dashboard/list`: the caller's dashboard. */
export async function dashboardList(scope: SignedInScope, projectId?: number): Promise<DashboardList> {
  const project = await dashboardProject(scope, projectId);
  const chooses = can(policyScope(scope), 'dashboard.choose-project', { projectId: project.id });
  const projects = chooses
    ? await Project.findAll({ attributes: ['id', 'name'], order: [['id', 'ASC']] })
    : [];
  const [account] = await scope.sequelize.query<{ rate: number }>(
    'SELECT dashboard_rate AS rate FROM account WHERE id = :id',
    { replacements: { id: scope.principal.accountId }, type: QueryTypes.SELECT },
  );
  return presentDashboardList(policyScope(scope), project, projects, Number(account?.rate ?? 300));
}

/** Sums of day figures of the period, by metric and dimension. */
async function sums(
  scope: SignedInScope,
  projectId: number,
  metrics: string[],
  period: { from: string | null; to: string },
): Promise<Figure[]> {
  const rows = await scope.sequelize.query<{ metric: string; dim: string; value: string }>(
    `SELECT metric, dim, sum(value)::text AS value FROM dashboard_day
      WHERE project_id = :projectId AND metric IN (:metrics)
        AND day <= CAST(:to AS date) ${period.from ? 'AND day >= CAST(:from AS date)' : ''}
      GROUP BY metric, dim`,
    { replacements: { projectId, metrics, ...period }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ metric: row.metric, dim: row.dim, value: Number(row.value) }));
}

/** The figures of the present (metrics starting with `prefix`), by metric and dimension. */
async function figuresNow(scope: SignedInScope, projectId: number, prefix: string): Promise<Figure[]> {
  const rows = await scope.sequelize.query<{ metric: string; dim: string; value: string }>(
    `SELECT metric, dim, value::text AS value FROM dashboard_now
      WHERE project_id = :projectId AND metric LIKE :prefix`,
    { replacements: { projectId, prefix: `${prefix}%` }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ metric: row.metric, dim: row.dim, value: Number(row.value) }));
}

/** A series of metrics bucketed by day, week or month over the period: `{ bucket: { metric: value } }`. */
async function series(
  scope: SignedInScope,
  projectId: number,
  metrics: string[],
  period: Period,
  unit: DashboardUnit,
): Promise<Map<string, Record<string, number>>> {
  const rows = await scope.sequelize.query<{ bucket: string; metric: string; value: string }>(
    `SELECT date_trunc(:unit, day)::date::text AS bucket, metric, sum(value)::text AS value
       FROM dashboard_day
      WHERE project_id = :projectId AND metric IN (:metrics) AND dim = ''
        AND day BETWEEN CAST(:from AS date) AND CAST(:to AS date)
      GROUP BY 1, 2`,
    { replacements: { projectId, metrics, unit, ...period }, type: QueryTypes.SELECT },
  );
  const byBucket = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const bucket = byBucket.get(row.bucket) ?? {};
    bucket[row.metric] = Number(row.value);
    byBucket.set(row.bucket, bucket);
  }
  return byBucket;
}

/** The ids of the rows (classes, units) figures count by: their dimension. */
const dimIds = (figures: readonly Figure[]) => figures.map((figure) => Number(figure.dim));

/** The headline figures of the period and of the present. */
async function totals(scope: SignedInScope, projectId: number, period: Period): Promise<DashboardTotals> {
  const metrics = ['enrol', 'paid', 'refund', 'order.channel', 'study.seconds'];
  return presentTotals(
    period,
    await sums(scope, projectId, metrics, period),
    await figuresNow(scope, projectId, ''),
  );
}

/** The metrics each time-series chart draws. */
const SERIES_METRICS = {
  enrolments: ['enrol'],
  revenue: ['paid', 'refund'],
  study: ['study.seconds', 'active'],
};

/** One chart's table. */
async function chartTable(
  scope: SignedInScope,
  project: DashboardProject,
  chart: DashboardChart,
  period: Period,
  unit: DashboardUnit,
  limit = 10,
): Promise<DashboardTable> {
  const projectId = project.id;
  switch (chart) {
    case 'enrolments':
    case 'revenue':
    case 'study':
      return seriesTable(
        chart,
        period,
        unit,
        await series(scope, projectId, SERIES_METRICS[chart], period, unit),
      );
    case 'channels':
      return channelTable(period, await sums(scope, projectId, ['order.channel'], period));
    case 'classRates': {
      const rows = await sums(scope, projectId, ['class.counted', 'class.finished', 'class.passed'], period);
      const classNames = await namesById(TrainClass, dimIds(rows), { where: { projectId } });
      return classRateTable(period, rows, classNames);
    }
    case 'topClasses':
    case 'topUnits': {
      const metric = chart === 'topClasses' ? 'enrol.class' : 'enrol.unit';
      const rows = (await sums(scope, projectId, [metric], period))
        .sort((a, b) => b.value - a.value || Number(a.dim) - Number(b.dim))
        .slice(0, limit);
      const where = { projectId };
      const rowNames =
        chart === 'topClasses'
          ? await namesById(TrainClass, dimIds(rows), { where })
          : await namesById(Unit, dimIds(rows), { where });
      return topTable(chart, period, rows, rowNames);
    }
    case 'regions':
      // Every student registered up to the period's end, wherever the period starts.
      return regionTable(
        period,
        project.area,
        await sums(scope, projectId, ['student.region'], { from: null, to: period.to }),
      );
    case 'active':
      return activeTable(period, await figuresNow(scope, projectId, 'active.'));
    case 'waiting':
      return waitingTable(period, await figuresNow(scope, projectId, 'waiting.'));
    case 'pushes':
      return pushTable(period, await figuresNow(scope, projectId, 'push.'));
  }
}

/** `dashboard/data`: the totals or one chart's table, in the project decided. */
export async function dashboardData(
  scope: SignedInScope,
  input: z.output<typeof dashboardDataInput>,
): Promise<DashboardData> {
  const project = await dashboardProject(scope, input.projectId);
  const period = dashboardPeriod(scope, input);
  return withProject(project.id, async () => {
    if (input.type === 'total') return { totals: await totals(scope, project.id, period), table: null };
    const chart = input.chart as DashboardGroup;
    return { totals: null, table: await chartTable(scope, project, chart, period, input.unit) };
  });
}

/** `dashboard/top`: the classes or units with the most enrolments of the period. */
export async function dashboardTop(
  scope: SignedInScope,
  input: z.output<typeof dashboardTopInput>,
): Promise<DashboardTable> {
  const project = await dashboardProject(scope, input.projectId);
  const period = dashboardPeriod(scope, input);
  const chart = input.kind === 'classes' ? 'topClasses' : 'topUnits';
  return withProject(project.id, () => chartTable(scope, project, chart, period, 'day', input.limit));
}

/** `dashboard/export`: one chart's table as `.xlsx` (what the page shows as its table). */
export async function dashboardExport(
  scope: SignedInScope,
  input: z.output<typeof dashboardExportInput>,
): Promise<FileResult> {
  const project = await dashboardProject(scope, input.projectId);
  const period = dashboardPeriod(scope, input);
  const table = await withProject(project.id, () =>
    chartTable(scope, project, input.chart, period, input.unit, 50),
  );
  async function* batches() {
    yield table.rows;
  }
  return exportXlsx(`${project.name}-${table.title}`, {
    columns: tableColumns(table),
    batches: batches(),
    log: scope.log,
    now: scope.providers.clock.now(),
  });
}

/** `dashboard/last-date`: how fresh the project's figures are. */
export async function dashboardLastDate(
  scope: SignedInScope,
  projectId?: number,
): Promise<DashboardFreshness> {
  const project = await dashboardProject(scope, projectId);
  return withProject(project.id, () => freshnessOf(scope, project.id));
}

/** `dashboard/delete-cache-key`: drops the project's figures and computes them all again now. */
export async function dashboardRecompute(
  scope: SignedInScope,
  projectId?: number,
): Promise<DashboardFreshness> {
  const project = await dashboardProject(scope, projectId, 'dashboard.refresh');
  return rollupProject(scope, project.id, { full: true });
}

/** `account/modify-dashboard-rate`: keeps the caller's refresh interval. */
export async function modifyDashboardRate(scope: SignedInScope, rate: number): Promise<{ rate: number }> {
  await scope.sequelize.query('UPDATE account SET dashboard_rate = :rate WHERE id = :id', {
    replacements: { rate, id: scope.principal.accountId },
  });
  return { rate };
}
