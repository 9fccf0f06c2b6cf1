import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ensureAppSignIn } from '../db/app-connection';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded';
import { migrateUp } from '../db/migrate';
import { createSequelize, withDatabaseName } from '../db/sequelize';
import { loadEnv } from '../env';
import { TEST_ENV, testAppUrl } from './database';

declare global {
  // Shared between the global setup and teardown, which jest runs in one process.
  var __pxTestPostgres:
    | {
        embedded: EmbeddedPostgres | null;
        adminUrl: string;
        template: string;
        runId: string;
        tmpDir: string | null;
      }
    | undefined;
}

/**
 * Jest global setup: starts one throwaway PostgreSQL for the whole run (embedded, or the server
 * of DATABASE_URL when set) and builds a migrated template database that each test file copies.
 */
export default async function globalSetup(): Promise<void> {
  let embedded: EmbeddedPostgres | null = null;
  let tmpDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: path.join(tmpDir, 'data'), persistent: false });
    adminUrl = embedded.adminUrl;
  }
  const runId = `${process.pid}_${Date.now()}`;
  const template = `px_tpl_${runId}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();

  const templateUrl = withDatabaseName(adminUrl, template);
  const sequelize = createSequelize(templateUrl, { owner: true });
  try {
    await migrateUp(sequelize);
    // The API under test connects as the application's role, bound by the tenant policies.
    await ensureAppSignIn(sequelize, testAppUrl(templateUrl), loadEnv().DATABASE_APP_PASSWORD);
  } finally {
    await sequelize.close();
  }
  process.env[TEST_ENV.adminUrl] = adminUrl;
  process.env[TEST_ENV.templateDatabase] = template;
  process.env[TEST_ENV.runId] = runId;
  globalThis.__pxTestPostgres = { embedded, adminUrl, template, runId, tmpDir };
}
