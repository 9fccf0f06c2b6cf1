import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createDemoPartnerSite, type DemoPartnerSite } from '@px/partner/demo';
import { createRegulatorSimulator, type RegulatorSimulator } from '@px/regulator/sim';
import { BRIDGE_SCRIPT_PATH, createWechatSimulator, type WechatSimulator } from '@px/wechat/sim';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import { createApp } from './app';
import { type ChangeFeed, startChangeFeed } from './core/change-feed';
import { createHealth } from './core/health';
import { type MetricsServer, startMetricsServer } from './core/metrics';
import { appDatabaseUrl, ensureAppSignIn } from './db/app-connection';
import { closeConnections, routeConnections } from './db/connection-routes';
import { type DatabaseLocation, locateDatabase } from './db/database';
import { headMigration, migrateUp } from './db/migrate';
import { initModels } from './db/models';
import { DEMO_RESIDENTS, seedDemoData } from './db/seed';
import { createSequelize, withApplicationName } from './db/sequelize';
import { onTenantBypass, withBypass } from './db/tenant-access';
import { type Env, REPO_ROOT } from './env';
import { h5FirstData } from './h5-first-data';
import { allJobs } from './jobs';
import { createJobRunner, type JobRunner } from './jobs/queue';
import { createIdentitySimulator, type IdentitySimulator } from './modules/identity/identity-sim';
import { createEinvoiceSimulator, type EinvoiceSimulator } from './modules/invoice/einvoice/einvoice-sim';
import { seedDemoInvoice } from './modules/invoice/invoice.demo';
import { seedDemoPartner } from './modules/partner/partner.demo';
import { DEMO_REGULATOR_REGISTER } from './modules/regulator/regulator.demo';
import { createSessionAuthenticator } from './modules/session/session-cache';
import { useS3Simulator } from './modules/storage/file-storage';
import { type S3Simulator, startS3Simulator } from './modules/storage/s3-simulator';
import { seedDemoVod } from './modules/vod/vod.demo';
import { createVodSimulator, type VodSimulator } from './modules/vod/vod-sim';
import { seedDemoWechat } from './modules/wechat/demo-wechat';
import { createProviders } from './providers';

export interface RunningServer {
  /** Base URL on loopback, e.g. http://127.0.0.1:8080 */
  url: string;
  /** The WeChat simulator's base URL in simulator mode, else null. */
  wechatSimulatorUrl: string | null;
  /** The electronic-invoice simulator's base URL in simulator mode, else null. */
  einvoiceSimulatorUrl: string | null;
  /** `GET /metrics` on its own port (METRICS_PORT), else null. */
  metricsUrl: string | null;
  /** The regulator simulator's base URL in simulator mode, else null. */
  regulatorSimulatorUrl: string | null;
  /** The identity-verification simulator's base URL in simulator mode, else null. */
  identitySimulatorUrl: string | null;
  /** The cloud VOD simulator's base URL in simulator mode, else null. */
  vodSimulatorUrl: string | null;
  /** The demo partner site (with the demo data), else null. */
  partnerDemoUrl: string | null;
  /** The S3 simulator's base URL (STORAGE_PROVIDER=s3-simulator), else null. */
  s3SimulatorUrl: string | null;
  port: number;
  database: DatabaseLocation;
  sequelize: Sequelize;
  /**
   * Stops gracefully: first drains (`/readyz` answers 503 while every call is still served, for
   * `drainMs`, default DRAIN_SECONDS), then takes no new connections, lets calls in flight and running jobs finish (at
   * most `graceMs`, default SHUTDOWN_GRACE_SECONDS, then cuts what is left), then closes the pools
   * (ending at that deadline the connections still lent: a job still running fails, its transaction
   * rolled back) and stops an embedded PostgreSQL. Bounded: about `drainMs + graceMs` in all.
   */
  close(graceMs?: number, drainMs?: number): Promise<void>;
}

/**
 * The responses of a server not yet finished. Once the server stops listening, each is answered
 * with `Connection: close`, so keep-alive clients cannot hold the shutdown open.
 */
