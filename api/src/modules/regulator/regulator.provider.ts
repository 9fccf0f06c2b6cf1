import { createRegulatorClient, type FetchLike, type RegulatorClient } from '@px/regulator';

/**
 * The regulator's registration platform as the product reaches it (docs/regulator.md): in
 * simulator mode the local simulator `startServer` runs, whatever a project's endpoint says; in live
 * mode the project's endpoint, else REGULATOR_API_BASE. Built once at start (`createProviders`).
 */
export interface RegulatorProvider {
  readonly mode: 'simulator' | 'live';
  /** Where a project with this endpoint (null: none set) reports; null when nowhere is known. */
  endpointFor(projectEndpoint: string | null): string | null;
  /** A client for one project's app. */
  client(config: { endpoint: string; appId: string; secret: string }): RegulatorClient;
  /** How the push workers send (rate, concurrency, retries). */
  readonly pipeline: PushPipelineOptions;
  /** This process's pacing of one project's requests (its rate and its pauses after refusals). */
  pacer(projectId: number): ProjectPacer;
}

/** How the push workers of one process send (docs/regulator.md "How the platform pushes"). */
export interface PushPipelineOptions {
  /** Requests per second this process sends for one project (below the regulator's limit). */
  ratePerSecond: number;
  /** Requests in flight at once for one project. */
  concurrency: number;
  /** Failed attempts (no answer, server error) after which a push is given up (FAILED). */
  maxFailures: number;
  /** The first retry's wait; each further failure doubles it, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /**
   * How long a claimed push may stay SENDING before another sender takes it up (its process died):
   * longer than a batch can take (a run's slice and one request's timeout).
   */
  leaseMs: number;
}

/**
 * A project's pacing in this process: a token bucket at the pipeline's rate, and a pause (after
 * the regulator answered RATE_LIMITED with its retry-after, or while it does not answer: the
 * circuit, doubling while it stays down).
 */
export interface ProjectPacer {
  /** Waits for the next request's turn; answers false when the project is paused instead. */
  take(): Promise<boolean>;
  /** Until when the project is paused (null: not paused). */
  pausedUntil(): Date | null;
  /** The regulator asked to wait (`RATE_LIMITED`). */
  pause(ms: number): void;
  /** A request got no usable answer (unreachable, 5xx). */
  failed(): void;
  /** A request was answered. */
  answered(): void;
}

export const DEFAULT_PUSH_PIPELINE: PushPipelineOptions = {
  ratePerSecond: 190,
  concurrency: 48,
  maxFailures: 10,
  backoffBaseMs: 2000,
  backoffMaxMs: 60_000,
  leaseMs: 40_000,
};

/** A token bucket holding a tenth of a second's requests, and the pauses. */
export function createPacer(
  ratePerSecond: number,
  circuit: { baseMs: number; maxMs: number },
  now: () => number = Date.now,
): ProjectPacer {
  const capacity = Math.max(1, Math.floor(ratePerSecond / 10));
  let tokens = capacity;
  let at = now();
  let pausedTill = 0;
  let downFor = 0;
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - at) / 1000) * ratePerSecond);
    at = t;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    take() {
      // Turns are handed out one after another, so concurrent senders keep to the rate together.
      const turn = queue.then(async () => {
        for (;;) {
          if (now() < pausedTill) return false;
          refill();
          if (tokens >= 1) {
            tokens -= 1;
            return true;
          }
          await sleep(Math.ceil(((1 - tokens) / ratePerSecond) * 1000));
        }
      });
      queue = turn.then(() => undefined);
      return turn;
    },
    pausedUntil: () => (now() < pausedTill ? new Date(pausedTill) : null),
    pause(ms) {
      pausedTill = Math.max(pausedTill, now() + ms);
    },
    failed() {
      // Requests in flight together fail together (an outage drops them all): one failed probe,
      // one doubling; a failure while paused changes nothing.
      if (now() < pausedTill) return;
      downFor = downFor ? Math.min(circuit.maxMs, downFor * 2) : circuit.baseMs;
      pausedTill = Math.max(pausedTill, now() + downFor);
    },
    answered() {
      downFor = 0;
    },
  };
}

declare module '../../core/action' {
  interface Providers {
    /** The regulator's study-record platform (or its simulator). */
    regulator: RegulatorProvider;
  }
}

export function createRegulatorProvider(options: {
  mode: 'simulator' | 'live';
  /** Simulator mode: the simulator's base URL (null when none runs, as in API tests). */
  simulatorUrl: string | null;
  defaultEndpoint: string | null;
  timeoutMs: number;
  pipeline?: Partial<PushPipelineOptions>;
  /** The `fetch` requests go through (metrics time it). */
  fetch?: FetchLike;
}): RegulatorProvider {
  const pipeline = { ...DEFAULT_PUSH_PIPELINE, ...options.pipeline };
  const pacers = new Map<number, ProjectPacer>();
  return {
    pipeline,
    pacer(projectId) {
      let pacer = pacers.get(projectId);
      if (!pacer) {
        pacer = createPacer(pipeline.ratePerSecond, {
          baseMs: pipeline.backoffBaseMs,
          maxMs: Math.min(pipeline.backoffMaxMs, 30_000),
        });
        pacers.set(projectId, pacer);
      }
      return pacer;
    },
    mode: options.mode,
    endpointFor: (projectEndpoint) =>
      options.mode === 'simulator' ? options.simulatorUrl : (projectEndpoint ?? options.defaultEndpoint),
    client: (config) =>
      createRegulatorClient({
        baseUrl: config.endpoint,
        appId: config.appId,
        secret: config.secret,
        timeoutMs: options.timeoutMs,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
  };
}
