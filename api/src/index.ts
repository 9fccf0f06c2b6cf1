/** What other packages (the browser tests, the benchmarks) use of the API: booting it whole. */
export { createApp } from './app';
export { createLogger } from './core/logger';
export { DEMO } from './db/seed';
export { type Env, loadEnv } from './env';
export { type RunningServer, startServer } from './server';
