import { DEMO } from '@px/api';
import { DASHBOARD_GROUPS, type DashboardFreshness, type DashboardList } from '@px/api/contract';
import { generateDashboardData, rollupOutsideServer } from '@px/api/testing';
import { Sequelize } from 'sequelize';
import { type Envelope, post, signIn } from './api-client';

/**
 * The dashboard's scale (issue 27): 1,000,000 enrolments, 10,000,000 study beats and 300,000
 * orders in the throwaway database. BENCH_DASHBOARD_SCALE (a fraction, default 1) shrinks every
 * count for a quick run. Beats are kept per study session (`study_session.last_seq`, credited
 * seconds), never a row per beat: the generator's sessions carry ten beats each, so 10,000,000
 * beats are 1,000,000 sessions.
 */
export const DASHBOARD_SCALE = Number(process.env.BENCH_DASHBOARD_SCALE ?? 1);
const FULL = { enrolments: 1_000_000, beats: 10_000_000, orders: 300_000, students: 200_000 };
const BEATS_PER_SESSION = 10;
/** The generated activity spreads over the last year. */
const DAYS = 365;
/** Requests per call (one at a time, after a warm-up of five); BENCH_DASHBOARD_SAMPLES overrides it. */
const SAMPLES = Number(process.env.BENCH_DASHBOARD_SAMPLES ?? 100);
/** Issue 27: every dashboard call under 100 ms p99; a day's rollup under 60 s. */
export const DASHBOARD_TARGETS = { p99Ms: 100, dayRollupSeconds: 60 };

