import {
  DASHBOARD_CHART_TITLE,
  DASHBOARD_CHARTS,
  DASHBOARD_RATES,
  type DashboardChart,
  type DashboardColumn,
  type DashboardList,
  type DashboardTable,
  type DashboardTotals,
  type DashboardUnit,
} from '../../contract/dashboard';
import { ORDER_CHANNEL_LABEL, ORDER_CHANNELS } from '../../contract/order';
import { PUSH_STATUS_LABEL, PUSH_STATUSES } from '../../contract/regulator-push';
import { abilitiesOf, type PolicyScope } from '../../core/policy';
import type { XlsxColumn } from '../../core/xlsx';
import { regionLevel, regionName } from '../dictionary/regions';
import { addDays } from './dashboard-rollup';
import './dashboard.policy';

/** How the dashboard's answers are shaped from the rolled-up figures the service reads. */

/** A figure read from the rollups. */
export interface Figure {
  metric: string;
  dim: string;
  value: number;
}

type Period = { from: string; to: string };
type Row = Record<string, string | number>;

/** The caller's dashboard: its project, the projects they may choose, the charts, their refresh interval. */
export function presentDashboardList(
  scope: PolicyScope,
  project: { id: number; name: string },
  projects: readonly { id: number; name: string }[],
  rate: number,
): DashboardList {
  return {
    projectId: project.id,
    projectName: project.name,
    projects: projects.map(({ id, name }) => ({ id, name })),
    charts: DASHBOARD_CHARTS.map((key) => ({ key, title: DASHBOARD_CHART_TITLE[key] })),
    rate,
    rates: DASHBOARD_RATES,
    abilities: abilitiesOf(scope, { refresh: ['dashboard.refresh', { projectId: project.id }] }),
  };
}

/**
 * The headline figures: those of the period summed over their dimensions, those of the present
 * (`now`: active learners, waiting work) as they stand.
 */
export function presentTotals(
  period: Period,
  figures: readonly Figure[],
  now: readonly Figure[],
): DashboardTotals {
  const byMetric = new Map<string, number>();
  for (const figure of figures)
    byMetric.set(figure.metric, (byMetric.get(figure.metric) ?? 0) + figure.value);
  for (const figure of now) byMetric.set(figure.metric, figure.value);
  const value = (metric: string) => byMetric.get(metric) ?? 0;
  return {
    ...period,
    enrolments: value('enrol'),
    paidFen: value('paid'),
    refundedFen: value('refund'),
    revenueFen: value('paid') - value('refund'),
    orders: value('order.channel'),
    studyHours: Math.round(value('study.seconds') / 360) / 10,
    activeToday: value('active.1'),
    active7: value('active.7'),
    active30: value('active.30'),
    waitingInvoices: value('waiting.invoice'),
    waitingRefunds: value('waiting.refund'),
  };
}

/** A chart's table as spreadsheet columns: amounts in yuan, names wide. */
export function tableColumns(table: DashboardTable): XlsxColumn<Row>[] {
  return table.columns.map((column) => ({
    header: column.kind === 'fen' ? `${column.title}（元）` : column.title,
    width: column.kind === 'text' ? 28 : 14,
    value: (row: Row) => {
      const cell = row[column.key] ?? '';
      return column.kind === 'fen' && typeof cell === 'number' ? cell / 100 : cell;
    },
  }));
}

const table = (
  chart: DashboardChart,
  period: Period,
  columns: DashboardColumn[],
  rows: Row[],
): DashboardTable => ({
  chart,
  title: DASHBOARD_CHART_TITLE[chart],
  columns,
  rows,
  ...period,
});

/** The first day of the bucket holding `day`. */
function bucketOf(day: string, unit: DashboardUnit): string {
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  if (unit === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    return addDays(day, -weekday);
  }
  return day;
}

/** Every bucket of the period, in order, so days without figures show as zero. */
function buckets(period: Period, unit: DashboardUnit): string[] {
  const all: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, unit);
    if (all[all.length - 1] !== bucket) all.push(bucket);
  }
  return all;
}

