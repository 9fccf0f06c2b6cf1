import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Providers } from '../core/action';
import type { JobDefinition, JobName, JobPayloads, JobQueue, JobScope, SendOptions } from '../core/jobs';
import { asBackgroundWork } from '../db/connection-routes';
import { withBypass, withProject } from '../db/tenant-access';

/** The PostgreSQL schema pg-boss keeps its tables in (created by migration 0012). */
export const JOB_SCHEMA = 'pgboss';

/**
 * How often one of the instances runs pg-boss's maintenance (expiry of jobs whose process died,
 * archiving, deletion): at most this long after a job's expiry it is failed or retried.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 15;

/** pg-boss's database access through our Sequelize pool, optionally inside one of our transactions. */
function executor(sequelize: Sequelize, transaction?: Transaction): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const rows = await sequelize.query<Record<string, unknown>>(text, {
        // pg sends an undefined value as NULL; Sequelize's binding refuses it.
        ...(values?.length ? { bind: values.map((value) => (value === undefined ? null : value)) } : {}),
        type: QueryTypes.SELECT,
        transaction,
      });
      return { rows };
    },
  };
}

/**
 * The workers' database access, closed by `stop`. pg-boss ends each job it ran without awaiting
 * the write (`complete` or `fail`): `close` waits for the writes already sent, then drops the later
 * ones. A handler still running when the stop gave up has its job failed already (for a retry,
 * pg-boss's `failWip`), so its late end must change nothing: a late `fail` would fail the job a
 * second time, and any write would go to pools the server is closing, rejecting with nobody to hear.
 */
