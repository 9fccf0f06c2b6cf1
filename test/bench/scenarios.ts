import { DEMO } from '@px/api';
import { post, type RoleType } from './api-client';

/**
 * The servers a scenario can load (started by run.ts): the API, the three baselines, the bench's
 * proxy in front of two API instances on one database (`api-pair`) or of the first alone
 * (`api-proxied`, what the proxy itself costs), and, for the cost of the tenant policies (issue
 * 28), two more instances on the same database started alike: one connecting as the application's
 * role (`api-app`, policies forced) and one as the database's owner (`api-owner`: a superuser, whom
 * row-level security does not bind). The first API is no fair side of that comparison: it also
 * holds the embedded PostgreSQL, the simulators and the demo seed's heap.
 */
export type BenchServer =
  | 'api'
  | 'hello'
  | 'upsert'
  | 'select'
  | 'select-sized'
  | 'api-pair'
  | 'api-proxied'
  | 'api-app'
  | 'api-owner';

/** One load scenario: a request sent over and over to one of the servers. */
export interface Scenario {
  name: string;
  server: BenchServer;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sign in first as this demo account (back office unless `roleType` 3, the H5) and send its token. */
  signedInAs?: { account: string; password: string; roleType?: RoleType };
  /** Builds the body once before loading (e.g. a demo class's id read through the API). */
  bodyFrom?: (url: string, token: string | undefined) => Promise<string>;
  /** A hot call of issue 16: compared with the pg-select baseline against `HOT_TARGETS`. */
  hot?: boolean;
  /**
   * The pg-select floor answering as many bytes as this scenario's answer (`select-sized`): the hot
   * call it is printed beside, to show what the answer's size alone costs the floor.
   */
  sizedLike?: string;
  /** Two instances behind the proxy: the scenario of one instance it is compared with. */
  oneInstance?: string;
  /**
   * The same call on the instance connecting as the owner (row-level security bypassed): the
   * scenario on `api-app` (the application's role `px_app`, policies forced) it is compared with.
   */
  withoutRowSecurityOf?: string;
  /**
   * Each connection plays one thing and builds every request's body instead of sending `body`: a
   * study session of a student of its own (`study-load.ts`), or a row of the upsert baseline
   * (`players.ts`).
   */
  plays?: 'study-session' | 'progress-row';
  /**
   * A steady rate over all plays (requests per second), sent evenly and open loop (`paced.ts`; needs
   * `plays`); as fast as autocannon's closed loop goes when absent.
   */
  overallRate?: number;
  /** The answer each request must get, checked once before loading. */
  expectRespCode: number;
}

/**
 * The baselines every scenario is compared with: bare Koa, Koa plus one raw `pg` upsert (the
 * heartbeat's floor), and Koa plus one raw `pg` SELECT by primary key (the floor of any call that
 * reads the database).
 */
export const BASELINES = { hello: 'koa-hello', upsert: 'pg-upsert', select: 'pg-select' } as const;

/** What every hot call aims at (issue 16, raised by issue 29), printed, never asserted. */
export const HOT_TARGETS = {
  /** Throughput at least this share of the pg-select baseline's (issue 16 asked 0.7x). */
  throughputVsSelect: 0.85,
  /** p99 within this multiple of the pg-select baseline's p99 in the same run (issue 29). */
  p99VsSelect: 1.25,
  /** p99 below this many ms (at BENCH_CONNECTIONS, 50 by default; issue 16). */
  p99Ms: 50,
} as const;

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const PROJECT_ADMIN = DEMO.accounts.projectAdmin;
const STUDENT = {
  account: DEMO.accounts.student.mobile,
  password: DEMO.accounts.student.password,
  roleType: 3,
} as const;

/** The first class the H5 class centre offers, as `class/find-detail`'s body. */
async function offeredClassBody(url: string, token: string | undefined): Promise<string> {
  const page = await post<{ list: { id: number }[] }>(
    `${url}/api/class/center-page.action`,
    { pageNum: 1, pageSize: 1 },
    token,
  );
  const id = page.list[0]?.id;
  if (id === undefined) throw new Error('the demo project offers no class');
  return JSON.stringify({ id });
}

/** What the study heartbeat aims at (issue 12), printed, never asserted. */
export const HEARTBEAT_TARGETS = {
  scenario: 'study-heartbeat',
  /** Throughput at least this share of the upsert baseline's. */
  throughputVsUpsert: 0.7,
  rateLimited: 'study-heartbeat-1000rps',
  /** p99 below this many ms at 1,000 beats per second. */
  p99Ms: 50,
} as const;

