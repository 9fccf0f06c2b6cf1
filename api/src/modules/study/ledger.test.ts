import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROLE_SYSTEM } from '@px/config';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import type { LedgerEntryItem, LedgerVerifyAnswer } from '../../contract/study-report';
import { createManualClock } from '../../core/clock';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { useTestStorage } from '../resource/resource.testing';
import { MyClass } from '../train-class/train-class.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { entryHash, LEDGER_GENESIS, verifyLedgers } from './ledger';

// The study ledger: study appends to a per-enrolment hash chain in the transactions of what it
// records; the check passes on the demo data and on real study, and names the first entry that does
// not match once a row is changed by SQL behind the application's back.

const clock = createManualClock(new Date('2026-11-26T02:00:00Z'));
const storage = useTestStorage();
let t: TestApp;
let owner: Client;
let projectId: number;
let adminToken: string;
/** The enrolment the study test finished a lesson of. */
const studied = { projectId: 0, myClassId: 0 };
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
  expect(await seedDemoData(t.sequelize)).toBe(true);
  owner = new Client({ connectionString: t.databaseUrl });
  await owner.connect();
  const admin = await Account.findOne({
    where: { accountName: DEMO.accounts.projectAdmin.account },
    allTenants: true,
    rejectOnEmpty: true,
  });
  projectId = admin.projectId ?? 0;
  adminToken = await signIn(admin);
}, 120_000);
afterAll(async () => {
  await owner?.end();
  await t.close();
});

const call = <T>(name: string, body: object, token = adminToken) =>
  t.http
    .post(`/api/${name}.action`)
    .set('token', token)
    .send(body)
    .then((res) => res.body as { respCode: number; respDesc: string; attribute: T });

