import Koa from 'koa';
import { Pool } from 'pg';

/**
 * The third baseline, the fair floor of a call that must read the database: bare Koa plus one raw
 * `pg` query per request, a simple SELECT by primary key on the API's own database (its URL is the
 * first argument; the demo project's row), with a pool as large as the API's (10). Prints its URL.
 */
const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: serve-select.ts <database url>');
const pool = new Pool({ connectionString: databaseUrl, max: 10 });
const SELECT = 'SELECT id, name, status FROM project WHERE id = $1';

async function main(): Promise<void> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM project ORDER BY id LIMIT 1');
  const projectId = rows[0]?.id;
  if (projectId === undefined) throw new Error('the API database holds no project');
  const app = new Koa();
  app.use(async (ctx) => {
    const { rows: found } = await pool.query<{ id: number; name: string; status: string }>(SELECT, [
      projectId,
    ]);
    ctx.body = { respCode: 200, respDesc: '成功', attribute: found[0] ?? null };
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (typeof address === 'object' && address)
      process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
