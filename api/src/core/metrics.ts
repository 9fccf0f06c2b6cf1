import http from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { QueryTypes, type Sequelize } from 'sequelize';
import { connectionRoutes } from '../db/connection-routes';
import { withoutTenant } from '../db/tenant-access';
import type { ChangeFeed } from './change-feed';
import { closeServer, listenOn } from './local-server';

/** The `fetch` an outside system's client sends its requests with. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What is read from the database and the process at scrape time (`Metrics.watch`). */
export interface MetricSources {
  /**
   * The pools (in use, idle, waiting: the application's, and the jobs' and the replica's when routed,
   * db/connection-routes) and the job tables (depth, oldest job).
   */
  sequelize: Sequelize;
  changeFeed?: ChangeFeed;
  /** Add prom-client's process metrics (CPU, memory, event-loop lag, GC): a server's, not a test's. */
  processMetrics?: boolean;
}

/**
 * One API instance's Prometheus metrics, in a registry of its own (never prom-client's global one:
 * tests build several apps in one process). Names and what to alert on: docs/operations.md.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered call: its key (`study/heartbeat`; `other` for a path that is no call) and respCode. */
  observeCall(call: string, respCode: string, seconds: number): void;
  /** One study beat answered: credited (`refusal` null) or refused with its reason. */
  beat(refusal: string | null): void;
  /** One job run by this instance's workers, done or failed (pg-boss retries a failed one). */
  job(queue: string, outcome: 'done' | 'failed'): void;
  /** One answer of an outside system's protocol, by what it meant (`accepted`, `rejected`, `rate-limited`, ...). */
  outboundAnswer(system: string, outcome: string): void;
  /** A `fetch` timing the requests to an outside system and counting those that fail. */
  timedFetch(system: 'wechat' | 'einvoice' | string, inner?: Fetch): Fetch;
  /** Adds the gauges read at scrape time (pool, job queues, change feed) and the process's own. Once. */
  watch(sources: MetricSources): void;
}

const CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OUTBOUND_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A pool's counts (sequelize-pool; Sequelize keeps it on its connection manager). */
interface PoolCounts {
  using: number;
  available: number;
  waiting: number;
  maxSize: number;
}
const poolOf = (sequelize: Sequelize): PoolCounts | undefined =>
  (sequelize as unknown as { connectionManager?: { pool?: PoolCounts } }).connectionManager?.pool;

/** The pools `sequelize` lends from, by label: its own (`primary`), and the jobs' and the replica's when routed. */
function poolsOf(sequelize: Sequelize): [string, PoolCounts][] {
  const routes = connectionRoutes(sequelize);
  const pools: [string, PoolCounts | undefined][] = [
    ['primary', poolOf(sequelize)],
    ['jobs', routes?.jobs ? poolOf(routes.jobs) : undefined],
    ['replica', routes?.replica ? poolOf(routes.replica) : undefined],
  ];
  return pools.filter((entry): entry is [string, PoolCounts] => entry[1] !== undefined);
}

/** Per pg-boss queue: jobs queued and due, queued for later, and the age of the oldest due one. */
const QUEUE_SQL = `
  SELECT q.name AS queue,
         count(j.id) FILTER (WHERE j.start_after <= now())::int AS due,
         count(j.id) FILTER (WHERE j.start_after > now())::int AS deferred,
         COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now())), 0)::float AS oldest
    FROM pgboss.queue q
    LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active'
   GROUP BY q.name`;

