import { ROLE_SYSTEM } from '@px/config';
import type { IdentityCheckView, StudentDetail, StudentPage } from '../../contract/student';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildHostedProject, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import type { Project } from '../project/project.model';
import { freshMobile, latestCode, post } from '../sms/sms.testing';
import { buildStudent, staffToken } from '../student/student.testing';
import { createFaceidClient } from './identity.provider';
import { IDENTITY_FAILURES_PER_DAY, IDENTITY_MESSAGES } from './identity.service';
import { IdentityCheck } from './identity-check.model';
import { createIdentitySimulator, SIM_IDENTITY_CREDENTIALS } from './identity-sim';

/**
 * 实名核验 through the API against the simulated service: registration (and the profile's
 * completion) refused unless the name and ID number match, every check recorded; staff's check of a
 * student (`student/id-card-check`) and what the student pages show of it.
 */

const sim = createIdentitySimulator({ residents: [] });
let t: TestApp;
let project: Project;
let host: string;
let other: { project: Project; host: string };

/** People of the simulated registry, one per test (the daily failure limit counts per ID number). */
const people = [
  { name: '钱一', idNumber: '110105194912310011' },
  { name: '钱二', idNumber: '110105194912310038' },
  { name: '钱三', idNumber: '110105194912310054' },
  { name: '钱四', idNumber: '11010519491231002X' },
  { name: '钱五', idNumber: '370102199003071238' },
  { name: '钱六', idNumber: '37010219900307106X' },
];

beforeAll(async () => {
  const url = await sim.listen();
  sim.addResidents(people);
  t = await createTestApp({
    trustProxy: true,
    providers: {
      identity: createFaceidClient({
        baseUrl: url,
        secretId: SIM_IDENTITY_CREDENTIALS.secretId,
        secretKey: SIM_IDENTITY_CREDENTIALS.secretKey,
        simulated: true,
      }),
    },
  });
  ({ project, host } = await buildHostedProject({ settings: { idCardVerify: 1 } }));
  other = await buildHostedProject();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
afterEach(() => sim.setFault('none'));

async function register(target: string, person: { name: string; idNumber: string }) {
  const mobile = freshMobile();
  const sent = await post(t, '/api/register/send-msg-code.action', { host: target }).send({ mobile });
  expect(sent.body.respCode).toBe(200);
  const body = {
    realName: person.name,
    idCardNo: person.idNumber,
    mobile,
    msgCode: (await latestCode(mobile)) as string,
    password: await encryptLoginField(t.sequelize, 'Study123'),
  };
  const res = await post(t, '/api/register/do-register.action', { host: target }).send(body);
  return { res, mobile, body };
}

const checksOf = (idCardNo: string) =>
  IdentityCheck.findAll({ where: { idCardNo }, order: [['id', 'ASC']], allTenants: true });

describe('registration with 实名核验', () => {
  test('a matching name and ID number registers; the check is recorded and tied to the account', async () => {
    const person = people[0] as (typeof people)[number];
    const { res, mobile } = await register(host, person);
    expect(res.body.respCode).toBe(200);
    const account = (await Account.findOne({ where: { mobile }, allTenants: true })) as Account;
    const [check] = await checksOf(person.idNumber);
    expect(check).toMatchObject({
      projectId: project.id,
      accountId: account.id,
      purpose: 'REGISTER',
      result: 'MATCH',
      code: '0',
      simulated: true,
    });
    expect(check?.requestId).toBeTruthy();
  });

  test('another name is refused naming both fields; nothing is made and the code stays usable', async () => {
    const person = people[1] as (typeof people)[number];
    const { res, mobile, body } = await register(host, { ...person, name: '冒名者' });
    expect(res.status).toBe(400);
    expect(res.body.attribute.errors).toEqual([
      { field: 'realName', rule: 'identity', message: IDENTITY_MESSAGES.MISMATCH },
      { field: 'idCardNo', rule: 'identity', message: IDENTITY_MESSAGES.MISMATCH },
    ]);
    expect(await Account.count({ where: { mobile }, allTenants: true })).toBe(0);
    expect((await checksOf(person.idNumber)).map((check) => check.result)).toEqual(['MISMATCH']);
    // Corrected, the same code registers.
    const again = await post(t, '/api/register/do-register.action', { host }).send({
      ...body,
      realName: person.name,
    });
    expect(again.body.respCode).toBe(200);
  });

  test('an ID number the registry does not hold is refused naming it', async () => {
    const { res } = await register(host, { name: '无此人', idNumber: '110105194912310089' });
    expect(res.status).toBe(400);
    expect(res.body.attribute.errors).toEqual([
      { field: 'idCardNo', rule: 'identity', message: IDENTITY_MESSAGES.NOT_FOUND },
    ]);
  });

  test('while the service is down registration is refused, and nothing is made', async () => {
    sim.setFault('outage');
    const person = people[2] as (typeof people)[number];
    const { res, mobile } = await register(host, person);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: IDENTITY_MESSAGES.UNAVAILABLE });
    expect(await Account.count({ where: { mobile }, allTenants: true })).toBe(0);
    expect((await checksOf(person.idNumber)).map((check) => check.result)).toEqual(['UNAVAILABLE']);
  });

  test('after five failures of one ID number in a day the service is not asked again', async () => {
    const person = people[3] as (typeof people)[number];
    for (let i = 0; i < IDENTITY_FAILURES_PER_DAY; i += 1)
      expect((await register(host, { ...person, name: `冒名${'者'.repeat(i + 1)}` })).res.status).toBe(400);
    const asked = sim.checks().length;
    const { res } = await register(host, person);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: IDENTITY_MESSAGES.TOO_MANY_FAILURES });
    expect(sim.checks().length).toBe(asked);
  });

  test('a project without 实名核验 registers without asking the service', async () => {
    const asked = sim.checks().length;
    const { res } = await register(other.host, { name: '不核验', idNumber: '110105194912310097' });
    expect(res.body.respCode).toBe(200);
    expect(sim.checks().length).toBe(asked);
  });

  test('completing a missing ID number is checked with the name the student has', async () => {
    const person = people[5] as (typeof people)[number];
    const student = await buildStudent(project.id, {
      realName: person.name,
      idCardNo: null,
      needComplete: true,
    });
    const token = await signIn(student);
    const wrong = await t.http
      .post('/api/account/complete-info.action')
      .set('token', token)
      .send({ idCardNo: '110105194912310089' });
    expect(wrong.status).toBe(400);
    expect((await Account.findByPk(student.id, { allTenants: true }))?.idCardNo).toBeNull();
    const right = await t.http
      .post('/api/account/complete-info.action')
      .set('token', token)
      .send({ idCardNo: person.idNumber });
    expect(right.body.respCode).toBe(200);
    const [check] = await checksOf(person.idNumber);
    expect(check).toMatchObject({ purpose: 'COMPLETE_INFO', result: 'MATCH', accountId: student.id });
  });
});