function workerExecutor(sequelize: Sequelize, log: Logger) {
  const base = executor(sequelize);
  const writing = new Set<Promise<unknown>>();
  let closed = false;
  const db: PgBoss.Db = {
    executeSql(text, values) {
      if (closed) {
        log.debug({ sql: text.trim().slice(0, 80) }, 'job queue stopped: late write dropped');
        // pg-boss reads how many jobs a `complete` or `fail` changed: none.
        return Promise.resolve({ rows: [{ count: 0 }] });
      }
      const write = base.executeSql(text, values);
      writing.add(write);
      const done = () => writing.delete(write);
      write.then(done, done);
      return write;
    },
  };
  return {
    db,
    /** Drops every later write once those sent have settled (at most `timeoutMs`). */
    async close(timeoutMs: number): Promise<void> {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...writing]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

/**
 * Runs a job with the database bound to the job's project (row-level security): the payload's
 * `projectId` when it names one; otherwise the job is the platform's own cross-project work (sweeps,
 * reconciliation) and runs under an explicit bypass naming the job.
 */
function inJobTenant<T>(name: string, data: unknown, run: () => Promise<T>): Promise<T> {
  const projectId = (data as { projectId?: unknown } | null)?.projectId;
  return typeof projectId === 'number' ? withProject(projectId, run) : withBypass(`job ${name}`, run);
}

export interface JobRunner {
  queue: JobQueue;
  /** Starts the workers and the schedules of every job (the server; tests that run jobs). */
  work(): Promise<void>;
  /** Runs one queued job of each kind now, in this process (tests). Resolves to how many ran. */
  drain(): Promise<number>;
  /** Whether the workers poll (between `work()` and `stop()`): the instance's readiness. */
  working(): boolean;
  /**
   * Stops the workers: no new job is taken, running ones may finish within `timeoutMs`; those still
   * running then are failed for a retry (their queue's retry limit), and their late end writes nothing.
   */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobRunnerDeps {
  sequelize: Sequelize;
  log: Logger;
  providers: Providers;
  definitions: readonly JobDefinition[];
  /** How many job handlers run at once in this process, across every queue (default 3). */
  concurrency?: number;
}

/** A counting semaphore: at most `size` holders at once, the others wait in order. */
export function createSemaphore(size: number) {
  let held = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (held >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else held += 1;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else held -= 1;
      }
    },
    /** Handlers running now and waiting for a turn. */
    counts: () => ({ running: held, waiting: waiting.length }),
  };
}

/**
 * The job queue on PostgreSQL (pg-boss over the app's own connection pool): one queue per job
 * kind, created at start. Sending inside a transaction writes the job in that transaction (the
 * transactional outbox). Nothing polls until `work()` is called.
 */
export async function createJobRunner(deps: JobRunnerDeps): Promise<JobRunner> {
  const boss = new PgBoss({
    db: executor(deps.sequelize),
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  const byName = new Map(deps.definitions.map((definition) => [definition.name, definition]));
  for (const definition of deps.definitions) {
    const options = {
      name: definition.name,
      retryLimit: definition.retryLimit ?? 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      ...(definition.policy ? { policy: definition.policy } : {}),
    };
    await boss.createQueue(definition.name, options);
    // A queue created by an earlier version keeps its settings otherwise (creating it again does
    // nothing): its jobs would still expire, retry, … as they did then.
    await boss.updateQueue(definition.name, options);
  }

  const queue: JobQueue = {
    send<N extends JobName>(name: N, data: JobPayloads[N], options: SendOptions = {}) {
      if (!byName.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, data as object, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.priority ? { priority: options.priority } : {}),
        ...(options.transaction ? { db: executor(deps.sequelize, options.transaction) } : {}),
      });
    },
    async retry(name, id) {
      if (!byName.has(name as JobName)) return false;
      const [row] = await deps.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = :name AND id = :id AND state = 'failed'`,
        { replacements: { name, id }, type: QueryTypes.SELECT },
      );
      if (!row?.n) return false;
      await boss.retry(name, id);
      return true;
    },
  };

  const scope: JobScope = {
    sequelize: deps.sequelize,
    log: deps.log,
    principal: null,
    project: null,
    request: { ip: '', host: '', userAgent: 'job' },
    providers: deps.providers,
    jobs: queue,
  };
  // Background work never slows students: at most `concurrency` handlers run at once in this process
  // (whatever the number of queues), and their statements take connections from the jobs' own pool
  // (db/connection-routes, JOB_DB_POOL_MAX), never from the one calls use.
  const turns = createSemaphore(deps.concurrency ?? 3);
  const run = async (definition: JobDefinition, job: PgBoss.Job<object>) => {
    const log = deps.log.child({ job: definition.name, jobId: job.id });
    const started = Date.now();
    try {
      await turns.run(() =>
        asBackgroundWork(() =>
          inJobTenant(definition.name, job.data, () =>
            definition.handler({ ...scope, log }, job.data as never),
          ),
        ),
      );
      log.info({ ms: Date.now() - started }, 'job done');
      deps.providers.metrics.job(definition.name, 'done');
    } catch (error) {
      log.error({ err: error, ms: Date.now() - started }, 'job failed');
      deps.providers.metrics.job(definition.name, 'failed');
      throw error;
    }
  };

  let worker: PgBoss | null = null;
  let workerDb: ReturnType<typeof workerExecutor> | null = null;
  let started = false;
  return {
    queue,
    working: () => started,
    async work() {
      if (worker) return;
      workerDb = workerExecutor(deps.sequelize, deps.log);
      worker = new PgBoss({
        db: workerDb.db,
        schema: JOB_SCHEMA,
        migrate: false,
        supervise: true,
        // Maintenance fails the jobs whose run outlived their expiry (a process killed mid-run
        // leaves its jobs `active`): often, so that a short expiry frees a stately queue's key soon.
        maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
        schedule: true,
      });
      worker.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
      await worker.start();
      for (const definition of deps.definitions) {
        // pg-boss runs one job at a time per work() registration: one per allowed concurrent job.
        for (let n = 0; n < (definition.concurrency ?? 1); n += 1)
          await worker.work<object>(definition.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
            for (const job of jobs) await run(definition, job);
          });
        if (definition.schedule) await worker.schedule(definition.name, definition.schedule, {});
        else await worker.unschedule(definition.name);
        if (definition.atStart) await queue.send(definition.name, definition.atStart as never);
      }
      started = true;
    },
    async drain() {
      let ran = 0;
      for (const definition of deps.definitions) {
        const jobs = await boss.fetch<object>(definition.name, { batchSize: 100 });
        for (const job of jobs ?? []) {
          try {
            await run(definition, job);
            await boss.complete(definition.name, job.id);
          } catch (error) {
            await boss.fail(definition.name, job.id, { message: String(error) });
          }
          ran++;
        }
      }
      return ran;
    },
    async stop(timeoutMs = 10_000) {
      const running = worker;
      const db = workerDb;
      worker = null;
      workerDb = null;
      started = false;
      const deadline = Date.now() + Math.max(timeoutMs, 1000);
      // Takes no new job, lets the running ones finish within the timeout (pg-boss waits at least
      // 1 s, in steps of half a second), then fails those still running for a retry.
      await running?.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      await db?.close(Math.max(100, deadline - Date.now()));
    },
  };
}