export interface DashboardCallRow {
  call: string;
  period: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface DashboardBench {
  scale: number;
  generated: { enrolments: number; beats: number; sessions: number; orders: number; students: number };
  generateSeconds: number;
  /** `dashboard/delete-cache-key` over HTTP: every day of the project computed again. */
  fullRollupSeconds: number;
  fullRollupDurationMs: number;
  /** A day's new activity, then the rollup of what changed (the five-minute job's work). */
  dayRollupSeconds: number;
  day: { enrolments: number; sessions: number; orders: number; students: number };
  calls: DashboardCallRow[];
}

const scaled = (count: number) => Math.max(1, Math.round(count * DASHBOARD_SCALE));

/** `YYYY-MM-DD` in China `days` days from today (negative: earlier). */
function chinaDay(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

/** Times SAMPLES sequential requests of one call (after five unrecorded), checking every answer. */
async function timeCall(url: string, token: string, path: string, body: object): Promise<number[]> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/api/${path}.action`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', token },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Envelope<unknown>;
    const ms = performance.now() - started;
    if (answer.respCode !== 200) throw new Error(`${path} ${JSON.stringify(body)}: ${answer.respDesc}`);
    return ms;
  };
  for (let i = 0; i < 5; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push(await once());
  return times.sort((a, b) => a - b);
}

/**
 * Generates the dashboard's scale into the demo project of the bench's throwaway database (as its
 * owner, by `generate_series`), computes every figure again through `dashboard/delete-cache-key`,
 * adds a day's activity and times the rollup of that day, then times every dashboard call as the
 * demo project admin over the page's default period (30 days) and over the whole year.
 */
export async function benchDashboard(url: string, databaseUrl: string | null): Promise<DashboardBench> {
  if (!databaseUrl) throw new Error('the dashboard bench needs the database of the API');
  const token = await signIn(url, DEMO.accounts.projectAdmin, 1);
  const list = await post<DashboardList>(`${url}/api/dashboard/list.action`, {}, token);
  const projectId = list.projectId;
  const sequelize = new Sequelize(databaseUrl, { logging: false });
  try {
    const generated = {
      enrolments: scaled(FULL.enrolments),
      beats: scaled(FULL.beats),
      sessions: Math.max(1, Math.round(scaled(FULL.beats) / BEATS_PER_SESSION)),
      orders: scaled(FULL.orders),
      students: scaled(FULL.students),
    };
    let started = Date.now();
    await generateDashboardData(sequelize, {
      projectId,
      students: generated.students,
      enrolments: generated.enrolments,
      orders: generated.orders,
      sessions: generated.sessions,
      days: DAYS,
      tag: 'BY',
    });
    await sequelize.query('ANALYZE');
    const generateSeconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `dashboard: generated ${JSON.stringify(generated)} in ${generateSeconds.toFixed(1)} s\n`,
    );

    started = Date.now();
    const full = await post<DashboardFreshness>(`${url}/api/dashboard/delete-cache-key.action`, {}, token);
    const fullRollupSeconds = (Date.now() - started) / 1000;

    // A day's activity: a 365th of the year's, in the last day.
    const day = {
      enrolments: Math.max(1, Math.round(generated.enrolments / DAYS)),
      sessions: Math.max(1, Math.round(generated.sessions / DAYS)),
      orders: Math.max(1, Math.round(generated.orders / DAYS)),
      students: Math.max(1, Math.round(generated.students / DAYS)),
    };
    await generateDashboardData(sequelize, { projectId, ...day, days: 1, tag: 'BD', seed: 28 });
    started = Date.now();
    await rollupOutsideServer(sequelize, projectId);
    const dayRollupSeconds = (Date.now() - started) / 1000;

    const periods = [
      { name: '30 days', from: undefined as string | undefined, to: undefined as string | undefined },
      { name: '365 days', from: chinaDay(-364), to: chinaDay(0) },
    ];
    const calls: DashboardCallRow[] = [];
    const measure = async (call: string, period: string, path: string, body: object) => {
      const times = await timeCall(url, token, path, body);
      const round = (ms: number) => Number(ms.toFixed(1));
      calls.push({
        call,
        period,
        samples: times.length,
        p50Ms: round(percentile(times, 0.5)),
        p99Ms: round(percentile(times, 0.99)),
        maxMs: round(times[times.length - 1] ?? 0),
      });
    };
    await measure('list', '-', 'dashboard/list', {});
    await measure('last-date', '-', 'dashboard/last-date', {});
    for (const period of periods) {
      const range = { from: period.from, to: period.to };
      await measure('data total', period.name, 'dashboard/data', { ...range, type: 'total' });
      for (const chart of DASHBOARD_GROUPS)
        await measure(`data group ${chart}`, period.name, 'dashboard/data', {
          ...range,
          type: 'group',
          chart,
        });
      await measure('top classes', period.name, 'dashboard/top', { ...range, kind: 'classes' });
      await measure('top units', period.name, 'dashboard/top', { ...range, kind: 'units' });
    }
    await measure('data group enrolments (by month)', '365 days', 'dashboard/data', {
      from: chinaDay(-364),
      to: chinaDay(0),
      type: 'group',
      chart: 'enrolments',
      unit: 'month',
    });
    return {
      scale: DASHBOARD_SCALE,
      generated,
      generateSeconds: Number(generateSeconds.toFixed(1)),
      fullRollupSeconds: Number(fullRollupSeconds.toFixed(2)),
      fullRollupDurationMs: full.durationMs,
      dayRollupSeconds: Number(dayRollupSeconds.toFixed(2)),
      day,
      calls,
    };
  } finally {
    await sequelize.close();
  }
}

/** The target lines the bench prints. */
export function dashboardTargetLines(bench: DashboardBench): string[] {
  const worst = bench.calls.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
  return [
    `dashboard (scale ${bench.scale}: ${bench.generated.enrolments} enrolments, ${bench.generated.beats} beats, ` +
      `${bench.generated.orders} orders): slowest call p99 ${worst.p99Ms} ms (${worst.call}, ${worst.period}; ` +
      `target < ${DASHBOARD_TARGETS.p99Ms} ms: ${worst.p99Ms < DASHBOARD_TARGETS.p99Ms ? 'met' : 'NOT MET'})`,
    `dashboard rollup: a day's ${bench.day.enrolments} enrolments, ${bench.day.sessions} sessions and ` +
      `${bench.day.orders} orders in ${bench.dayRollupSeconds} s (target < ${DASHBOARD_TARGETS.dayRollupSeconds} s: ` +
      `${bench.dayRollupSeconds < DASHBOARD_TARGETS.dayRollupSeconds ? 'met' : 'NOT MET'}); ` +
      `every day again (delete-cache-key) ${bench.fullRollupSeconds} s`,
  ];
}
