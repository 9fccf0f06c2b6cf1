import Koa from 'koa';
import { Pool } from 'pg';

/**
 * The third baseline, the fair floor of a call that must read the database: bare Koa plus one raw
 * `pg` query per request, a simple SELECT by primary key on the API's own database (its URL is the
 * first argument; the demo project's row), with a pool as large as the API's (10). Prints its URL.
 * With `--answer-bytes=N` (the `pg-select-sized` floor) the row's answer carries a `padding` field
 * making the body exactly N bytes: the same query, answering as many bytes as a larger call must.
 */
const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: serve-select.ts <database url> [--answer-bytes=N]');
const answerBytes = Number(/^--answer-bytes=(\d+)$/.exec(process.argv[3] ?? '')?.[1] ?? 0);
const pool = new Pool({ connectionString: databaseUrl, max: 10 });
const SELECT = 'SELECT id, name, status FROM project WHERE id = $1';

type Row = { id: number; name: string; status: string };

/** The ASCII padding making the answer of `row` `answerBytes` long ('' unless asked; never negative). */
function paddingFor(row: Row): string {
  const unpadded = { respCode: 200, respDesc: '成功', attribute: { ...row, padding: '' } };
  return 'x'.repeat(Math.max(answerBytes - Buffer.byteLength(JSON.stringify(unpadded)), 0));
}

async function main(): Promise<void> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM project ORDER BY id LIMIT 1');
  const projectId = rows[0]?.id;
  if (projectId === undefined) throw new Error('the API database holds no project');
  // The padding is made once (the row is the same on every request): a request only builds and
  // sends a longer answer than the unpadded floor's.
  const first = (await pool.query<Row>(SELECT, [projectId])).rows[0];
  const padding = answerBytes && first ? paddingFor(first) : null;
  const app = new Koa();
  app.use(async (ctx) => {
    const { rows: found } = await pool.query<Row>(SELECT, [projectId]);
    const row = found[0] ?? null;
    ctx.body = {
      respCode: 200,
      respDesc: '成功',
      attribute: row && padding !== null ? { ...row, padding } : row,
    };
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
