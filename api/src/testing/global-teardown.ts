import fs from 'node:fs';
import { Client } from 'pg';
import { testDatabasePrefix } from './database';

/** Jest global teardown: drops what the run created and stops the embedded server. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__pxTestPostgres;
  if (!state) return;
  if (state.embedded) {
    await state.embedded.stop();
  } else {
    const admin = new Client({ connectionString: state.adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)',
      [state.template, testDatabasePrefix(state.runId)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
  }
  if (state.tmpDir) fs.rmSync(state.tmpDir, { recursive: true, force: true });
}
