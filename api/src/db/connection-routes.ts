import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryTypes, type Sequelize } from 'sequelize';
import { type BackendClient, lowerBackendPriority } from './backend-priority';

/**
 * Which pool a statement's connection comes from. The models are bound to one Sequelize instance
 * (the application's); its connection manager lends connections from one of three pools, chosen by
 * the code running now:
 *
 * - **primary**: the application's own pool (calls of students and staff), the default;
 * - **jobs**: the background jobs' pool, a small one of its own on the same server
 *   (`JOB_DB_POOL_MAX`): a job handler (`asBackgroundWork`) never takes a connection students wait
 *   for, however many jobs run;
 * - **replica**: a streaming read replica (`DATABASE_READ_URL`), for reads that may lag the primary by
 *   a moment (exports, reports, the study archive's lists, the dashboard), inside `onReplica`. Only
 *   reads go there (a SELECT, or a read-only transaction); a write inside `onReplica` still goes to
 *   the primary. Without a replica, `onReplica` changes nothing.
 *
 * Background work's backends run at a low CPU priority when the database is on this host
 * (`backgroundNice`, db/backend-priority.ts): every connection of the jobs' pool, and the connection
 * an export's cursor reads on (`lowerForBackground`), which is then closed when the export lets it
 * go rather than handed to a student's call.
 *
 * Tenant isolation is unchanged on every pool: each pool's connections are the tenant-aware driver's
 * (`tenant-pg.ts`), which sends the row-level security settings of the code running with every
 * statement, and a physical replica holds the same policies and roles as its primary.
 */

interface Route {
  replica: boolean;
  jobs: boolean;
}

const storage = new AsyncLocalStorage<Route>();
const DEFAULT_ROUTE: Route = { replica: false, jobs: false };

/** Runs `work` with its reads on the read replica when there is one (reads that may lag a moment). */
export function onReplica<T>(work: () => T): T {
  const current = storage.getStore() ?? DEFAULT_ROUTE;
  if (current.replica) return work();
  return storage.run({ ...current, replica: true }, work);
}

/** Runs `work` on the background jobs' connection budget (a job handler). */
export function asBackgroundWork<T>(work: () => T): T {
  const current = storage.getStore() ?? DEFAULT_ROUTE;
  if (current.jobs) return work();
  return storage.run({ ...current, jobs: true }, work);
}

/** Whether the code running now reads from the replica when one is configured. */
export function readsFromReplica(): boolean {
  return storage.getStore()?.replica ?? false;
}

/** The part of Sequelize's connection manager the routing takes over. */
interface ConnectionManager {
  getConnection(options?: { type?: string; useMaster?: boolean; uuid?: string }): Promise<object>;
  releaseConnection(connection: object): void;
  destroyConnection(connection: object): Promise<void>;
}

