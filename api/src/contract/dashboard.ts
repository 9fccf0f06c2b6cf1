import { z } from 'zod';
import { platformOrStaff } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { type Abilities, zEmptyAsAbsent, zInput } from './common';
import { dateRangeInOrder, zCalendarDate } from './train-plan';

/**
 * The dashboard (`/dashboard/index`, spec section 7 "Dashboard: list, data by type (total, group;
 * body), top, last date, delete cache key"; issue 27). Its figures come from rollup tables kept by
 * the `dashboard.rollup` job, never from the raw tables at view time (docs/product-decisions.md
 * "Dashboard"). Project staff see their own project; platform staff choose one (`projectId`).
 */

/** The charts of the dashboard, in the order the page shows them. */
export const DASHBOARD_CHARTS = [
  'enrolments',
  'revenue',
  'channels',
  'study',
  'active',
  'classRates',
  'topClasses',
  'topUnits',
  'regions',
  'waiting',
  'pushes',
] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];

/** Each chart's title (zh-CN). */
export const DASHBOARD_CHART_TITLE: Readonly<Record<DashboardChart, string>> = {
  enrolments: '报名人数',
  revenue: '收入（实收减退款）',
  channels: '订单渠道',
  study: '学习时长',
  active: '活跃学员',
  classRates: '班级完成率与通过率',
  topClasses: '热门班级',
  topUnits: '热门单位',
  regions: '学员地区分布',
  waiting: '待处理事项',
  pushes: '学时上报状态',
};

/** The charts answered by `dashboard/data` of type `group` (the two tops by `dashboard/top`). */
export const DASHBOARD_GROUPS = [
  'enrolments',
  'revenue',
  'channels',
  'study',
  'active',
  'classRates',
  'regions',
  'waiting',
  'pushes',
] as const satisfies readonly DashboardChart[];
export type DashboardGroup = (typeof DASHBOARD_GROUPS)[number];

/** How a series is bucketed. */
export const DASHBOARD_UNITS = ['day', 'week', 'month'] as const;
export type DashboardUnit = (typeof DASHBOARD_UNITS)[number];

/** Refresh intervals an account may choose (seconds; 0 = never by itself). */
export const DASHBOARD_RATES = [0, 30, 60, 300, 600, 1800, 3600] as const;

/** The longest period a dashboard call reads (days). */
export const DASHBOARD_MAX_DAYS = 731;

/**
 * Who opens the dashboard: platform staff (any project, chosen by `projectId`) and project staff (their
 * own), granted the page. No tenant is resolved by the router: the service binds the call to the
 * project it decides (the dashboard policy refuses project staff naming another project).
 */
const dashboardViewers = <const P extends readonly ('/dashboard/index' | '/dashboard/refresh')[]>(
  ...permission: P
) => platformOrStaff(...permission);

const projectField = { projectId: zInput.optionalId() };

const optionalDay = (label: string) => zEmptyAsAbsent(zCalendarDate(label));

/** The period of figures: from / to (`YYYY-MM-DD`, China's days, inclusive; default the last 30 days). */
const periodFields = { ...projectField, from: optionalDay('开始日期'), to: optionalDay('结束日期') };

const IN_ORDER = dateRangeInOrder('from', 'to');

const unitField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(DASHBOARD_UNITS, { error: '统计粒度应为 day、week 或 month' }).default('day'),
);

export const dashboardProjectInput = z.object(projectField);

/** `dashboard/data`: `total` (the headline figures) or `group` (one chart's table). */
export const dashboardDataInput = z
  .object({
    ...periodFields,
    type: z.enum(['total', 'group'], { error: '类型应为 total 或 group' }),
    chart: z.enum(DASHBOARD_GROUPS, { error: '图表不存在' }).optional(),
    unit: unitField,
  })
  .refine(...IN_ORDER)
  .refine((value) => value.type !== 'group' || value.chart !== undefined, {
    error: '请选择图表',
    path: ['chart'],
  });

/** `dashboard/top`: the classes or units with the most enrolments in the period. */
export const dashboardTopInput = z
  .object({
    ...periodFields,
    kind: z.enum(['classes', 'units'], { error: '类型应为 classes 或 units' }),
    limit: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? 10 : value),
      z
        .number({ error: '条数应为 1 到 50 的整数' })
        .int({ error: '条数应为 1 到 50 的整数' })
        .min(1, { error: '条数应为 1 到 50 的整数' })
        .max(50, { error: '条数应为 1 到 50 的整数' }),
    ),
  })
  .refine(...IN_ORDER);

