import { ROLE_SYSTEM } from '@px/config';
import type { Client } from 'pg';
import { QueryTypes, type Transaction } from 'sequelize';
import type { HeartbeatAnswer, StudyStart } from '../../contract/study';
import type { ActorScope } from '../../core/action';
import { createManualClock } from '../../core/clock';
import { createTestApp, type TestApp } from '../../testing/app';
import { cutChangeFeeds, until } from '../../testing/change-feed';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { useTestStorage } from '../resource/resource.testing';
import { buildClass, enrol } from '../train-class/train-class.testing';
import * as beatStore from './beat-store';
import { readBeat, rememberedBeat, writeBeat } from './beat-store';
import { LessonProgress } from './study.model';

// Two API instances on one database, each remembering the sessions it served (beat-store.ts;
// only with a change feed, `caches: true`).
const clock = createManualClock(new Date('2026-11-26T02:00:00Z'));
const storage = useTestStorage();
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock }, caches: true });
  other = await createTestApp({
    providers: { ...storage.providers(), clock },
    caches: true,
    sameDatabaseAs: t,
  });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type Answer<T> = { respCode: number; respDesc: string; attribute: T };
async function ok<T>(pending: Promise<{ body: unknown }>): Promise<T> {
  const body = (await pending).body as Answer<T>;
  expect(body).toMatchObject({ respCode: 200 });
  return body.attribute;
}

/** A signed-in student enrolled in a class of one long lesson, with a session of it started. */
async function studying() {
  const project = await buildProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({
    projectId: project.id,
    courses: [{ lessons: [{ durationSeconds: 300, hoursTenths: 10 }] }],
  });
  const enrolment = await enrol(built.trainClass, account.id, 'STUDYING');
  const token = await signIn(account);
  const lessonId = built.courses[0]?.lessons[0]?.id;
  const start = () =>
    ok<StudyStart>(
      t.http.post('/api/study/start.action').set('token', token).send({ myClassId: enrolment.id, lessonId }),
    );
  const { sessionId } = await start();
  const beatOn = (app: TestApp, seq: number, position: number) =>
    ok<HeartbeatAnswer>(
      app.http
        .post('/api/study/heartbeat.action')
        .set('token', token)
        .send({ sessionId, seq, position, rate: 1, visible: true }),
    );
  return { project, account, enrolment, sessionId, start, beatOn };
}

test('one session beating through two instances, and one beat sent to both at once, is credited once', async () => {
  const { enrolment, start, beatOn } = await studying();
  clock.advance(15_000);
  expect((await beatOn(t, 1, 15)).credited).toBe(15);
  clock.advance(15_000);
  expect((await beatOn(other, 2, 30)).credited).toBe(15);
  // The first instance last saw beat 1: judged on that, beat 3 would credit 20 s (30 s since,
  // capped); its write finds the rows moved on and the beat is judged again on them.
  clock.advance(15_000);
  expect((await beatOn(t, 3, 45)).credited).toBe(15);
  clock.advance(15_000);
  const both = await Promise.all([beatOn(t, 4, 60), beatOn(other, 4, 60)]);
  expect(both.map((answer) => answer.credited).sort()).toEqual([0, 15]);
  expect(both.map((answer) => answer.refusal)).toContain('OUT_OF_ORDER');
  const progress = await LessonProgress.findOne({ where: { myClassId: enrolment.id }, allTenants: true });
  expect(progress).toMatchObject({ creditedSeconds: 60, furthestPosition: 60, refusedBeats: 1 });

  // Another device took the lesson over: the instance that remembers the old session is told to stop.
  await start();
  clock.advance(15_000);
  expect(await beatOn(other, 5, 75)).toMatchObject({ credited: 0, refusal: 'SUPERSEDED' });
});

test('a process forgets the sessions it remembers when its change feed loses the database', async () => {
  const { project, account, sessionId, beatOn } = await studying();
  clock.advance(15_000);
  await beatOn(t, 1, 15);
  const scope = { sequelize: t.sequelize, project: { id: project.id }, principal: { accountId: account.id } };
  const remembered = () => rememberedBeat(scope as ActorScope, sessionId);
  expect(remembered()).toMatchObject({ last_seq: 1, last_position: 15 });

  await cutChangeFeeds(t);
  expect(remembered()).toBeUndefined();
  await until(() => t.changeFeed?.live === true);
  expect(remembered()).toBeUndefined();
});

test('a beat written with asynchronousCommit commits its own transaction without waiting for the disk, and only it', async () => {
  const { project, account, sessionId } = await studying();
  const scope = {
    sequelize: t.sequelize,
    project: { id: project.id },
    principal: { accountId: account.id },
  } as ActorScope;
  const setting = async (transaction?: Transaction) => {
    const [row] = await t.sequelize.query<{ value: string }>(
      "SELECT current_setting('synchronous_commit') AS value",
      { type: QueryTypes.SELECT, transaction },
    );
    return row?.value;
  };
  const server = await setting();
  expect(server).not.toBe('off');
  const write = (asynchronousCommit: boolean) =>
    t.sequelize.transaction(async (transaction) => {
      const row = await readBeat(scope, sessionId, transaction);
      if (!row) throw new Error('no session');
      const stored = await writeBeat(
        scope,
        sessionId,
        row,
        {
          seq: row.last_seq + 1,
          position: 0,
          outcome: null,
          refusal: 'SUPERSEDED',
          now: clock.now(),
          asynchronousCommit,
        },
        transaction,
      );
      expect(stored).toBeDefined();
      return setting(transaction);
    });
  expect(await write(false)).toBe(server);
  expect(await write(true)).toBe('off');
  // Every pooled connection is back at the server's setting: it was set for the transaction only.
  const poolSize = t.sequelize.config.pool?.max;
  if (!poolSize) throw new Error('the test app has no pool size');
  const connections = await Promise.all(
    Array.from({ length: poolSize }, () => t.sequelize.connectionManager.getConnection({ type: 'write' })),
  );
  try {
    for (const connection of connections) {
      const result = await (connection as unknown as Client).query(
        "SELECT current_setting('synchronous_commit') AS value",
      );
      expect(result.rows[0]?.value).toBe(server);
    }
  } finally {
    for (const connection of connections) t.sequelize.connectionManager.releaseConnection(connection);
  }
});

test('the heartbeat commits asynchronously only on its one-statement path', async () => {
  const { beatOn } = await studying();
  const writes = jest.spyOn(beatStore, 'writeBeat');
  try {
    clock.advance(15_000);
    await beatOn(t, 1, 15); // one statement, on the session as study/start left it
    clock.advance(15_000);
    await beatOn(other, 2, 30); // one statement, on the rows as read
    clock.advance(15_000);
    // What the first instance remembers is stale: its one statement writes nothing, and the beat
    // is judged again under lock.
    expect((await beatOn(t, 3, 45)).credited).toBe(15);
    const calls = writes.mock.calls.map(([, , , write, transaction]) => ({
      asynchronousCommit: write.asynchronousCommit ?? false,
      inTransaction: transaction !== undefined,
    }));
    expect(calls).toEqual([
      { asynchronousCommit: true, inTransaction: false },
      { asynchronousCommit: true, inTransaction: false },
      { asynchronousCommit: true, inTransaction: false },
      { asynchronousCommit: false, inTransaction: true },
    ]);
  } finally {
    writes.mockRestore();
  }
});
