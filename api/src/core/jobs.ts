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
}

/** Background work on PostgreSQL (timeouts, reconciliation, imports, pushes, sweeps). */
export interface JobQueue {
  /** Enqueues a job; resolves to its id. */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
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
  /** Longest run before the job counts as failed (default 15 minutes). */
  expireInSeconds?: number;
}

/** Declares a job; the identity infers the payload type for the handler. */
export function defineJob<N extends JobName>(definition: JobDefinition<N>): JobDefinition<N> {
  return definition;
}
