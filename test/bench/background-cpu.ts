import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO } from '@px/api';
import { Client } from 'pg';
import { signIn } from './api-client';
import { BACKGROUND_EXPORT_ROWS, BACKGROUND_IMPORT_ROWS } from './background';
import { sampleComponentCpu } from './component-cpu';
import { BENCH_YEAR, generateClasses, runApi } from './export';
import { benchUnitImport } from './unit-import';

/**
 * Where the background scenario's CPU goes (issue 29), one piece of work at a time with no other
 * load: the class export, then the unit import, each through the real API over HTTP, with the
 * CPU-seconds of each component of the API and its PostgreSQL (`component-cpu.ts`). CPU-seconds
 * move little with the machine's load, so this can run on a busy machine; the latencies of the
 * scenario itself need a quiet one (`BENCH_ONLY=background npm run bench`).
 *
 *   npx tsx test/bench/background-cpu.ts
 *
 * BENCH_BACKGROUND_EXPORT_ROWS / BENCH_BACKGROUND_IMPORT_ROWS size the two (default 1,000,000 and
 * 10,000); extra environment (BACKGROUND_DB_NICE=0) goes to the API.
 */

const ROOT = path.resolve(__dirname, '..', '..');
/** BENCH_CPU_PROF=<dir>: the API writes V8 CPU profiles there (its main thread's and each worker's). */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;

async function main() {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []),
      path.join(__dirname, 'serve-api.ts'),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const { url, databaseUrl } = await new Promise<{ url: string; databaseUrl: string }>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+) DATABASE (\S+)\n/.exec(output);
      if (match?.[1] && match[2]) resolve({ url: match[1], databaseUrl: match[2] });
    });
    child.on('exit', (code) => reject(new Error(`serve-api.ts exited with ${code}`)));
  });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const pid = child.pid ?? 0;
    const admin = await signIn(url, DEMO.accounts.projectAdmin, 1);
    const projectId = await generateClasses(db, url, admin, BACKGROUND_EXPORT_ROWS);
    const exportCpu = await sampleComponentCpu(pid, db);
    const exported = await runApi(url, admin, undefined);
    const exportResult = await exportCpu.stop();
    process.stdout.write(
      `export of ${BACKGROUND_EXPORT_ROWS} rows: ${exported.seconds} s, ${exported.bytes} bytes\n${JSON.stringify(exportResult, null, 1)}\n`,
    );
    await db.query('DELETE FROM train_class WHERE project_id = $1 AND year = $2', [projectId, BENCH_YEAR]);
    const importCpu = await sampleComponentCpu(pid, db);
    const imported = await benchUnitImport(url, undefined, BACKGROUND_IMPORT_ROWS);
    const importResult = await importCpu.stop();
    process.stdout.write(
      `import of ${BACKGROUND_IMPORT_ROWS} rows: ${imported.seconds} s, ${imported.status} ${imported.okCount} ok\n${JSON.stringify(importResult, null, 1)}\n`,
    );
  } finally {
    await db.end();
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
