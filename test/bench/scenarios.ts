/** The servers a scenario can load (started by run.ts). */
export type BenchServer = 'api' | 'hello' | 'upsert';

/** One load scenario: a request sent over and over to one of the servers. */
export interface Scenario {
  name: string;
  server: BenchServer;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sign in first as this demo back-office account and send its token. */
  signedInAs?: { account: string; password: string };
  /**
   * Each connection plays one thing and builds every request's body instead of sending `body`: a
   * study session of a student of its own (`study-load.ts`), or a row of the upsert baseline
   * (`players.ts`).
   */
  plays?: 'study-session' | 'progress-row';
  /** autocannon's rate limit over all connections (requests per second); as fast as it goes when absent. */
  overallRate?: number;
  /** The answer each request must get, checked once before loading. */
  expectRespCode: number;
}

/** The baselines every scenario is compared with: bare Koa, and Koa plus one raw `pg` upsert. */
export const BASELINES = { hello: 'koa-hello', upsert: 'pg-upsert' } as const;

/** What the study heartbeat aims at (issue 12), printed, never asserted. */
export const HEARTBEAT_TARGETS = {
  scenario: 'study-heartbeat',
  /** Throughput at least this share of the upsert baseline's. */
  throughputVsUpsert: 0.7,
  rateLimited: 'study-heartbeat-1000rps',
  /** p99 below this many ms at 1,000 beats per second. */
  p99Ms: 50,
} as const;

/** Every benchmark; later issues append theirs. */
export const SCENARIOS: Scenario[] = [
  { name: BASELINES.hello, server: 'hello', method: 'GET', path: '/', expectRespCode: 200 },
  {
    name: BASELINES.upsert,
    server: 'upsert',
    method: 'POST',
    path: '/',
    plays: 'progress-row',
    expectRespCode: 200,
  },
  {
    name: 'system-info',
    server: 'api',
    method: 'POST',
    path: '/api/project/system-info.action',
    expectRespCode: 200,
  },
  {
    name: 'get-account-info',
    server: 'api',
    method: 'GET',
    path: '/api/login/get-account-info.action',
    signedInAs: { account: 'projectadmin', password: 'Admin123' },
    expectRespCode: 200,
  },
  {
    name: HEARTBEAT_TARGETS.scenario,
    server: 'api',
    method: 'POST',
    path: '/api/study/heartbeat.action',
    plays: 'study-session',
    expectRespCode: 200,
  },
  {
    name: HEARTBEAT_TARGETS.rateLimited,
    server: 'api',
    method: 'POST',
    path: '/api/study/heartbeat.action',
    plays: 'study-session',
    overallRate: 1000,
    expectRespCode: 200,
  },
];