function trackResponses(server: http.Server): Set<http.ServerResponse> {
  const open = new Set<http.ServerResponse>();
  server.on('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!server.listening) response.shouldKeepAlive = false;
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return open;
}

/** Where `npm run build` leaves the two apps. */
export const APP_DIST = {
  h5: path.join(REPO_ROOT, 'h5', 'dist'),
  admin: path.join(REPO_ROOT, 'admin', 'dist'),
};

/**
 * Boots the whole product: database (embedded or DATABASE_URL) -> migrations -> demo seed when
 * empty -> HTTP server with the API and the built apps. Used by `npm start`, the browser tests
 * and the benchmarks. Throws when any step fails, after undoing the steps already done.
 */
export async function startServer(
  env: Env,
  logger: Logger,
  options: {
    /**
     * The caller stops the server on SIGTERM/SIGINT (main.ts: drain, then `close()`), so an
     * embedded PostgreSQL must not stop by itself on those signals. Otherwise it does.
     */
    handlesStopSignals?: boolean;
  } = {},
): Promise<RunningServer> {
  const database = await locateDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    logger,
    ownSignals: options.handlesStopSignals ?? false,
  });
  const logSql = (sql: string) => logger.trace({ sql }, 'sql');
  // Migrations run as the database's owner; the product connects as a role the tenant policies bind.
  const owner = createSequelize(database.url, { owner: true, logSql });
  const appUrl = appDatabaseUrl(database.url, {
    appUrl: env.DATABASE_APP_URL,
    password: env.DATABASE_APP_PASSWORD,
  });
  const transactionPooler = env.DATABASE_POOLER === 'transaction';
  let replicaWarned = 0;
  const sequelize = createSequelize(appUrl, { logSql, transactionPooler, poolMax: env.DATABASE_POOL_MAX });
  // Background jobs take their connections from a small pool of their own, and reads that may lag
  // (exports, reports, the dashboard) from the read replica when there is one (db/connection-routes).
  routeConnections(sequelize, {
    jobs: createSequelize(withApplicationName(appUrl, 'px_jobs'), {
      logSql,
      transactionPooler,
      poolMax: env.JOB_DB_POOL_MAX,
    }),
    backgroundNice: env.BACKGROUND_DB_NICE,
    replica: env.DATABASE_READ_URL
      ? createSequelize(env.DATABASE_READ_URL, {
          logSql,
          transactionPooler,
          poolMax: env.DATABASE_READ_POOL_MAX,
        })
      : null,
    onFallback: (error) => {
      // Once per half minute while it lasts, not once per read.
      if (Date.now() - replicaWarned < 30_000) return;
      replicaWarned = Date.now();
      logger.warn({ err: error }, 'read replica unreachable: reading from the primary');
    },
  });
  let ownerOpen = true;
  const closeOwner = async () => {
    if (ownerOpen) await owner.close();
    ownerOpen = false;
  };
  let simulator: WechatSimulator | undefined;
  let einvoiceSim: EinvoiceSimulator | undefined;
  let regulatorSim: RegulatorSimulator | undefined;
  let identitySim: IdentitySimulator | undefined;
  let vodSim: VodSimulator | undefined;
  let partnerDemo: DemoPartnerSite | undefined;
  let s3Sim: S3Simulator | undefined;
  let jobs: JobRunner | undefined;
  let changeFeed: ChangeFeed | undefined;
  let metricsServer: MetricsServer | undefined;
  /** Undoes every step done, in reverse; the pools wait at most `poolWaitMs` for connections lent. */
  const undo = async (poolWaitMs = 5_000) => {
    await metricsServer?.close();
    await jobs?.stop();
    await changeFeed?.close();
    await simulator?.close();
    await einvoiceSim?.close();
    await regulatorSim?.close();
    await identitySim?.close();
    await vodSim?.close();
    await partnerDemo?.close();
    if (s3Sim) useS3Simulator(undefined);
    await s3Sim?.close();
    // Never past the deadline: what still holds a connection then (a job cut by pg-boss's stop,
    // a call cut mid-statement) has it ended, and an embedded PostgreSQL still stops cleanly.
    const ended = await closeConnections(sequelize, poolWaitMs).catch((error: unknown) => {
      logger.error({ err: error }, 'closing the database pools failed');
      return 0;
    });
    if (ended) logger.warn({ connections: ended }, 'shutdown: ended database connections still in use');
    await closeOwner();
    await database.embedded?.stop();
  };
  try {
    const applied = await migrateUp(owner);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    await ensureAppSignIn(owner, appUrl, env.DATABASE_APP_PASSWORD);
    await closeOwner();
    initModels(sequelize);
    if (env.STORAGE_PROVIDER === 's3-simulator') {
      // Objects are kept across restarts, like the local disk's files (tests start from nothing).
      s3Sim = await startS3Simulator({
        port: env.S3_SIM_PORT,
        ...(env.NODE_ENV === 'test' ? {} : { directory: path.join(env.DATA_DIR, 's3') }),
      });
      // The demo seeds and the providers make their storage from the environment: this one.
      useS3Simulator(s3Sim.options);
    }
    onTenantBypass((reason) => logger.debug({ reason }, 'tenant bypass'));
    if (env.SEED_DEMO && (await withBypass('demo seed', () => seedDemoData(sequelize))))
      logger.info('demo data created');
    if (env.WECHAT_MODE === 'simulator') {
      simulator = createWechatSimulator();
      await simulator.listen(env.WECHAT_SIM_PORT);
      const wechatSim = simulator;
      if (env.SEED_DEMO && (await withBypass('demo seed', () => seedDemoWechat(sequelize, wechatSim))))
        logger.info('demo WeChat app created');
    }
    if (env.EINVOICE_MODE === 'simulator') {
      einvoiceSim = createEinvoiceSimulator({
        delayMs: env.EINVOICE_SIM_DELAY_MS,
        // Kept across restarts like a real platform's records (tests start from nothing).
        stateFile: env.NODE_ENV === 'test' ? undefined : path.join(env.DATA_DIR, 'einvoice-sim.json'),
      });
      await einvoiceSim.listen(env.EINVOICE_SIM_PORT);
      const invoiceSim = einvoiceSim;
      if (env.SEED_DEMO && (await withBypass('demo seed', () => seedDemoInvoice(sequelize, invoiceSim))))
        logger.info('demo invoice issued');
    }
    if (env.REGULATOR_MODE === 'simulator') {
      // The simulated regulator keeps what it receives in a schema of its own on the same server
      // (docs/regulator.md), reached as the database's owner, which may create it.
      regulatorSim = createRegulatorSimulator({
        databaseUrl: database.url,
        ratePerSecond: env.REGULATOR_SIM_RATE_PER_SECOND,
        // The demo's register: one demo student's record is refused until staff correct the name.
        ...(env.SEED_DEMO ? { people: DEMO_REGULATOR_REGISTER } : {}),
      });
      await regulatorSim.listen(env.REGULATOR_SIM_PORT);
    }
    if (env.IDENTITY_MODE === 'simulator') {
      // The simulated 证件库 knows the demo's people (and those added on its page, kept across restarts).
      identitySim = createIdentitySimulator({
        stateFile: env.NODE_ENV === 'test' ? undefined : path.join(env.DATA_DIR, 'identity-sim.json'),
      });
      identitySim.addResidents(DEMO_RESIDENTS);
      await identitySim.listen(env.IDENTITY_SIM_PORT);
    }
    if (env.VOD_MODE === 'simulator') {
      // Uploaded videos are kept under the data folder (tests: a temporary folder of their own).
      vodSim = createVodSimulator(env.NODE_ENV === 'test' ? {} : { dir: path.join(env.DATA_DIR, 'vod-sim') });
      await vodSim.listen(env.VOD_SIM_PORT);
    }

    const providers = createProviders(env, {
      ...(s3Sim ? { s3Simulator: s3Sim.options } : {}),
      wechatSimulator: simulator && {
        endpoints: simulator.endpoints(),
        bridgeScript: `${simulator.url()}${BRIDGE_SCRIPT_PATH}`,
      },
      einvoiceSimulator: einvoiceSim && {
        url: einvoiceSim.url(),
        appKey: einvoiceSim.appKey,
        appSecret: einvoiceSim.appSecret,
      },
      ...(regulatorSim ? { regulatorSimulatorUrl: regulatorSim.url() } : {}),
      ...(identitySim
        ? {
            identitySimulator: {
              url: identitySim.url(),
              secretId: identitySim.secretId,
              secretKey: identitySim.secretKey,
            },
          }
        : {}),
      ...(vodSim
        ? {
            vodSimulator: {
              url: vodSim.url(),
              appId: vodSim.appId,
              secretId: vodSim.secretId,
              secretKey: vodSim.secretKey,
              playKey: vodSim.playKey,
            },
          }
        : {}),
    });
    if (env.SEED_DEMO && vodSim && providers.vod) {
      // The demo's 云点播 lesson: its video kept by the simulated VOD service (docs/vod.md).
      const sim = vodSim;
      const deps = {
        storage: providers.storage,
        vod: providers.vod,
        holds: (fileId: string) => sim.files().some((file) => file.fileId === fileId),
      };
      try {
        if (await withBypass('demo seed', () => seedDemoVod(sequelize, deps)))
          logger.info('demo video uploaded to 云点播 (sim)');
      } catch (error) {
        // A demo convenience, not a reason to stop: the video stays where it is.
        logger.warn({ err: error }, 'could not hand the demo video to 云点播 (sim)');
      }
    }
    jobs = await createJobRunner({
      sequelize,
      log: logger,
      providers,
      definitions: allJobs,
      concurrency: env.JOB_CONCURRENCY,
    });
    // Sessions and request projects are cached in process; every instance drops them on a change.
    // LISTEN needs a session of its own: never through a transaction pooler.
    changeFeed = await startChangeFeed(env.DATABASE_DIRECT_URL ?? appUrl, logger);
    providers.metrics.watch({ sequelize, changeFeed, processMetrics: true });
    if (env.METRICS_PORT !== undefined)
      metricsServer = await startMetricsServer(
        providers.metrics,
        env.METRICS_PORT,
        env.METRICS_HOST ?? env.HOST,
      );
    const health = createHealth({
      sequelize,
      headMigration: headMigration(),
      changeFeed,
      // An instance that works no job (JOB_WORKERS=false) is ready without workers.
      ...(env.JOB_WORKERS ? { jobsWorking: () => jobs?.working() ?? false } : {}),
    });
    const app = createApp({
      health,
      sequelize,
      logger,
      providers,
      jobs: jobs.queue,
      authenticate: createSessionAuthenticator(sequelize, changeFeed),
      changeFeed,
      staticApps: env.SERVE_APPS
        ? [
            { prefix: '/admin', distDir: APP_DIST.admin },
            { prefix: '', distDir: APP_DIST.h5, firstData: h5FirstData },
          ]
        : [],
      limits: {
        jsonBytes: env.JSON_BODY_LIMIT_KB * 1024,
        formBytes: env.JSON_BODY_LIMIT_KB * 1024,
        fileBytes: env.UPLOAD_FILE_LIMIT_MB * 1024 * 1024,
        files: env.UPLOAD_FILES_PER_REQUEST,
      },
      trustProxy: env.TRUST_PROXY,
      trustedOrigins: simulator ? [simulator.url()] : [],
      mediaOrigins: vodSim ? [vodSim.url()] : [],
    });
    const server = http.createServer(app.callback());
    const inFlight = trackResponses(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, env.HOST, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    // Without PUBLIC_URL, people reach the product where it listens.
    providers.wechat.listeningAt(`http://localhost:${port}`);
    // The invoice platform calls back on loopback (the simulator runs beside the server).
    providers.einvoice.listeningAt(url);
    if (simulator) {
      // The simulated WeChat pushes the official accounts' events to this server (MP console: 服务器地址).
      for (const app of simulator.registry.apps.values())
        app.serverUrl = `${url}/api/wechat/push/${app.appId}`;
    }
    if (env.SEED_DEMO) {
      // The demo partner site: another company's portal embedding our study page (it calls us at
      // localhost, so its study page is on our public address, in a frame of another site).
      partnerDemo = createDemoPartnerSite();
      await partnerDemo.listen(env.PARTNER_DEMO_PORT);
      const site = partnerDemo.url();
      const credentials = await withBypass('demo seed', () =>
        seedDemoPartner(sequelize, {
          origins: [site, site.replace('127.0.0.1', 'localhost')],
          callbackUrl: `${site}/callback`,
        }),
      );
      if (credentials) partnerDemo.configure({ apiUrl: providers.wechat.publicUrl, ...credentials });
    }
    if (env.JOB_WORKERS) await jobs.work();
    return {
      url,
      wechatSimulatorUrl: simulator?.url() ?? null,
      einvoiceSimulatorUrl: einvoiceSim?.url() ?? null,
      metricsUrl: metricsServer?.url ?? null,
      regulatorSimulatorUrl: regulatorSim?.url() ?? null,
      identitySimulatorUrl: identitySim?.url() ?? null,
      vodSimulatorUrl: vodSim?.url() ?? null,
      partnerDemoUrl: partnerDemo?.url() ?? null,
      s3SimulatorUrl: s3Sim?.url() ?? null,
      port,
      database,
      sequelize,
      async close(graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000, drainMs = env.DRAIN_SECONDS * 1000) {
        health.draining = true;
        if (drainMs > 0) {
          logger.info({ drainMs }, 'draining: /readyz answers 503, calls are still served');
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        }
        const deadline = Date.now() + graceMs;
        // Calls and jobs share the one grace, side by side: from now on the workers take no new
        // job, and the running ones may finish until the deadline; those still running then are
        // failed in their queue for a retry (pg-boss waits at least 1 s, in half-second steps).
        const running = jobs;
        jobs = undefined;
        const jobsStopped = (running?.stop(graceMs) ?? Promise.resolve()).catch((error: unknown) =>
          logger.error({ err: error }, 'stopping the job workers failed'),
        );
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        // Answers still being worked on close their connection when sent, so none is kept alive.
        for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
        server.closeIdleConnections();
        let timer: NodeJS.Timeout | undefined;
        const cut = new Promise<'cut'>((resolve) => {
          timer = setTimeout(() => resolve('cut'), graceMs);
        });
        if ((await Promise.race([drained, cut])) === 'cut') {
          logger.warn({ requests: inFlight.size, graceMs }, 'shutdown: cutting calls still in flight');
          server.closeAllConnections();
          await drained;
        }
        clearTimeout(timer);
        await jobsStopped;
        // A job still running holds its connection until the pools' deadline ends it (its statement
        // fails, its transaction rolls back; its late end writes nothing: jobs/queue.ts).
        await undo(Math.max(0, deadline - Date.now()));
      },
    };
  } catch (error) {
    await undo();
    throw error;
  }
}
