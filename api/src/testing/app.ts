import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Sequelize } from 'sequelize';
import supertest from 'supertest';
import { type AppDeps, createApp } from '../app';
import type { Principal, Providers, Scope, TenantProject } from '../core/action';
import { type ChangeFeed, startChangeFeed } from '../core/change-feed';
import { createHealth, type Health } from '../core/health';
import { createLogger } from '../core/logger';
import type { Metrics } from '../core/metrics';
import { makeScope } from '../core/scope';
import { headMigration } from '../db/migrate';
import { initModels } from '../db/models';
import { createSequelize } from '../db/sequelize';
import { setTenantFallback } from '../db/tenant-access';
import { loadEnv } from '../env';
import { allJobs } from '../jobs';
import { createJobRunner, type JobRunner } from '../jobs/queue';
import { authenticateToken } from '../modules/session/session.service';
import { createSessionAuthenticator } from '../modules/session/session-cache';
import { createProviders } from '../providers';
import { createTestDatabase, type TestDatabase, testAppUrl } from './database';

export interface TestApp {
  /** supertest bound to the app's HTTP handler (a real request through Koa, on an ephemeral port). */
  http: ReturnType<typeof supertest>;
  sequelize: Sequelize;
  /** The app's database (another instance may share it: `sameDatabaseAs`). */
  databaseUrl: string;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The job queue: `jobs.drain()` runs the queued jobs now (no worker polls in tests). */
  jobs: JobRunner;
  /** The app's metrics (`registry.metrics()` is what `/metrics` serves). */
  metrics: Metrics;
  /** `/healthz` and `/readyz` of the app (ready once `jobs.work()` polls, as a server is). */
  health: Health;
  /** The change feed dropping the app's caches (`caches: true` only). */
  changeFeed: ChangeFeed | undefined;
  /** A scope for calling a service directly, as the router would build it for this project and caller. */
  scope: <P extends TenantProject | null = null, A extends Principal | null = null>(parts?: {
    project?: P;
    principal?: A;
  }) => Scope & { project: P; principal: A };
  /** Serves the app on a loopback port of its own (for callers other than supertest, e.g. the WeChat simulator). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app over a fresh migrated database of its own, authenticating real session tokens.
 * Tests may replace the actions or the authenticator to exercise the core, or trust
 * `X-Forwarded-For` (`trustProxy`) to call from several client addresses; everything else is as in
 * production.
 */
export async function createTestApp(
  overrides: Partial<
    Pick<AppDeps, 'actions' | 'authenticate' | 'staticApps' | 'limits' | 'uploadDir' | 'trustProxy'>
  > & {
    /** Providers to use instead of those the test environment builds (a test storage, a simulator's WeChat). */
    providers?: Partial<Providers>;
    /**
     * Cache sessions and request projects as a server does (`startServer`): a change feed of its
     * own, the cached authenticator and tenants.
     */
    caches?: boolean;
    /** A second instance on this app's database (left to that app to drop). */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const { providers: providerOverrides, caches, sameDatabaseAs, ...appOverrides } = overrides;
  const database: TestDatabase = sameDatabaseAs
    ? { url: sameDatabaseAs.databaseUrl, name: '', drop: async () => undefined }
    : await createTestDatabase();
  // The app connects as the application's role, bound by the tenant policies as in production.
  // Tests arrange and inspect rows through the same pool outside any call: for that code (never a
  // call through the router, which sets its own) the database opens every project.
  setTenantFallback({ kind: 'bypass', reason: 'test arrangement' });
  const sequelize = createSequelize(testAppUrl(database.url), { poolMax: 5 });
  initModels(sequelize);
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = createLogger('debug', sink);
  const providers: Providers = { ...createProviders(loadEnv()), ...providerOverrides };
  const jobs = await createJobRunner({ sequelize, log: logger, providers, definitions: allJobs });
  const changeFeed: ChangeFeed | undefined = caches
    ? await startChangeFeed(testAppUrl(database.url), logger)
    : undefined;
  providers.metrics.watch({ sequelize, changeFeed });
  const health = createHealth({
    sequelize,
    headMigration: headMigration(),
    changeFeed,
    jobsWorking: () => jobs.working(),
  });
  const app = createApp({
    health,
    sequelize,
    logger,
    providers,
    jobs: jobs.queue,
    authenticate: changeFeed
      ? createSessionAuthenticator(sequelize, changeFeed)
      : (token) => authenticateToken(sequelize, token),
    changeFeed,
    ...appOverrides,
  });
  let server: http.Server | undefined;
  return {
    http: supertest(app.callback()),
    sequelize,
    databaseUrl: database.url,
    logs,
    jobs,
    metrics: providers.metrics,
    health,
    changeFeed,
    scope: (parts) => makeScope({ sequelize, log: logger, providers, jobs: jobs.queue }, parts),
    async listen() {
      server ??= http.createServer(app.callback());
      if (!server.listening) await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      await jobs.stop();
      await changeFeed?.close();
      if (server?.listening) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server?.close(() => resolve()));
      }
      await sequelize.close();
      await database.drop();
    },
  };
}