const PERIOD_TITLE: Record<DashboardUnit, string> = { day: '日期', week: '周（起始日）', month: '月份' };

/** A series over the period (enrolments, revenue, study): one row per day, week or month. */
export function seriesTable(
  chart: 'enrolments' | 'revenue' | 'study',
  period: Period,
  unit: DashboardUnit,
  values: Map<string, Record<string, number>>,
): DashboardTable {
  const label = (bucket: string) => (unit === 'month' ? bucket.slice(0, 7) : bucket);
  const periodColumn: DashboardColumn = { key: 'period', title: PERIOD_TITLE[unit], kind: 'text' };
  const rows = buckets(period, unit).map((bucket) => ({ bucket, figures: values.get(bucket) ?? {} }));
  switch (chart) {
    case 'enrolments':
      return table(
        chart,
        period,
        [periodColumn, { key: 'enrolments', title: '报名人数', kind: 'count' }],
        rows.map(({ bucket, figures }) => ({ period: label(bucket), enrolments: figures.enrol ?? 0 })),
      );
    case 'revenue':
      return table(
        chart,
        period,
        [
          periodColumn,
          { key: 'paid', title: '实收', kind: 'fen' },
          { key: 'refunded', title: '退款', kind: 'fen' },
          { key: 'revenue', title: '收入', kind: 'fen' },
        ],
        rows.map(({ bucket, figures }) => ({
          period: label(bucket),
          paid: figures.paid ?? 0,
          refunded: figures.refund ?? 0,
          revenue: (figures.paid ?? 0) - (figures.refund ?? 0),
        })),
      );
    case 'study':
      return table(
        chart,
        period,
        [
          periodColumn,
          { key: 'hours', title: '学习时长（小时）', kind: 'hours' },
          { key: 'learners', title: '学习人次', kind: 'count' },
        ],
        rows.map(({ bucket, figures }) => ({
          period: label(bucket),
          hours: Math.round((figures['study.seconds'] ?? 0) / 360) / 10,
          learners: figures.active ?? 0,
        })),
      );
  }
}

