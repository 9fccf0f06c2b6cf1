import { createRegulatorSimulator, DEMO_REGULATOR_APP, type RegulatorSimulator } from '@px/regulator/sim';
import { createSimDatabase } from '@px/regulator/testing';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { Account } from '../account/account.model';
import { Project } from '../project/project.model';
import { RegulatorPush } from './push.model';
import { dispatchPushes } from './push-dispatch';
import { DEMO_REGULATOR_REGISTER } from './regulator.demo';
import { createRegulatorProvider } from './regulator.provider';

// The demo's reporting as `npm start` runs it: three passed enrolments wait as pushes; the sender
// delivers them to the simulator with the demo app: 张三's and 王五's accepted, 赵六's refused
// (the simulated register knows his ID number under 赵陆).

let simDb: Awaited<ReturnType<typeof createSimDatabase>>;
let sim: RegulatorSimulator;
let t: TestApp;

beforeAll(async () => {
  simDb = await createSimDatabase();
  sim = createRegulatorSimulator({ databaseUrl: simDb.url, people: DEMO_REGULATOR_REGISTER });
  const url = await sim.listen();
  t = await createTestApp({
    providers: {
      regulator: createRegulatorProvider({
        mode: 'simulator',
        simulatorUrl: url,
        defaultEndpoint: null,
        timeoutMs: 5000,
      }),
    },
  });
  await seedDemoData(t.sequelize);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
  await simDb?.drop();
});

test('the demo project reports its passed enrolments: two accepted, 赵六 refused for his name', async () => {
  const project = await Project.findOne({ where: { code: DEMO.projectCode }, rejectOnEmpty: true });
  const waiting = await RegulatorPush.findAll({ where: { projectId: project.id }, order: [['id', 'ASC']] });
  expect(waiting.map((push) => push.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
  await dispatchPushes(t.scope(), project.id, { reschedule: false });
  const pushes = await RegulatorPush.findAll({ where: { projectId: project.id }, order: [['id', 'ASC']] });
  const names = new Map(
    (await Account.findAll({ where: { projectId: project.id, id: pushes.map((p) => p.accountId) } })).map(
      (a) => [a.id, a.realName],
    ),
  );
  expect(pushes.map((push) => [names.get(push.accountId), push.status, push.rejectReason])).toEqual([
    [DEMO.accounts.student.name, 'SUCCESS', null],
    ['王五', 'SUCCESS', null],
    ['赵六', 'FAILED', 'ID_NAME_MISMATCH'],
  ]);
  expect(await sim.store.recordCount(DEMO_REGULATOR_APP.appId)).toBe(2);
});
