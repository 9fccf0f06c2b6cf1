import type { Context, Middleware } from 'koa';
import { QueryTypes, type Sequelize } from 'sequelize';
import { withoutTenant } from '../db/tenant-access';
import type { ChangeFeed } from './change-feed';

/** How long one database check answers readiness (a load balancer polling every second costs one query a second). */
const DATABASE_CHECK_TTL_MS = 1000;
/** A database that does not answer within this is reported unreachable (the pool may be saturated). */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export interface HealthDeps {
  sequelize: Sequelize;
  /** The newest migration this build knows: the instance is ready once the database has applied it. */
  headMigration: string;
  /** The change feed, when the instance caches through it: ready only while it listens. */
  changeFeed?: ChangeFeed;
  /** Whether the job workers poll (pg-boss); absent: this instance runs no workers and none is required. */
  jobsWorking?: () => boolean;
}

export type CheckResult = 'ok' | string;

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: { database: CheckResult; migrations: CheckResult; jobs: CheckResult; changeFeed: CheckResult };
}

export interface Health {
  /** Set on SIGTERM: readiness answers 503 from then on while calls are still served (the drain). */
  draining: boolean;
  readiness(): Promise<Readiness>;
  /** `GET /healthz` and `GET /readyz`, answered before any other middleware (no access-log line). */
  routes(): Middleware;
}

/**
 * Liveness and readiness of one API instance. `/healthz`: the process answers (never touches the
 * database, so a database outage never gets instances restarted). `/readyz`: 200 when the database
 * answers, its migrations are at this build's head, the job workers poll and the change feed
 * listens; 503 with the failing checks otherwise, and 503 from SIGTERM on (`draining`) so a load
 * balancer stops sending before the instance stops listening.
 */
export function createHealth(deps: HealthDeps): Health {
  let cached: { at: number; result: Pick<Readiness['checks'], 'database' | 'migrations'> } | null = null;
  let running: Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> | null = null;

  const checkDatabase = async (): Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer within 2 s')), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      const rows = await Promise.race([
        withoutTenant(() =>
          deps.sequelize.query<{ applied: boolean }>(
            'SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = :head) AS applied',
            { replacements: { head: deps.headMigration }, type: QueryTypes.SELECT },
          ),
        ),
        timeout,
      ]);
      return {
        database: 'ok',
        migrations: rows[0]?.applied ? 'ok' : `behind: ${deps.headMigration} not applied`,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { database: `unreachable: ${message}`, migrations: 'unknown' };
    } finally {
      clearTimeout(timer);
    }
  };

  const database = () => {
    if (cached && Date.now() - cached.at < DATABASE_CHECK_TTL_MS) return Promise.resolve(cached.result);
    running ??= checkDatabase().then((result) => {
      cached = { at: Date.now(), result };
      running = null;
      return result;
    });
    return running;
  };

  const health: Health = {
    draining: false,
    async readiness() {
      const checks = {
        ...(await database()),
        jobs: !deps.jobsWorking || deps.jobsWorking() ? 'ok' : 'stopped',
        changeFeed: !deps.changeFeed || deps.changeFeed.live ? 'ok' : 'disconnected',
      };
      const draining = health.draining;
      return { ready: !draining && Object.values(checks).every((check) => check === 'ok'), draining, checks };
    },
    routes() {
      const ready = async (ctx: Context) => {
        const readiness = await health.readiness();
        ctx.set('Cache-Control', 'no-store');
        ctx.status = readiness.ready ? 200 : 503;
        ctx.body = readiness;
      };
      // Not async itself: every other request passes through it, and an async function costs each
      // one a promise of its own.
      return (ctx, next) => {
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
        if (ctx.path === '/healthz') {
          ctx.set('Cache-Control', 'no-store');
          ctx.body = { status: 'ok', draining: health.draining };
          return Promise.resolve();
        }
        return ctx.path === '/readyz' ? ready(ctx) : next();
      };
    },
  };
  return health;
}
