import type { IncomingMessage } from 'node:http';
import Koa from 'koa';
import { Pool } from 'pg';

/**
 * The second baseline: bare Koa plus one raw `pg` upsert of a progress row per request, on the
 * API's own database (its URL is the first argument). The bench's table is shaped like
 * `lesson_progress` (migration 0014, without its foreign keys); each request upserts the row named
 * in its body, adding the position's advance (at most 20 s) to the credited seconds. The pool is as
 * large as the API's (10). Prints its URL on stdout.
 */
const TABLE = 'bench_lesson_progress';
const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: serve-upsert.ts <database url>');
const pool = new Pool({ connectionString: databaseUrl, max: 10 });

const UPSERT = `
  INSERT INTO ${TABLE} (project_id, account_id, my_class_id, course_id, resource_id, course_name,
    lesson_name, duration_seconds, hours_tenths, credited_seconds, furthest_position, last_position)
  VALUES (1, $1, $1, 1, 1, 'bench', 'bench', 3600, 10, 0, $2, $2)
  ON CONFLICT (my_class_id, course_id, resource_id) DO UPDATE SET
    credited_seconds = ${TABLE}.credited_seconds
      + LEAST(GREATEST(EXCLUDED.last_position - ${TABLE}.last_position, 0), 20),
    furthest_position = GREATEST(${TABLE}.furthest_position, EXCLUDED.last_position),
    last_position = EXCLUDED.last_position,
    updated_at = CURRENT_TIMESTAMP
  RETURNING credited_seconds`;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function isBeat(value: unknown): value is { row: number; position: number } {
  const beat = value as { row?: unknown; position?: unknown } | null;
  return typeof beat?.row === 'number' && typeof beat.position === 'number';
}

async function main(): Promise<void> {
  await pool.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await pool.query(`
    CREATE TABLE ${TABLE} (
      id SERIAL PRIMARY KEY,
      project_id INTEGER NOT NULL,
      account_id INTEGER NOT NULL,
      my_class_id INTEGER NOT NULL,
      course_id INTEGER NOT NULL,
      resource_id INTEGER NOT NULL,
      course_name VARCHAR(100) NOT NULL,
      lesson_name VARCHAR(100) NOT NULL,
      duration_seconds INTEGER NOT NULL CHECK (duration_seconds > 0),
      hours_tenths INTEGER NOT NULL CHECK (hours_tenths >= 0),
      credited_seconds DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (credited_seconds >= 0),
      furthest_position DOUBLE PRECISION NOT NULL DEFAULT 0,
      last_position DOUBLE PRECISION NOT NULL DEFAULT 0,
      segments JSONB NOT NULL DEFAULT '[]',
      refused_beats INTEGER NOT NULL DEFAULT 0,
      finished_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
      UNIQUE (my_class_id, course_id, resource_id)
    )`);

  const app = new Koa();
  app.use(async (ctx) => {
    const beat = await readJson(ctx.req);
    if (!isBeat(beat)) {
      ctx.body = { respCode: 400, respDesc: 'row and position expected', attribute: null };
      return;
    }
    const { rows } = await pool.query<{ credited_seconds: number }>(UPSERT, [beat.row, beat.position]);
    ctx.body = { respCode: 200, respDesc: '成功', attribute: { creditedSeconds: rows[0]?.credited_seconds } };
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (typeof address === 'object' && address)
      process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  });
  process.on('SIGTERM', () => {
    server.close(() => pool.end().then(() => process.exit(0)));
    // The load generator's keep-alive connections would hold `close` open.
    server.closeAllConnections();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
