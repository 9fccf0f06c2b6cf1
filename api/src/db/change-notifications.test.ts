import { ROLE_SYSTEM } from '@px/config';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import type { StudyStart } from '../contract/study';
import { CHANGE_CHANNEL, parseChange } from '../core/change-feed';
import { Account } from '../modules/account/account.model';
import { buildClass, enrol } from '../modules/train-class/train-class.testing';
import { createTestApp, type TestApp } from '../testing/app';
import { buildAccount, buildHostedProject, buildUnit, signIn } from '../testing/factories';

/**
 * What the change triggers notify (migrations 0030 and 0091) for the writes a unit import, a
 * sign-in and the staff make: the tables whose rows belong to an account name the accounts whose
 * rows a statement really changed, and a statement that changed none notifies nothing.
 */
let t: TestApp;
let listener: Client;
const heard: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  listener = new Client({ connectionString: t.databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === CHANGE_CHANNEL) heard.push(message.payload ?? '');
  });
  await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await t?.close();
});

let probes = 0;
/**
 * The notifications `write` committed, each as its table and sorted accounts (`account:3,5`):
 * notifications arrive in commit order, so those heard before a probe sent after it are all of them.
 */
async function notified(write: () => Promise<unknown>): Promise<string[]> {
  const probe = async () => {
    probes += 1;
    const payload = `probe-${probes}`;
    await t.sequelize.query('SELECT pg_notify(:channel, :payload)', {
      replacements: { channel: CHANGE_CHANNEL, payload },
    });
    while (!heard.includes(payload)) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  // What the arrangement before committed is heard first and left out.
  await probe();
  heard.length = 0;
  await write();
  await probe();
  return heard
    .filter((payload) => !payload.startsWith('probe-'))
    .map((payload) => {
      const { table, accounts } = parseChange(payload);
      return accounts ? `${table}:${[...accounts].sort((a, b) => a - b).join(',')}` : table;
    });
}

const sql = (text: string, replacements: Record<string, unknown> = {}) =>
  t.sequelize.query(text, { replacements });

/** Students of a unit inserted as a unit import inserts them (one statement), answering their ids. */
async function insertStudents(
  projectId: number,
  unitId: number | null,
  roleId: number,
  count: number,
  from: number,
) {
  const rows = await t.sequelize.query<{ id: number }>(
    `INSERT INTO account (project_id, unit_id, role_id, role_system, real_name, id_card_no, mobile, status,
                          need_complete, created_at, updated_at)
     SELECT :projectId, :unitId, :roleId, :student, '职工' || n, 'ID' || (:from + n),
            '158' || lpad((:from + n)::text, 8, '0'), 'ENABLED', FALSE, NOW(), NOW()
       FROM generate_series(1, :count) AS n
     RETURNING id`,
    {
      replacements: { projectId, unitId, roleId, student: ROLE_SYSTEM.STUDENT, count, from },
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((row) => Number(row.id));
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');

test("a unit import's chunk notifies its enrolments' accounts only: new accounts and an update matching no row notify nothing", async () => {
  const { project } = await buildHostedProject();
  const { account, role } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { trainClass } = await buildClass({ projectId: project.id });
  const unit = await buildUnit(project.id);
  let created: number[] = [];
  expect(
    await notified(async () => {
      created = await insertStudents(project.id, unit.id, role.id, 3, 0);
    }),
  ).toEqual([]);
  // The import links the accounts that had no unit: those it created have one (none matches).
  expect(
    await notified(() =>
      sql(
        'UPDATE account SET unit_id = :unitId, updated_at = NOW() WHERE id IN (:created) AND unit_id IS NULL',
        {
          unitId: unit.id,
          created,
        },
      ),
    ),
  ).toEqual([]);
  expect(
    await notified(() =>
      sql(
        `INSERT INTO my_class (project_id, account_id, class_id, status, created_at, updated_at)
         SELECT :projectId, account_id, :classId, 'PENDING_PAY', NOW(), NOW() FROM unnest(ARRAY[:created]::int[]) AS a(account_id)`,
        { projectId: project.id, classId: trainClass.id, created },
      ),
    ),
  ).toEqual([`my_class:${sorted(created)}`]);
  // An enrolment moved to another account names both.
  const moved = await enrol(trainClass, account.id, 'REFUNDED');
  expect(
    await notified(() =>
      sql('UPDATE my_class SET account_id = :to WHERE id = :id', { to: created[0], id: moved.id }),
    ),
  ).toEqual([`my_class:${sorted([account.id, created[0] ?? 0])}`]);
  expect(await notified(() => sql('DELETE FROM my_class WHERE id = :id', { id: moved.id }))).toEqual([
    `my_class:${created[0]}`,
  ]);
});

test('an account notifies its id when a column a cache reads changes, and nothing for its sign-in stamp', async () => {
  const { project } = await buildHostedProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const other = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  expect(
    await notified(() =>
      Account.update({ status: 'DISABLED' }, { where: { id: account.id, projectId: project.id } }),
    ),
  ).toEqual([`account:${account.id}`]);
  // Set to what it already is: nothing changed.
  expect(
    await notified(() =>
      Account.update({ status: 'DISABLED' }, { where: { id: account.id, projectId: project.id } }),
    ),
  ).toEqual([]);
  expect(
    await notified(() =>
      Account.update({ lastLoginAt: new Date() }, { where: { id: other.account.id, projectId: project.id } }),
    ),
  ).toEqual([]);
  expect(
    await notified(() =>
      sql("UPDATE account SET real_name = real_name || '改' WHERE id IN (:ids)", {
        ids: [account.id, other.account.id],
      }),
    ),
  ).toEqual([`account:${sorted([account.id, other.account.id])}`]);
});

test('a sign-in notifies nothing; signing out names the account', async () => {
  const { project } = await buildHostedProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  expect(await notified(() => signIn(account))).toEqual([]);
  expect(
    await notified(() =>
      sql('UPDATE session SET revoked_at = NOW() WHERE account_id = :id', { id: account.id }),
    ),
  ).toEqual([`session:${account.id}`]);
});

test('more accounts than a payload lists, a truncate, and tables of no account notify the table alone', async () => {
  const { project } = await buildHostedProject();
  const { role } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { trainClass } = await buildClass({ projectId: project.id });
  const many = await insertStudents(project.id, null, role.id, 601, 1000);
  const addToCarts = (ids: number[]) =>
    sql(
      `INSERT INTO shop_cart_item (project_id, account_id, class_id)
       SELECT :projectId, account_id, :classId FROM unnest(ARRAY[:ids]::int[]) AS a(account_id)`,
      { projectId: project.id, classId: trainClass.id, ids },
    );
  expect(await notified(() => addToCarts(many.slice(0, 600)))).toEqual([
    `shop_cart_item:${sorted(many.slice(0, 600))}`,
  ]);
  expect(await notified(() => addToCarts(many.slice(600)))).toEqual([`shop_cart_item:${many[600]}`]);
  expect(
    await notified(() =>
      sql('UPDATE shop_cart_item SET created_at = NOW() WHERE project_id = :projectId', {
        projectId: project.id,
      }),
    ),
  ).toEqual(['shop_cart_item']);
  // The application's role may not truncate; the owner may.
  expect(await notified(() => listener.query('TRUNCATE shop_cart_item'))).toEqual(['shop_cart_item']);
  expect(await notified(() => sql('UPDATE role SET name = name WHERE id = :id', { id: role.id }))).toEqual([
    'role',
  ]);
});

test('a study session names its account when its status changes or it goes; its start and its beats notify nothing of it', async () => {
  const { project } = await buildHostedProject();
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({
    projectId: project.id,
    courses: [{ lessons: [{ durationSeconds: 300 }] }],
  });
  const enrolment = await enrol(built.trainClass, account.id, 'STUDYING');
  const token = await signIn(account);
  const lessonId = built.courses[0]?.lessons[0]?.id;
  const start = async () => {
    const res = await t.http
      .post('/api/study/start.action')
      .set('token', token)
      .send({ myClassId: enrolment.id, lessonId });
    expect(res.body.respCode).toBe(200);
    return res.body.attribute as StudyStart;
  };
  const ofSessions = (payloads: string[]) =>
    payloads.filter((payload) => payload.startsWith('study_session'));
  let session: StudyStart | undefined;
  expect(
    ofSessions(
      await notified(async () => {
        session = await start();
      }),
    ),
  ).toEqual([]);
  const sessionId = session?.sessionId;
  const beat = (seq: number) =>
    t.http
      .post('/api/study/heartbeat.action')
      .set('token', token)
      .send({ sessionId, seq, position: 0, rate: 1, visible: true });
  // The first beat here takes the locked path, the next the one-statement write: neither notifies.
  expect(
    ofSessions(
      await notified(async () => {
        for (const seq of [1, 2]) expect((await beat(seq)).body.respCode).toBe(200);
      }),
    ),
  ).toEqual([]);
  const [written] = await t.sequelize.query<{ last_seq: number }>(
    'SELECT last_seq FROM study_session WHERE id = :sessionId',
    { replacements: { sessionId }, type: QueryTypes.SELECT },
  );
  expect(written?.last_seq).toBe(2);
  // Another device takes the lesson over: the first session is SUPERSEDED.
  expect(ofSessions(await notified(start))).toEqual([`study_session:${account.id}`]);
  const mine = { id: account.id };
  expect(
    await notified(() => sql('UPDATE study_session SET status = status WHERE account_id = :id', mine)),
  ).toEqual([]);
  expect(
    await notified(() =>
      sql("UPDATE study_session SET status = 'ENDED' WHERE account_id = :id AND status = 'ACTIVE'", mine),
    ),
  ).toEqual([`study_session:${account.id}`]);
  expect(await notified(() => sql('DELETE FROM study_session WHERE account_id = :id', mine))).toEqual([
    `study_session:${account.id}`,
  ]);
});
