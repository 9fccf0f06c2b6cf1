import { Client } from 'pg';
import type { Sequelize } from 'sequelize';
import type { JobDefinition, JobName } from '../core/jobs';
import { createLogger } from '../core/logger';
import { createSequelize } from '../db/sequelize';
import { loadEnv } from '../env';
import { createProviders } from '../providers';
import { createTestDatabase, type TestDatabase, testAppUrl } from '../testing/database';
import { createJobRunner, JOB_SCHEMA } from './queue';

// A shutdown's grace running out with a job still running (jobs/queue.ts `stop`, server.ts `close`).

let database: TestDatabase;
let sequelize: Sequelize;

beforeAll(async () => {
  database = await createTestDatabase();
  sequelize = createSequelize(testAppUrl(database.url), { poolMax: 4 });
});
afterAll(async () => {
  await sequelize.close().catch(() => undefined);
  await database.drop();
});

/** A job whose handler runs until the test lets it end (then throws, as a cut statement would). */
function heldJob() {
  let started!: () => void;
  let release!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const name = 'test.held' as JobName;
  const definition = {
    name,
    retryLimit: 2,
    async handler() {
      started();
      await held;
      throw new Error('ended after the stop');
    },
  } as JobDefinition;
  return { name, definition, running, release };
}

/** The job's row as pg-boss keeps it, read on a connection of the test's (the pools may be closed). */
async function jobRow(id: string) {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT state::text AS state, retry_count, output, start_after FROM ${JOB_SCHEMA}.job WHERE id = $1`,
      [id],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

test('stop: a job still running at the timeout is put back for a retry; its late end writes nothing, even once the pools are closed', async () => {
  const job = heldJob();
  const runner = await createJobRunner({
    sequelize,
    log: createLogger('silent'),
    providers: createProviders(loadEnv()),
    definitions: [job.definition],
  });
  await runner.work();
  const id = await runner.queue.send(job.name, {} as never);
  if (!id) throw new Error('the job was not sent');
  await job.running;

  const stopping = Date.now();
  await runner.stop(1000);
  // pg-boss waits the timeout (at least 1 s, in half-second steps), not for the handler.
  expect(Date.now() - stopping).toBeLessThan(3_000);
  expect(runner.working()).toBe(false);
  const putBack = await jobRow(id);
  expect(putBack).toMatchObject({ state: 'retry', output: { value: 'pg-boss shut down while active' } });

  // The server closes its pools next; the handler ends after that and pg-boss fails its job
  // without awaiting the write. Nothing is sent (a second fail would count a second attempt) and
  // nothing rejects unheard (which would end the process with an error exit).
  await sequelize.close();
  const unheard: unknown[] = [];
  const hear = (reason: unknown) => unheard.push(reason);
  process.on('unhandledRejection', hear);
  try {
    job.release();
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    process.off('unhandledRejection', hear);
  }
  expect(unheard).toEqual([]);
  expect(await jobRow(id)).toEqual(putBack);
});
