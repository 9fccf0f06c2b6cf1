import pg from 'pg';
import { createSimDatabase } from '../testing/database';
import { inTransaction } from './store';

// The simulator's store runs in the product's own process (`npm start`): a PostgreSQL restart must
// fail the transaction that held a connection, never end the process.

let db: Awaited<ReturnType<typeof createSimDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createSimDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

test('a connection the server ends between two statements fails its transaction and is not pooled again', async () => {
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  try {
    const outcome = inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // The server ends this backend while the transaction waits between statements.
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      // Its error comes first, then its end: no listener of this test's hears the error.
      await new Promise<void>((resolve) => client.once('end', () => resolve()));
      await client.query('SELECT 1');
    });
    await expect(outcome).rejects.toThrow();
    expect(pool.totalCount).toBe(0);
    // The pool serves again with a new connection.
    expect(
      await inTransaction(pool, async (client) => (await client.query('SELECT 1 AS one')).rows[0]),
    ).toEqual({
      one: 1,
    });
  } finally {
    await admin.end();
  }
});