const managerOf = (sequelize: Sequelize) =>
  (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;

/** Hears why a read went to the primary instead of the replica (it could not be reached). */
export type ReplicaFallback = (error: unknown) => void;

export interface ConnectionRoutes {
  /** The replica's Sequelize instance (its own pool), or null. */
  replica: Sequelize | null;
  /** The jobs' Sequelize instance (its own pool), or null: jobs use the primary pool. */
  jobs: Sequelize | null;
  /**
   * Closes the three pools (as `sequelize.close()` does), waiting at most `waitMs` for the
   * connections lent to come back; then ends those still lent, whose statements fail at once (a
   * shutdown's deadline). Answers how many it ended.
   */
  close(waitMs: number): Promise<number>;
  /**
   * Resolves once the replica has replayed everything the primary has written so far (at most
   * `timeoutMs`; answers whether it did). A write whose caller reads its result next from the
   * replica waits on it before answering, so that read sees the write. Without a replica: true.
   */
  replicaCaughtUp(timeoutMs?: number): Promise<boolean>;
  /**
   * Lowers the CPU priority of the backend serving `connection` (lent by these routes) for the
   * rest of its life, when the database is on this host and `backgroundNice` allows it; the
   * connection is then closed when released instead of going back to its pool (a backend's
   * priority cannot be raised again). A jobs' pool connection is low already. Answers whether the
   * connection now runs low.
   */
  lowerForBackground(connection: object): boolean;
}

const routes = new WeakMap<Sequelize, ConnectionRoutes>();

/**
 * Lends `sequelize`'s connections from the pools of `replica` (reads in `onReplica`) and `jobs` (in
 * `asBackgroundWork`) besides its own, and closes them with it (all three at once). Each connection
 * goes back to the pool it came from. When the replica cannot be reached (a new connection fails), the read goes to the
 * primary and `onFallback` hears why.
 */
export function routeConnections(
  sequelize: Sequelize,
  pools: {
    replica?: Sequelize | null;
    jobs?: Sequelize | null;
    onFallback?: ReplicaFallback;
    /**
     * The nice value of background work's backends when the database runs on this host (1-19);
     * 0 or unset: their priority is left alone (BACKGROUND_DB_NICE).
     */
    backgroundNice?: number;
  },
): ConnectionRoutes {
  const replica = pools.replica ?? null;
  const jobs = pools.jobs ?? null;
  const backgroundNice = pools.backgroundNice ?? 0;
  // Every connection of the jobs' pool serves background work only, for its whole life.
  if (jobs && backgroundNice > 0)
    jobs.addHook('afterConnect', (connection: unknown) => {
      lowerBackendPriority(connection as BackendClient, backgroundNice);
    });
  const manager = managerOf(sequelize);
  const own: ConnectionManager = {
    getConnection: manager.getConnection.bind(manager),
    releaseConnection: manager.releaseConnection.bind(manager),
    destroyConnection: manager.destroyConnection.bind(manager),
  };
  // Every connection lent and not back yet, with the pool it came from (`close` ends them at its deadline).
  const lent = new Map<object, ConnectionManager>();
  const lend = async (
    source: ConnectionManager,
    options: Parameters<ConnectionManager['getConnection']>[0],
  ) => {
    const connection = await source.getConnection(options);
    lent.set(connection, source);
    return connection;
  };
  manager.getConnection = async (options) => {
    const route = storage.getStore() ?? DEFAULT_ROUTE;
    if (replica && route.replica && options?.type === 'SELECT' && !options.useMaster) {
      try {
        return await lend(managerOf(replica), options);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        pools.onFallback?.(error);
      }
    }
    if (jobs && route.jobs) return lend(managerOf(jobs), options);
    return lend(own, options);
  };
  // A connection ended by `close` comes back to a pool that no longer counts it, which ignores it.
  const sourceOf = (connection: object) => {
    const source = lent.get(connection) ?? own;
    lent.delete(connection);
    return source;
  };
  // Connections of the calls' or the replica's pool lowered for one piece of background work.
  const lowered = new WeakSet<object>();
  manager.releaseConnection = (connection) => {
    const source = sourceOf(connection);
    if (!lowered.has(connection)) return source.releaseConnection(connection);
    lowered.delete(connection);
    // Never back to the pool at that priority: a new connection takes its place when needed.
    source.destroyConnection(connection).catch(() => undefined);
  };
  manager.destroyConnection = (connection) => sourceOf(connection).destroyConnection(connection);
  const close = sequelize.close.bind(sequelize);
  const closeAll = async () => {
    await Promise.all([close(), replica?.close(), jobs?.close()]);
  };
  sequelize.close = closeAll;
  const jobsManager = jobs ? managerOf(jobs) : null;
  const result: ConnectionRoutes = {
    replica,
    jobs,
    lowerForBackground(connection) {
      const source = lent.get(connection);
      if (!source || backgroundNice <= 0) return false;
      if (source === jobsManager || lowered.has(connection)) return true;
      if (!lowerBackendPriority(connection as BackendClient, backgroundNice)) return false;
      lowered.add(connection);
      return true;
    },
    async close(waitMs) {
      let settled = false;
      const closing = closeAll().finally(() => {
        settled = true;
      });
      if (await settlesWithin(closing, waitMs)) return closing.then(() => 0);
      // Past the deadline: end what is still lent (a job or a cut call mid-statement: it fails at
      // once, and the server rolls its transaction back), and what a waiting acquire gets meanwhile.
      let ended = 0;
      const giveUp = Date.now() + GIVE_UP_MS;
      do {
        const still = [...lent];
        lent.clear();
        ended += still.length;
        await Promise.all(
          still.map(([connection, source]) => source.destroyConnection(connection).catch(() => undefined)),
        );
      } while (!(await settlesWithin(closing, 100)) && Date.now() < giveUp);
      if (settled) await closing;
      return ended;
    },
    async replicaCaughtUp(timeoutMs = 2_000) {
      if (!replica) return true;
      const [primary] = await sequelize.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn', {
        type: QueryTypes.SELECT,
        useMaster: true,
      });
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await replica.query<{ caught_up: boolean | null }>(
          'SELECT pg_last_wal_replay_lsn() >= CAST(:lsn AS pg_lsn) AS caught_up',
          { type: QueryTypes.SELECT, replacements: { lsn: primary?.lsn ?? '0/0' } },
        );
        // Null: the server is no replica (a primary named as one in development): nothing to wait for.
        if (row?.caught_up !== false) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  routes.set(sequelize, result);
  return result;
}

/** The routes of `sequelize` (see `routeConnections`); none when it was not routed (tests, scripts). */
export function connectionRoutes(sequelize: Sequelize): ConnectionRoutes | null {
  return routes.get(sequelize) ?? null;
}

/**
 * Waits until the read replica has what the primary holds now (see `ConnectionRoutes`), for a
 * write whose caller next reads from the replica. Nothing to do without a replica.
 */
export async function awaitReplica(sequelize: Sequelize, timeoutMs?: number): Promise<boolean> {
  return (await connectionRoutes(sequelize)?.replicaCaughtUp(timeoutMs)) ?? true;
}

/**
 * Runs the backend serving `transaction`'s connection at background priority for the rest of that
 * connection's life (`ConnectionRoutes.lowerForBackground`): an export's cursor. Nothing happens
 * when `sequelize` is not routed, the database is elsewhere or the setting is off; answers whether
 * it runs low.
 */
export function lowerForBackground(sequelize: Sequelize, transaction: { connection?: object }): boolean {
  const connection = transaction.connection;
  return connection ? (connectionRoutes(sequelize)?.lowerForBackground(connection) ?? false) : false;
}

/** How long a deadline's `close` keeps ending connections lent meanwhile before it stops waiting. */
const GIVE_UP_MS = 5_000;

/** Whether `promise` settles (either way) within `ms`; leaves no timer behind. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes `sequelize`'s pools within `waitMs` (see `ConnectionRoutes.close`); a Sequelize instance
 * that was not routed closes its one pool, waiting as long as that takes. Answers how many
 * connections still lent it ended.
 */
export async function closeConnections(sequelize: Sequelize, waitMs: number): Promise<number> {
  const routes = connectionRoutes(sequelize);
  if (routes) return routes.close(waitMs);
  await sequelize.close();
  return 0;
}

/** A failure to reach the server (refused, reset, timed out connecting, shutting down). */
function isUnreachable(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  const code =
    (error as { original?: { code?: string }; parent?: { code?: string }; code?: string } | null)?.original
      ?.code ??
    (error as { parent?: { code?: string } }).parent?.code ??
    (error as { code?: string }).code ??
    '';
  return (
    /Connection(Refused|Error|Timed?Out|Acquire)/i.test(name) ||
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|57P03|57P01)$/.test(code)
  );
}
