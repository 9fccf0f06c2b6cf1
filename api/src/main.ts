import { createLogger } from './core/logger';
import { onUnhandledRejection } from './core/unhandled-rejection';
import { loadEnv } from './env';
import { startServer } from './server';

/** `npm start`: boots the product and prints where to find it. */
async function main(): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  process.on('unhandledRejection', onUnhandledRejection(logger));
  // Stop signals are handled below: drain, then close (which stops an embedded PostgreSQL last).
  const server = await startServer(env, logger, { handlesStopSignals: true });
  const base = env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${server.port}`;
  // The embedded server listens on loopback only with a fixed local password, so its URL is no secret.
  const database = server.database.embedded
    ? `${server.database.url} (embedded, data in ${env.DATA_DIR}/postgres)`
    : 'DATABASE_URL';
  process.stdout.write(
    [
      '',
      'Training platform is running:',
      `  Student H5     ${base}/`,
      `  Back office    ${base}/admin/`,
      `  API            ${base}/api/project/system-info.action`,
      `  Database       ${database}`,
      ...(server.wechatSimulatorUrl ? [`  WeChat (sim)   ${server.wechatSimulatorUrl}/`] : []),
      ...(server.einvoiceSimulatorUrl ? [`  发票平台 (sim) ${server.einvoiceSimulatorUrl}/`] : []),
      ...(server.regulatorSimulatorUrl ? [`  监管平台 (sim) ${server.regulatorSimulatorUrl}/`] : []),
      ...(server.identitySimulatorUrl ? [`  实名核验 (sim) ${server.identitySimulatorUrl}/`] : []),
      ...(server.s3SimulatorUrl ? [`  对象存储 (sim) ${server.s3SimulatorUrl}/`] : []),
      ...(server.vodSimulatorUrl ? [`  云点播 (sim)   ${server.vodSimulatorUrl}/`] : []),
      ...(server.partnerDemoUrl ? [`  合作平台 (demo) ${server.partnerDemoUrl}/`] : []),
      `  Health         ${base}/healthz  ${base}/readyz`,
      ...(server.metricsUrl ? [`  Metrics        ${server.metricsUrl}`] : []),
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal: the operator does not want to wait for calls and jobs to finish.
      logger.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stopping = true;
    logger.info(
      { signal, drainSeconds: env.DRAIN_SECONDS, graceSeconds: env.SHUTDOWN_GRACE_SECONDS },
      'shutting down',
    );
    try {
      await server.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