/** Orders paid in the period by channel (every channel, zero when none). */
export function channelTable(period: Period, figures: Figure[]): DashboardTable {
  const count = new Map(figures.map((figure) => [figure.dim, figure.value]));
  return table(
    'channels',
    period,
    [
      { key: 'channel', title: '支付渠道', kind: 'text' },
      { key: 'orders', title: '订单数', kind: 'count' },
    ],
    ORDER_CHANNELS.map((channel) => ({
      channel: ORDER_CHANNEL_LABEL[channel],
      orders: count.get(channel) ?? 0,
    })),
  );
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/** Completion and pass rates of the classes enrolled in the period (the 20 with most enrolments). */
export function classRateTable(
  period: Period,
  figures: Figure[],
  classNames: ReadonlyMap<number, string>,
): DashboardTable {
  const byClass = new Map<string, { counted: number; finished: number; passed: number }>();
  for (const figure of figures) {
    const entry = byClass.get(figure.dim) ?? { counted: 0, finished: 0, passed: 0 };
    if (figure.metric === 'class.counted') entry.counted += figure.value;
    if (figure.metric === 'class.finished') entry.finished += figure.value;
    if (figure.metric === 'class.passed') entry.passed += figure.value;
    byClass.set(figure.dim, entry);
  }
  const rows = [...byClass.entries()]
    .filter(([, entry]) => entry.counted > 0)
    .sort(([a, x], [b, y]) => y.counted - x.counted || Number(a) - Number(b))
    .slice(0, 20)
    .map(([id, entry]) => ({
      name: classNames.get(Number(id)) ?? `班级 ${id}`,
      enrolled: entry.counted,
      finished: entry.finished,
      passed: entry.passed,
      completionRate: percent(entry.finished, entry.counted),
      passRate: percent(entry.passed, entry.counted),
    }));
  return table(
    'classRates',
    period,
    [
      { key: 'name', title: '班级', kind: 'text' },
      { key: 'enrolled', title: '在读人数', kind: 'count' },
      { key: 'finished', title: '完成学习', kind: 'count' },
      { key: 'passed', title: '已通过', kind: 'count' },
      { key: 'completionRate', title: '完成率（%）', kind: 'percent' },
      { key: 'passRate', title: '通过率（%）', kind: 'percent' },
    ],
    rows,
  );
}

/** The classes or units with most enrolments of the period. */
export function topTable(
  chart: 'topClasses' | 'topUnits',
  period: Period,
  figures: Figure[],
  rowNames: ReadonlyMap<number, string>,
): DashboardTable {
  const what = chart === 'topClasses' ? '班级' : '单位';
  return table(
    chart,
    period,
    [
      { key: 'name', title: what, kind: 'text' },
      { key: 'enrolments', title: '报名人数', kind: 'count' },
    ],
    figures.map((figure) => ({
      name: rowNames.get(Number(figure.dim)) ?? `${what} ${figure.dim}`,
      enrolments: figure.value,
    })),
  );
}

/**
 * The region a student counts in, one level below the project's area (a province's cities, a
 * city's counties, the country's provinces): a code, or a label for outside the area or unknown.
 */
export function regionGroup(code: string, area: string): string {
  if (!/^\d{6}$/.test(code) || regionLevel(`${code.slice(0, 2)}0000`) === null) return '未知';
  switch (regionLevel(area)) {
    case 'country':
      return `${code.slice(0, 2)}0000`;
    case 'province':
      return code.slice(0, 2) === area.slice(0, 2) ? `${code.slice(0, 4)}00` : '区域外';
    case 'city':
      return code.slice(0, 4) === area.slice(0, 4) ? code : '区域外';
    default:
      return code === area ? code : '区域外';
  }
}

/** Students by region of the project's area dictionary, most first. */
export function regionTable(period: Period, area: string, figures: Figure[]): DashboardTable {
  const byRegion = new Map<string, number>();
  for (const figure of figures) {
    const group = regionGroup(figure.dim, area);
    byRegion.set(group, (byRegion.get(group) ?? 0) + figure.value);
  }
  const rows = [...byRegion.entries()]
    .filter(([, students]) => students > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, students]) => ({ region: regionName(code) ?? code, students }));
  return table(
    'regions',
    period,
    [
      { key: 'region', title: '地区', kind: 'text' },
      { key: 'students', title: '学员数', kind: 'count' },
    ],
    rows,
  );
}

/** Distinct learners today, in 7 and in 30 days (up to the rollup's day). */
export function activeTable(period: Period, figures: Figure[]): DashboardTable {
  const value = (metric: string) => figures.find((figure) => figure.metric === metric)?.value ?? 0;
  return table(
    'active',
    period,
    [
      { key: 'window', title: '时间范围', kind: 'text' },
      { key: 'learners', title: '活跃学员', kind: 'count' },
    ],
    [
      { window: '今日', learners: value('active.1') },
      { window: '近7日', learners: value('active.7') },
      { window: '近30日', learners: value('active.30') },
    ],
  );
}

/** Work waiting now: invoice and refund applications. */
export function waitingTable(period: Period, figures: Figure[]): DashboardTable {
  const value = (metric: string) => figures.find((figure) => figure.metric === metric)?.value ?? 0;
  return table(
    'waiting',
    period,
    [
      { key: 'item', title: '事项', kind: 'text' },
      { key: 'count', title: '数量', kind: 'count' },
    ],
    [
      { item: '发票申请待开票', count: value('waiting.invoice') },
      { item: '退款申请待审核', count: value('waiting.refund') },
    ],
  );
}

/** Regulator pushes by state now (every state, zero when none). */
export function pushTable(period: Period, figures: Figure[]): DashboardTable {
  const count = new Map(figures.map((figure) => [figure.dim, figure.value]));
  return table(
    'pushes',
    period,
    [
      { key: 'state', title: '上报状态', kind: 'text' },
      { key: 'count', title: '记录数', kind: 'count' },
    ],
    PUSH_STATUSES.map((status) => ({ state: PUSH_STATUS_LABEL[status], count: count.get(status) ?? 0 })),
  );
}