/** `npm run verify-ledger` against the test's database: its exit code and what it printed. */
async function verifyCli(): Promise<{ code: number; out: string }> {
  const root = path.resolve(__dirname, '../../../..');
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'api/src/db/verify-ledger-cli.ts'],
      { cwd: root, env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error' } },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

test('the demo data passes: every passed demo enrolment has a chain, and the check finds nothing', async () => {
  const passed = await MyClass.findAll({ where: { projectId, status: 'PASSED' } });
  expect(passed.length).toBeGreaterThan(0);
  for (const enrolment of passed) {
    const entries = await call<LedgerEntryItem[]>('study-report/ledger', { myClassId: enrolment.id });
    expect(entries.attribute[0]).toMatchObject({ seq: 1, prevHash: LEDGER_GENESIS });
  }
  const checked = await call<LedgerVerifyAnswer>('study-report/verify-ledger', {});
  expect(checked.attribute).toMatchObject({ ok: true, mismatches: [] });
  expect(checked.attribute.entries).toBeGreaterThanOrEqual(passed.length);
  const cli = await verifyCli();
  expect(cli.out).toContain('all match');
  expect(cli.code).toBe(0);
}, 120_000);

test('study appends in order: a finished lesson, the hours rolled up; each entry names the one before', async () => {
  const project = await buildProject({});
  const { account: student } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({
    projectId: project.id,
    courses: [{ lessons: [{ durationSeconds: 30, hoursTenths: 10 }] }],
  });
  const enrolment = await enrol(built.trainClass, student.id, 'STUDYING');
  const token = await signIn(student);
  const lesson = built.courses[0]?.lessons[0];
  const start = await call<{ sessionId: string }>(
    'study/start',
    { myClassId: enrolment.id, lessonId: lesson?.id },
    token,
  );
  expect(start.respCode).toBe(200);
  for (const [seq, position] of [
    [1, 15],
    [2, 30],
  ] as const) {
    clock.advance(15_000);
    const beat = await call(
      'study/heartbeat',
      { sessionId: start.attribute.sessionId, seq, position, rate: 1, visible: true },
      token,
    );
    expect(beat.respCode).toBe(200);
  }
  const rows = await t.sequelize.query<{
    seq: number;
    kind: string;
    body: Record<string, string | number | boolean | null>;
    prev_hash: string;
    hash: string;
    recorded_at: Date;
    actor_id: number | null;
  }>('SELECT * FROM study_ledger WHERE my_class_id = :id ORDER BY seq', {
    replacements: { id: enrolment.id },
    type: QueryTypes.SELECT,
  });
  expect(rows.map((row) => row.kind)).toEqual(['LESSON', 'HOURS']);
  expect(rows[0]?.body).toMatchObject({ hoursTenths: 10, creditedSeconds: 30 });
  expect(rows[1]?.body).toEqual({ requiredTenths: 10, electiveTenths: 0, status: 'PASSED' });
  expect(rows[0]?.prev_hash).toBe(LEDGER_GENESIS);
  expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
  expect(rows[1]?.hash).toBe(
    entryHash({
      myClassId: enrolment.id,
      seq: 2,
      kind: 'HOURS',
      recordedAt: new Date(rows[1]?.recorded_at ?? 0),
      actorId: null,
      body: rows[1]?.body ?? {},
      prevHash: rows[0]?.hash ?? '',
    }),
  );
  Object.assign(studied, { projectId: project.id, myClassId: enrolment.id });
  expect(await verifyLedgers(t.sequelize, { projectId: project.id })).toMatchObject({
    enrolments: 1,
    entries: 2,
    mismatches: [],
  });
}, 60_000);

test('the application cannot change or remove an entry', async () => {
  await expect(t.sequelize.query("UPDATE study_ledger SET kind = 'HOURS'")).rejects.toThrow(
    /permission denied/,
  );
  await expect(t.sequelize.query('DELETE FROM study_ledger')).rejects.toThrow(/permission denied/);
});

test('a row changed by SQL is found: the first entry that does not match is named, by the button and the script', async () => {
  const [enrolment] = await MyClass.findAll({
    where: { projectId, status: 'PASSED' },
    order: [['id', 'ASC']],
  });
  if (!enrolment) throw new Error('no passed demo enrolment');
  // An entry's content changed: its hash no longer matches.
  await owner.query(
    `UPDATE study_ledger SET body = jsonb_set(body, '{requiredTenths}', '999') WHERE my_class_id = $1 AND seq = 1`,
    [enrolment.id],
  );
  const first = await call<LedgerVerifyAnswer>('study-report/verify-ledger', {});
  expect(first.attribute.ok).toBe(false);
  expect(first.attribute.mismatches).toEqual([
    expect.objectContaining({
      myClassId: enrolment.id,
      seq: 1,
      problem: 'HASH_MISMATCH',
      problemText: expect.any(String),
    }),
  ]);
  expect(first.attribute.mismatches[0]?.studentName).toBeTruthy();
  const cli = await verifyCli();
  expect(cli.code).toBe(1);
  expect(cli.out).toContain(`enrolment ${enrolment.id}: entry`);
  expect(cli.out).toContain('HASH_MISMATCH');
  // Put back, the chain matches again; the enrolment's hours changed instead do not.
  await owner.query(
    `UPDATE study_ledger SET body = jsonb_set(body, '{requiredTenths}', to_jsonb($2::integer)) WHERE my_class_id = $1 AND seq = 1`,
    [enrolment.id, enrolment.requiredTenths],
  );
  expect(
    (await call<LedgerVerifyAnswer>('study-report/verify-ledger', { myClassId: enrolment.id })).attribute.ok,
  ).toBe(true);
  await owner.query('UPDATE my_class SET required_tenths = required_tenths + 5 WHERE id = $1', [
    enrolment.id,
  ]);
  const hours = await call<LedgerVerifyAnswer>('study-report/verify-ledger', { myClassId: enrolment.id });
  expect(hours.attribute.mismatches).toEqual([
    expect.objectContaining({ myClassId: enrolment.id, problem: 'HOURS_MISMATCH' }),
  ]);
  await owner.query('UPDATE my_class SET required_tenths = required_tenths - 5 WHERE id = $1', [
    enrolment.id,
  ]);
  // An entry removed: the one after it no longer follows on.
  await owner.query('DELETE FROM study_ledger WHERE my_class_id = $1 AND seq = 1', [studied.myClassId]);
  expect((await verifyLedgers(t.sequelize, { projectId: studied.projectId })).mismatches).toEqual([
    expect.objectContaining({ myClassId: studied.myClassId, seq: 2, problem: 'SEQ_GAP' }),
  ]);
}, 120_000);

test('another project’s enrolment is not found', async () => {
  const other = await buildProject({});
  const { account } = await buildAccount({ projectId: other.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({ projectId: other.id });
  const enrolment = await enrol(built.trainClass, account.id, 'STUDYING');
  const answer = await call('study-report/verify-ledger', { myClassId: enrolment.id });
  expect(answer.respCode).not.toBe(200);
});
