import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEMO } from '@px/api';
import { Client } from 'pg';
import { post, signIn } from './api-client';
import { sampleRss } from './process-cpu';

/** Classes generated for the export bench (issue 16: 1,000,000). BENCH_EXPORT_ROWS overrides it for a quick run. */
export const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
/** Issue 16: peak RSS under 150 MB, at most 1.5x the bare stream's time. */
export const EXPORT_TARGETS = { rssMb: 150, timeVsBare: 1.5 };
/** The year of the generated classes: no demo class has it, so the year filter selects exactly them. */
export const BENCH_YEAR = 2000;
const ROOT = path.resolve(__dirname, '..', '..');

/** One side of the comparison: the time to the file's last byte and the peak memory meanwhile. */
export interface ExportRun {
  seconds: number;
  bytes: number;
  /** Highest resident memory of the process tree's Node processes (sampled every 100 ms). */
  peakRssMb: number | null;
  rssBeforeMb: number | null;
}

export interface ExportBench {
  rows: number;
  api: ExportRun;
  bare: ExportRun;
  timeVsBare: number;
  /** What the export added to the API's memory: its peak minus its resident memory before. */
  apiRssGrowthMb: number | null;
}

/**
 * Generates EXPORT_ROWS classes of the demo project in the bench's throwaway database with one
 * `generate_series` insert (year BENCH_YEAR, the first demo class's plan and category, distinct
 * names, sorts and creation times). Answers the project id.
 */
export async function generateClasses(
  db: Client,
  url: string,
  token: string,
  count = EXPORT_ROWS,
): Promise<number> {
  const page = await post<{ list: { id: number }[] }>(`${url}/api/class/page.action`, { pageSize: 1 }, token);
  const classId = page.list[0]?.id;
  if (!classId) throw new Error('the demo project has no class');
  const { rows } = await db.query<{ project_id: number; plan_id: number; category_id: number }>(
    'SELECT project_id, plan_id, category_id FROM train_class WHERE id = $1',
    [classId],
  );
  const model = rows[0];
  if (!model) throw new Error('the demo class is missing');
  await db.query('DELETE FROM train_class WHERE project_id = $1 AND year = $2', [
    model.project_id,
    BENCH_YEAR,
  ]);
  await db.query(
    `INSERT INTO train_class (project_id, plan_id, category_id, name, year, amount_fen, enrol_start_date,
            enrol_end_date, study_start_date, study_end_date, elective_hours_tenths, study_in_order,
            exam_required, exam_pass_score, on_shelf, sort, created_at, updated_at)
     SELECT $1, $2, $3, '基准导出班级' || lpad(i::text, 7, '0'), $4, (i % 100000) * 10,
            DATE '2000-01-01', DATE '2000-12-31', DATE '2000-02-01', DATE '2001-06-30', (i % 50) * 5,
            false, false, 60, i % 3 = 0, i % 10, now() - i * interval '1 second', now()
       FROM generate_series(1, $5::int) AS i`,
    [model.project_id, model.plan_id, model.category_id, BENCH_YEAR, count],
  );
  await settleAfterBulkWrite(db, 'train_class');
  return model.project_id;
}

/**
 * After a bulk insert, does at once what PostgreSQL would otherwise do in the background during the
 * measured phases: vacuums and analyzes the table (autovacuum runs after so many inserted rows, and
 * the first scan of new rows writes their hint bits) and makes a checkpoint (flushing what the
 * insert dirtied). A CHECKPOINT the connecting role may not make (a managed server) is left to the
 * server.
 */
async function settleAfterBulkWrite(db: Client, table: string): Promise<void> {
  await db.query(`VACUUM (ANALYZE) ${table}`);
  try {
    await db.query('CHECKPOINT');
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
  }
}

/** The bare stream in a child process of its own, its memory sampled meanwhile. */
function runBare(databaseUrl: string, projectId: number): Promise<ExportRun> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'export-baseline.ts'), databaseUrl, String(projectId), String(BENCH_YEAR)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const sampler = sampleRss(child.pid);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const memory = sampler.stop();
      if (code !== 0) return reject(new Error(`export-baseline.ts exited with ${code}`));
      const result = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
        bytes: number;
        seconds: number;
      };
      resolve({ seconds: Number(result.seconds.toFixed(1)), bytes: result.bytes, ...memory });
    });
  });
}

/** The real `class/export` over HTTP as the demo project admin, its body read and counted, not kept. */
export async function runApi(url: string, token: string, apiPid: number | undefined): Promise<ExportRun> {
  const sampler = sampleRss(apiPid);
  const started = Date.now();
  let bytes = 0;
  let memory: ReturnType<ReturnType<typeof sampleRss>['stop']>;
  try {
    const res = await fetch(`${url}/api/class/export.action`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', token },
      body: JSON.stringify({ year: BENCH_YEAR }),
    });
    if (res.status !== 200 || !res.body) throw new Error(`class/export answered ${res.status}`);
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  } finally {
    memory = sampler.stop();
  }
  return { seconds: Number(((Date.now() - started) / 1000).toFixed(1)), bytes, ...memory };
}

/**
 * Issue 16's export bench: generates EXPORT_ROWS classes, then exports them (a) through the real
 * API over HTTP (`class/export`, signed in as the demo project admin: cursor, per-batch lookups,
 * ExcelJS, Koa) and (b) with the bare pg-cursor -> ExcelJS stream in a child process, and compares
 * their times and peak memory. The generated classes are deleted afterwards.
 */
export async function benchExport(
  url: string,
  apiPid: number | undefined,
  databaseUrl: string,
): Promise<ExportBench> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const token = await signIn(url, DEMO.accounts.projectAdmin, 1);
    const projectId = await generateClasses(db, url, token);
    const bare = await runBare(databaseUrl, projectId);
    const api = await runApi(url, token, apiPid);
    await db.query('DELETE FROM train_class WHERE project_id = $1 AND year = $2', [projectId, BENCH_YEAR]);
    return {
      rows: EXPORT_ROWS,
      api,
      bare,
      timeVsBare: Number((api.seconds / Math.max(bare.seconds, 0.1)).toFixed(2)),
      apiRssGrowthMb:
        api.peakRssMb === null || api.rssBeforeMb === null ? null : api.peakRssMb - api.rssBeforeMb,
    };
  } finally {
    await db.end();
  }
}

/** The export bench's result against issue 16's targets, in words. */
export function exportTargetLine(bench: ExportBench): string {
  const timeMet = bench.timeVsBare <= EXPORT_TARGETS.timeVsBare;
  const growth = bench.apiRssGrowthMb;
  const rssMet = growth !== null && growth < EXPORT_TARGETS.rssMb;
  return (
    `class export: ${bench.rows} rows in ${bench.api.seconds} s through the API vs ${bench.bare.seconds} s bare ` +
    `pg-cursor -> ExcelJS = ${bench.timeVsBare}x (target <= ${EXPORT_TARGETS.timeVsBare}x: ${timeMet ? 'met' : 'NOT MET'}); ` +
    `API RSS ${bench.api.rssBeforeMb} MB before, peak ${bench.api.peakRssMb} MB (+${growth} MB; target < ${EXPORT_TARGETS.rssMb} MB: ` +
    `${rssMet ? 'met' : 'NOT MET'}); bare process peak ${bench.bare.peakRssMb} MB; ` +
    `files ${bench.api.bytes} / ${bench.bare.bytes} bytes`
  );
}
