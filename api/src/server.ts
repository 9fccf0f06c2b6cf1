import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BRIDGE_SCRIPT_PATH, createWechatSimulator, type WechatSimulator } from '@px/wechat/sim';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import { createApp } from './app';
import { type DatabaseLocation, locateDatabase } from './db/database';
import { migrateUp } from './db/migrate';
import { initModels } from './db/models';
import { seedDemoData } from './db/seed';
import { createSequelize } from './db/sequelize';
import { type Env, REPO_ROOT } from './env';
import { allJobs } from './jobs';
import { createJobRunner, type JobRunner } from './jobs/queue';
import { createEinvoiceSimulator, type EinvoiceSimulator } from './modules/invoice/einvoice/einvoice-sim';
import { seedDemoInvoice } from './modules/invoice/invoice.demo';
import { authenticateToken } from './modules/session/session.service';
import { seedDemoWechat } from './modules/wechat/demo-wechat';
import { createProviders } from './providers';

export interface RunningServer {
  /** Base URL on loopback, e.g. http://127.0.0.1:8080 */
  url: string;
  /** The WeChat simulator's base URL in simulator mode, else null. */
  wechatSimulatorUrl: string | null;
  /** The electronic-invoice simulator's base URL in simulator mode, else null. */
  einvoiceSimulatorUrl: string | null;
  port: number;
  database: DatabaseLocation;
  sequelize: Sequelize;
  /** Stops accepting requests, closes the pool and stops an embedded PostgreSQL. */
  close(): Promise<void>;
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
export async function startServer(env: Env, logger: Logger): Promise<RunningServer> {
  const database = await locateDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_PG_PORT,
    logger,
  });
  const sequelize = createSequelize(database.url, { logSql: (sql) => logger.trace({ sql }, 'sql') });
  let simulator: WechatSimulator | undefined;
  let einvoiceSim: EinvoiceSimulator | undefined;
  let jobs: JobRunner | undefined;
  const undo = async () => {
    await jobs?.stop();
    await simulator?.close();
    await einvoiceSim?.close();
    await sequelize.close();
    await database.embedded?.stop();
  };
  try {
    initModels(sequelize);
    const applied = await migrateUp(sequelize);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    if (env.SEED_DEMO && (await seedDemoData(sequelize))) logger.info('demo data created');
    if (env.WECHAT_MODE === 'simulator') {
      simulator = createWechatSimulator();
      await simulator.listen(env.WECHAT_SIM_PORT);
      if (env.SEED_DEMO && (await seedDemoWechat(sequelize, simulator)))
        logger.info('demo WeChat app created');
    }
    if (env.EINVOICE_MODE === 'simulator') {
      einvoiceSim = createEinvoiceSimulator({
        delayMs: env.EINVOICE_SIM_DELAY_MS,
        // Kept across restarts like a real platform's records (tests start from nothing).
        stateFile: env.NODE_ENV === 'test' ? undefined : path.join(env.DATA_DIR, 'einvoice-sim.json'),
      });
      await einvoiceSim.listen(env.EINVOICE_SIM_PORT);
      if (env.SEED_DEMO && (await seedDemoInvoice(sequelize, einvoiceSim)))
        logger.info('demo invoice issued');
    }

    const providers = createProviders(env, {
      wechatSimulator: simulator && {
        endpoints: simulator.endpoints(),
        bridgeScript: `${simulator.url()}${BRIDGE_SCRIPT_PATH}`,
      },
      einvoiceSimulator: einvoiceSim && {
        url: einvoiceSim.url(),
        appKey: einvoiceSim.appKey,
        appSecret: einvoiceSim.appSecret,
      },
    });
    jobs = await createJobRunner({ sequelize, log: logger, providers, definitions: allJobs });
    const app = createApp({
      sequelize,
      logger,
      providers,
      jobs: jobs.queue,
      authenticate: (token) => authenticateToken(sequelize, token),
      staticApps: env.SERVE_APPS
        ? [
            { prefix: '/admin', distDir: APP_DIST.admin },
            { prefix: '', distDir: APP_DIST.h5 },
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
    });
    const server = http.createServer(app.callback());
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
    await jobs.work();
    return {
      url,
      wechatSimulatorUrl: simulator?.url() ?? null,
      einvoiceSimulatorUrl: einvoiceSim?.url() ?? null,
      port,
      database,
      sequelize,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await undo();
      },
    };
  } catch (error) {
    await undo();
    throw error;
  }
}