/** What the tenant policies may cost the hot calls (issue 28), printed, never asserted. */
export const ROW_SECURITY_TARGETS = {
  /** Throughput under the application's role at least this share of the owner's (within 5%). */
  throughputVsOwner: 0.95,
  /** The signed-in reads and the heartbeat, each run again on `api-app` and on `api-owner`. */
  scenarios: ['get-account-info', 'class-center-page', 'class-detail', 'cart-count', 'study-heartbeat'],
} as const;

/** The scenario again on the application role's second instance, named `<name>-rls`. */
function withRowSecurity(scenario: Scenario): Scenario {
  return { ...scenario, name: `${scenario.name}-rls`, server: 'api-app', hot: false };
}

/** The scenario again on the owner's instance, named `<name>-no-rls`, compared with `<name>-rls`. */
function withoutRowSecurity(scenario: Scenario): Scenario {
  return {
    ...scenario,
    name: `${scenario.name}-no-rls`,
    server: 'api-owner',
    hot: false,
    withoutRowSecurityOf: `${scenario.name}-rls`,
  };
}

/** Every benchmark; later issues append theirs. */
const BASE_SCENARIOS: Scenario[] = [
  { name: BASELINES.hello, server: 'hello', method: 'GET', path: '/', expectRespCode: 200 },
  {
    name: BASELINES.upsert,
    server: 'upsert',
    method: 'POST',
    path: '/',
    plays: 'progress-row',
    expectRespCode: 200,
  },
  { name: BASELINES.select, server: 'select', method: 'GET', path: '/', expectRespCode: 200 },
  {
    // Not a target's floor: pg-select with its answer padded to class detail's size (issue 29).
    name: 'pg-select-sized',
    server: 'select-sized',
    method: 'GET',
    path: '/',
    sizedLike: 'class-detail',
    expectRespCode: 200,
  },
  {
    name: 'system-info',
    server: 'api',
    method: 'POST',
    path: '/api/project/system-info.action',
    hot: true,
    expectRespCode: 200,
  },
  {
    name: 'get-account-info',
    server: 'api',
    method: 'GET',
    path: '/api/login/get-account-info.action',
    signedInAs: PROJECT_ADMIN,
    hot: true,
    expectRespCode: 200,
  },
  {
    // The H5 /classSelectCenter's list, as a signed-in student reads it.
    name: 'class-center-page',
    server: 'api',
    method: 'POST',
    path: '/api/class/center-page.action',
    headers: JSON_HEADERS,
    body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
    signedInAs: STUDENT,
    hot: true,
    expectRespCode: 200,
  },
  {
    name: 'class-detail',
    server: 'api',
    method: 'POST',
    path: '/api/class/find-detail.action',
    headers: JSON_HEADERS,
    bodyFrom: offeredClassBody,
    signedInAs: STUDENT,
    hot: true,
    expectRespCode: 200,
  },
  {
    name: 'cart-count',
    server: 'api',
    method: 'POST',
    path: '/api/shop-cart/count.action',
    headers: JSON_HEADERS,
    body: '{}',
    signedInAs: STUDENT,
    hot: true,
    expectRespCode: 200,
  },
  {
    name: HEARTBEAT_TARGETS.scenario,
    server: 'api',
    method: 'POST',
    path: '/api/study/heartbeat.action',
    plays: 'study-session',
    hot: true,
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
  // One address in front of two API instances on one database (the proxy round-robins).
  {
    name: 'get-account-info-proxied',
    server: 'api-proxied',
    method: 'GET',
    path: '/api/login/get-account-info.action',
    signedInAs: PROJECT_ADMIN,
    expectRespCode: 200,
  },
  {
    name: 'get-account-info-2-instances',
    server: 'api-pair',
    method: 'GET',
    path: '/api/login/get-account-info.action',
    signedInAs: PROJECT_ADMIN,
    oneInstance: 'get-account-info',
    expectRespCode: 200,
  },
  {
    name: 'class-center-page-2-instances',
    server: 'api-pair',
    method: 'POST',
    path: '/api/class/center-page.action',
    headers: JSON_HEADERS,
    body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
    signedInAs: STUDENT,
    oneInstance: 'class-center-page',
    expectRespCode: 200,
  },
];

/** Every benchmark, each of `ROW_SECURITY_TARGETS.scenarios` followed by its runs with and without the policies. */
export const SCENARIOS: Scenario[] = BASE_SCENARIOS.flatMap((scenario) =>
  (ROW_SECURITY_TARGETS.scenarios as readonly string[]).includes(scenario.name)
    ? [scenario, withRowSecurity(scenario), withoutRowSecurity(scenario)]
    : [scenario],
);
