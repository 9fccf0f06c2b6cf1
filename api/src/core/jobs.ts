import type { Transaction } from 'sequelize';
import type { RequestInfo, Scope } from './action';

/**
 * The payload of each job by name. Each module that defines jobs adds its own by declaration
 * merging (`declare module '../../core/jobs' { interface JobPayloads { 'upload.sweep': {} } }`), so
 * a job is sent and handled with one payload type and the core names no module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules.
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export interface SendOptions {
  /**
   * Enqueue inside this transaction: the job exists only if the transaction commits (the
   * transactional outbox), and is not seen by a worker before it does.
   */
  transaction?: Transaction;
  /** Run no earlier than this time. */
  startAfter?: Date;
  /**
   * With a queue of policy `stately`: at most one job of this key waits (and one runs) at a time;
   * sending another while one waits does nothing (answers null).
   */
  singletonKey?: string;
  /** Taken before the waiting jobs of its queue with a lower one (default 0; negative: after them). */
  priority?: number;
}

/** Background work on PostgreSQL (timeouts, reconciliation, imports, pushes, sweeps). */
export interface JobQueue {
  /** Enqueues a job; resolves to its id. */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /** Puts a failed job of the queue `name` back to be run again; resolves to whether it was failed. */
  retry(name: string, id: string): Promise<boolean>;
}

/** Scope of a job run: the database, a logger, providers and the queue; no caller, no project. */
export type JobScope = Scope & { principal: null; project: null; request: RequestInfo };

/** A kind of background job: its name, what it does, and optionally when it runs by itself. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  /** Does the work; a throw retries the job (up to `retryLimit`). Must be safe to run twice. */
  handler(scope: JobScope, data: JobPayloads[N]): Promise<void>;
  /** Cron expression (server time zone) for jobs that run by themselves, e.g. sweeps. */
  schedule?: string;
  /**
   * Sent once each time the workers start (a server boots), with this payload: work a killed process
   * left unfinished is taken up at once rather than at the next schedule.
   */
  atStart?: JobPayloads[N];
  retryLimit?: number;
  /**
   * `stately`: one job per `singletonKey` waiting and one running at a time (a per-project
   * dispatcher woken by many writers); default `standard`.
   */
  policy?: 'standard' | 'stately';
  /** Longest run before the job counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * How many jobs of this queue one instance runs at once (default 1). Every queue's handlers
   * together are bounded again by the instance's JOB_CONCURRENCY, and take their connections from
   * the jobs' own pool (JOB_DB_POOL_MAX), never from the calls' one.
   */
  concurrency?: number;
}

/** Declares a job; the identity infers the payload type for the handler. */
export function defineJob<N extends JobName>(definition: JobDefinition<N>): JobDefinition<N> {
  return definition;
}

/** Job names whose payload is a sweep's (`{ staleSeconds? }`). */
type SweepJobName = {
  [K in JobName]: JobPayloads[K] extends { staleSeconds?: number } ? K : never;
}[JobName];

/** Long work kept in a table of its own (imports, transfers), done a time slice per job run. */
export interface ResumableWork<R extends JobName, S extends SweepJobName> {
  /** The job doing one slice; it sends itself again while work remains. */
  run: R;
  /** The job taking up work whose process is gone: every minute and at every server start. */
  sweep: S;
  /** Does one time slice of the work (safe to run twice at once); answers whether some remains. */
  slice(scope: JobScope, data: JobPayloads[R]): Promise<boolean>;
  /**
   * The payloads of the `run` jobs of work in progress not moved on since `before`, each marked as
   * moved on (so the next sweep leaves it a while).
   */
  takeStale(before: Date): Promise<JobPayloads[R][]>;
  /** How long work may stand still before the sweep takes it up (a sweep's payload may say less). */
  staleSeconds: number;
}

/**
 * The two jobs of a resumable work: a run of at most one slice that sends the next run, so no run
 * nears the queue's expiry and a killed process loses at most the chunk in flight (rolled back
 * whole); and the sweep, every minute and once at every server start (then without waiting),
 * running again the work whose row stood still.
 */
export function defineResumableWork<R extends JobName, S extends SweepJobName>(
  work: ResumableWork<R, S>,
): [JobDefinition<R>, JobDefinition<S>] {
  const run = defineJob<R>({
    name: work.run,
    retryLimit: 5,
    expireInSeconds: 120,
    async handler(scope, data) {
      if (await work.slice(scope, data)) await scope.jobs.send(work.run, data);
    },
  });
  const sweep = defineJob<S>({
    name: work.sweep,
    schedule: '* * * * *',
    atStart: { staleSeconds: 0 } as JobPayloads[S],
    retryLimit: 0,
    async handler(scope, data) {
      const seconds = (data as { staleSeconds?: number }).staleSeconds ?? work.staleSeconds;
      for (const payload of await work.takeStale(new Date(Date.now() - seconds * 1000)))
        await scope.jobs.send(work.run, payload);
    },
  });
  return [run, sweep];
}