describe('student/id-card-check', () => {
  const DETAIL = ['/student-manage', '/student-manage/student-detail'];
  const call = <T>(path: string, token: string, body: object) =>
    t.http
      .post(`/api/${path}.action`)
      .set('token', token)
      .send(body)
      .then((res) => res.body as { respCode: number; respDesc: string; attribute: T });

  test('staff check a student; the detail and the list show the latest answer of the current name', async () => {
    const person = people[4] as (typeof people)[number];
    const student = await buildStudent(project.id, { realName: person.name, idCardNo: person.idNumber });
    const token = await staffToken(project.id, [...DETAIL, '/student-manage/student']);
    const before = await call<StudentDetail>('student/detail', token, { id: student.id });
    expect(before.attribute).toMatchObject({
      identity: null,
      abilities: { canIdCardCheck: true, idCardCheckRefusal: null },
    });
    const checked = await call<IdentityCheckView>('student/id-card-check', token, { id: student.id });
    expect(checked.attribute).toMatchObject({ result: 'MATCH', simulated: true });
    const detail = await call<StudentDetail>('student/detail', token, { id: student.id });
    expect(detail.attribute.identity).toMatchObject({ result: 'MATCH' });
    const list = await call<StudentPage>('student/list', token, { idCardNo: person.idNumber });
    expect(list.attribute.list[0]?.identityResult).toBe('MATCH');

    // Once the name changes, the old check no longer counts; a new one says they do not match.
    await Account.update({ realName: '改名者' }, { where: { id: student.id }, allTenants: true });
    expect(
      (await call<StudentDetail>('student/detail', token, { id: student.id })).attribute.identity,
    ).toBeNull();
    const mismatch = await call<IdentityCheckView>('student/id-card-check', token, { id: student.id });
    expect(mismatch.attribute).toMatchObject({ result: 'MISMATCH', resultText: '姓名与身份证号不一致' });
    const [last] = await IdentityCheck.findAll({
      where: { accountId: student.id },
      order: [['id', 'DESC']],
      allTenants: true,
    });
    expect(last).toMatchObject({ purpose: 'STAFF', result: 'MISMATCH', realName: '改名者' });
  });

  test('a student without an ID number cannot be checked, and the detail says why', async () => {
    const student = await buildStudent(project.id, { idCardNo: null });
    const token = await staffToken(project.id, DETAIL);
    const detail = await call<StudentDetail>('student/detail', token, { id: student.id });
    expect(detail.attribute.abilities).toEqual({
      canIdCardCheck: false,
      idCardCheckRefusal: '该学员未填写身份证号，不能核验',
    });
    const refused = await call('student/id-card-check', token, { id: student.id });
    expect(refused).toMatchObject({ respCode: -1, respDesc: '该学员未填写身份证号，不能核验' });
  });

  test('while the service is down the check is refused with the reason, and recorded', async () => {
    const student = await buildStudent(project.id);
    const token = await staffToken(project.id, DETAIL);
    sim.setFault('upgrade');
    const refused = await call('student/id-card-check', token, { id: student.id });
    expect(refused).toMatchObject({ respCode: -1, respDesc: IDENTITY_MESSAGES.UNAVAILABLE });
    expect(
      await IdentityCheck.count({
        where: { accountId: student.id, result: 'UNAVAILABLE' },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test("another project's staff, a unit manager and a student are refused; nothing is asked", async () => {
    const student = await buildStudent(project.id);
    const asked = sim.checks().length;
    const stranger = await staffToken(other.project.id, DETAIL);
    expect(await call('student/id-card-check', stranger, { id: student.id })).toMatchObject({
      respCode: -1,
      respDesc: '学员不存在',
    });
    const unit = await buildUnit(project.id);
    const { account: manager } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
      menu: DETAIL,
    });
    expect((await call('student/id-card-check', await signIn(manager), { id: student.id })).respCode).toBe(
      403,
    );
    expect((await call('student/id-card-check', await signIn(student), { id: student.id })).respCode).toBe(
      403,
    );
    expect(sim.checks().length).toBe(asked);
  });
});