/** `dashboard/export`: one chart's table as `.xlsx`. */
export const dashboardExportInput = z
  .object({
    ...periodFields,
    chart: z.enum(DASHBOARD_CHARTS, { error: '图表不存在' }),
    unit: unitField,
  })
  .refine(...IN_ORDER);

/** `account/modify-dashboard-rate`: the caller's refresh interval in seconds (0: never). */
export const dashboardRateInput = z.object({
  rate: z
    .number({ error: '刷新间隔不正确' })
    .int({ error: '刷新间隔不正确' })
    .refine((rate) => (DASHBOARD_RATES as readonly number[]).includes(rate), {
      error: `刷新间隔应为 ${DASHBOARD_RATES.join('、')} 秒之一`,
    }),
});

/** A column of a chart's table; `kind` says how its numbers read (money in fen, hours, percent). */
export interface DashboardColumn {
  key: string;
  title: string;
  kind: 'text' | 'count' | 'fen' | 'hours' | 'percent';
}

/** One chart's numbers as a table (also what its `.xlsx` holds). */
export interface DashboardTable {
  chart: DashboardChart;
  title: string;
  /** The first column names the rows (a period, a class, a channel, ...); the rest are series. */
  columns: DashboardColumn[];
  rows: Record<string, string | number>[];
  from: string;
  to: string;
}

/** The headline figures of a period, and of the present. */
export interface DashboardTotals {
  from: string;
  to: string;
  enrolments: number;
  paidFen: number;
  refundedFen: number;
  revenueFen: number;
  orders: number;
  studyHours: number;
  activeToday: number;
  active7: number;
  active30: number;
  waitingInvoices: number;
  waitingRefunds: number;
}

/** `dashboard/data`: the totals (type `total`) or the chart's table (type `group`). */
export interface DashboardData {
  totals: DashboardTotals | null;
  table: DashboardTable | null;
}

/** How fresh the figures are (`dashboard/last-date`, `dashboard/delete-cache-key`). */
export interface DashboardFreshness {
  projectId: number;
  /** When the rollup last ran; null before its first run. */
  refreshedAt: string | null;
  /** The latest day holding figures. */
  lastDay: string | null;
  /** How long the last run took (ms). */
  durationMs: number;
}

/** `dashboard/list`: the caller's dashboard: the project shown, the choices, the charts, the interval. */
export interface DashboardList {
  projectId: number;
  projectName: string;
  /** The projects platform staff may choose; empty for project staff. */
  projects: { id: number; name: string }[];
  charts: { key: DashboardChart; title: string }[];
  /** The caller's refresh interval in seconds (0: only by hand). */
  rate: number;
  rates: readonly number[];
  abilities: Abilities<'refresh'>;
}

/** The dashboard's calls (`dashboard/...`). */
export const dashboardCalls = defineCalls('dashboard', {
  /** The caller's dashboard: which project, the charts, the refresh interval and whether they may recompute. */
  list: {
    input: dashboardProjectInput,
    answer: answer<DashboardList>(),
    access: dashboardViewers('/dashboard/index'),
    methods: ['GET', 'POST'],
  },
  /** The headline figures (`type: total`) or one chart's table (`type: group`) of the period. */
  data: {
    input: dashboardDataInput,
    answer: answer<DashboardData>(),
    access: dashboardViewers('/dashboard/index'),
  },
  /** The top classes or units by enrolments of the period. */
  top: {
    input: dashboardTopInput,
    answer: answer<DashboardTable>(),
    access: dashboardViewers('/dashboard/index'),
  },
  /** When the figures were last computed. */
  'last-date': {
    input: dashboardProjectInput,
    answer: answer<DashboardFreshness>(),
    access: dashboardViewers('/dashboard/index'),
    methods: ['GET', 'POST'],
  },
  /** Drops the project's figures and computes them again now (刷新看板数据). */
  'delete-cache-key': {
    input: dashboardProjectInput,
    answer: answer<DashboardFreshness>(),
    access: dashboardViewers('/dashboard/refresh'),
  },
  /** One chart's table as `.xlsx`. */
  export: {
    input: dashboardExportInput,
    answer: fileAnswer(),
    access: dashboardViewers('/dashboard/index'),
    methods: ['GET', 'POST'],
  },
});

/** `account/modify-dashboard-rate` (spec section 7, the account family): the caller's refresh interval. */
export const dashboardRateCalls = defineCalls('account', {
  'modify-dashboard-rate': {
    input: dashboardRateInput,
    answer: answer<{ rate: number }>(),
    access: dashboardViewers('/dashboard/index'),
  },
});
