import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryTypes, type Sequelize } from 'sequelize';

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
   * Resolves once the replica has replayed everything the primary has written so far (at most
   * `timeoutMs`; answers whether it did). A write whose caller reads its result next from the
   * replica waits on it before answering, so that read sees the write. Without a replica: true.
   */
  replicaCaughtUp(timeoutMs?: number): Promise<boolean>;
}

const routes = new WeakMap<Sequelize, ConnectionRoutes>();

/**
 * Lends `sequelize`'s connections from the pools of `replica` (reads in `onReplica`) and `jobs` (in
 * `asBackgroundWork`) besides its own, and closes them with it. Each connection goes back to the pool
 * it came from. When the replica cannot be reached (a new connection fails), the read goes to the
 * primary and `onFallback` hears why.
 */
export function routeConnections(
  sequelize: Sequelize,
  pools: { replica?: Sequelize | null; jobs?: Sequelize | null; onFallback?: ReplicaFallback },
): ConnectionRoutes {
  const replica = pools.replica ?? null;
  const jobs = pools.jobs ?? null;
  const manager = managerOf(sequelize);
  const own = {
    get: manager.getConnection.bind(manager),
    release: manager.releaseConnection.bind(manager),
    destroy: manager.destroyConnection.bind(manager),
  };
  const lenders = new WeakMap<object, ConnectionManager>();
  const lend = async (lender: Sequelize, options: Parameters<ConnectionManager['getConnection']>[0]) => {
    const source = managerOf(lender);
    const connection = await source.getConnection(options);
    lenders.set(connection, source);
    return connection;
  };
  manager.getConnection = async (options) => {
    const route = storage.getStore() ?? DEFAULT_ROUTE;
    if (replica && route.replica && options?.type === 'SELECT' && !options.useMaster) {
      try {
        return await lend(replica, options);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        pools.onFallback?.(error);
      }
    }
    if (jobs && route.jobs) return lend(jobs, options);
    return own.get(options);
  };
  manager.releaseConnection = (connection) => {
    const lender = lenders.get(connection);
    if (lender) lender.releaseConnection(connection);
    else own.release(connection);
  };
  manager.destroyConnection = (connection) => {
    const lender = lenders.get(connection);
    return lender ? lender.destroyConnection(connection) : own.destroy(connection);
  };
  const close = sequelize.close.bind(sequelize);
  sequelize.close = async () => {
    await close();
    await replica?.close();
    await jobs?.close();
  };
  const result: ConnectionRoutes = {
    replica,
    jobs,
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