export function createMetrics(): Metrics {
  const registry = new Registry();
  const calls = new Histogram({
    name: 'px_call_duration_seconds',
    help: 'API calls answered, by call key and envelope respCode (rate: _count), with their latency',
    labelNames: ['call', 'respCode'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  });
  const beats = new Counter({
    name: 'px_study_beats_total',
    help: 'Study heartbeats answered: credited, or refused with the reason',
    labelNames: ['outcome', 'reason'],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'px_jobs_total',
    help: "Jobs run by this instance's workers, by queue and outcome (done, failed)",
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const outbound = new Histogram({
    name: 'px_outbound_duration_seconds',
    help: 'Requests to outside systems (wechat, einvoice, regulator) until their answer headers, by outcome',
    labelNames: ['system', 'outcome'],
    buckets: OUTBOUND_BUCKETS,
    registers: [registry],
  });
  const outboundErrors = new Counter({
    name: 'px_outbound_errors_total',
    help: 'Requests to outside systems that failed: unreachable or timed out, or an HTTP error status',
    labelNames: ['system', 'kind'],
    registers: [registry],
  });
  const outboundAnswers = new Counter({
    name: 'px_outbound_answers_total',
    help: "Answers of an outside system's protocol by what they meant (regulator: accepted, duplicate, rejected, rate-limited, server-error, unreachable, ...)",
    labelNames: ['system', 'outcome'],
    registers: [registry],
  });
  let watching = false;

  return {
    registry,
    observeCall(call, respCode, seconds) {
      calls.observe({ call, respCode }, seconds);
    },
    beat(refusal) {
      beats.inc(refusal ? { outcome: 'refused', reason: refusal } : { outcome: 'credited', reason: '' });
    },
    job(queue, outcome) {
      jobs.inc({ queue, outcome });
    },
    outboundAnswer(system, outcome) {
      outboundAnswers.inc({ system, outcome });
    },
    timedFetch(system, inner = (input, init) => fetch(input, init)) {
      return async (input, init) => {
        const stop = outbound.startTimer({ system });
        try {
          const response = await inner(input, init);
          const outcome = response.ok ? 'ok' : 'http_error';
          stop({ outcome });
          if (!response.ok) outboundErrors.inc({ system, kind: `http_${response.status}` });
          return response;
        } catch (error) {
          const kind = (error as { name?: unknown })?.name === 'TimeoutError' ? 'timeout' : 'unreachable';
          stop({ outcome: kind });
          outboundErrors.inc({ system, kind });
          throw error;
        }
      };
    },
    watch({ sequelize, changeFeed, processMetrics = false }) {
      if (watching) return;
      watching = true;
      if (processMetrics) collectDefaultMetrics({ register: registry });
      // One series per pool: the calls' (`primary`), the jobs' own and the read replica's when set.
      const pool = (name: string, help: string, read: (counts: PoolCounts) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['pool'],
          registers: [registry],
          collect() {
            for (const [label, counts] of poolsOf(sequelize)) this.set({ pool: label }, read(counts));
          },
        });
      pool(
        'px_db_pool_in_use',
        'Database connections of the pool lent to a query or transaction',
        (c) => c.using,
      );
      pool('px_db_pool_idle', 'Database connections of the pool open and free', (c) => c.available);
      pool(
        'px_db_pool_waiting',
        'Queries and transactions waiting for a pooled connection',
        (c) => c.waiting,
      );
      pool('px_db_pool_max', 'The largest number of connections the pool opens', (c) => c.maxSize);

      const depth = new Gauge({
        name: 'px_job_queue_depth',
        help: 'Jobs waiting in a pg-boss queue: due now, or deferred (retry backoff, startAfter)',
        labelNames: ['queue', 'when'],
        registers: [registry],
        // prom-client collects every metric of a scrape at once: both job gauges await one reading.
        collect: () => readQueues(),
      });
      const oldest = new Gauge({
        name: 'px_job_queue_oldest_seconds',
        help: 'How long the oldest due job of a queue has waited to be picked up (0: none waiting)',
        labelNames: ['queue'],
        registers: [registry],
        collect: () => readQueues(),
      });
      const scrapeErrors = new Counter({
        name: 'px_metrics_collect_errors_total',
        help: 'Scrapes whose job-queue reading failed (the database did not answer)',
        registers: [registry],
      });
      // One query feeds both job gauges; it runs once per scrape, on the index of waiting jobs.
      let reading: Promise<void> | null = null;
      const readQueues = () => {
        reading ??= withoutTenant(() =>
          sequelize.query<{ queue: string; due: number; deferred: number; oldest: number }>(QUEUE_SQL, {
            type: QueryTypes.SELECT,
          }),
        )
          .then((rows) => {
            depth.reset();
            oldest.reset();
            for (const row of rows) {
              depth.set({ queue: row.queue, when: 'due' }, row.due);
              depth.set({ queue: row.queue, when: 'deferred' }, row.deferred);
              oldest.set({ queue: row.queue }, Math.round(Number(row.oldest) * 1000) / 1000);
            }
          })
          .catch(() => scrapeErrors.inc())
          .finally(() => {
            reading = null;
          });
        return reading;
      };

      new Gauge({
        name: 'px_change_feed_connected',
        help: 'Whether the change feed listens (1), so the in-process caches may answer; 0 while reconnecting',
        registers: [registry],
        collect() {
          this.set(changeFeed?.live ? 1 : 0);
        },
      });
    },
  };
}

/** What was answered for a call: the envelope's respCode, else the HTTP status (`http_404`). */
export function respCodeOf(body: unknown, stateRespCode: number | undefined, status: number): string {
  const code = (body as { respCode?: unknown } | null | undefined)?.respCode;
  if (typeof code === 'number') return String(code);
  if (stateRespCode !== undefined) return String(stateRespCode);
  return `http_${status}`;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on a port of its own (METRICS_PORT), apart from the API's: the metrics are
 * reachable only where the operator opens that port (never through the public proxy), need no
 * token, and each instance is scraped by itself.
 */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  const bound = await listenOn(server, port, host);
  return {
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${bound}/metrics`,
    close: () => closeServer(server),
  };
}
