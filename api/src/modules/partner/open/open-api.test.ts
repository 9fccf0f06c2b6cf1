import { createPartnerClient, openPath, PartnerApiError, type SignUpInput, signedHeaders } from '@px/partner';
import { createManualClock } from '../../../core/clock';
import { createTestApp, type TestApp } from '../../../testing/app';
import { buildHostedProject, randomIdCardNo } from '../../../testing/factories';
import { Account } from '../../account/account.model';
import { PayOrder, PayOrderLog } from '../../order/order.model';
import { useTestStorage } from '../../resource/resource.testing';
import { MyClass } from '../../train-class/train-class.model';
import { buildClass } from '../../train-class/train-class.testing';
import { buildPartnerApp } from '../partner.testing';
import { PartnerApp, PartnerCallLog } from '../partner-app.model';

const clock = createManualClock(new Date());
const storage = useTestStorage();
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
  base = await t.listen();
});
afterAll(() => t.close());

const seconds = () => Math.floor(clock.now().getTime() / 1000);

async function scene(appOverrides: Parameters<typeof buildPartnerApp>[1] = {}) {
  const { project } = await buildHostedProject();
  const cls = await buildClass({ projectId: project.id, name: `合作班级${project.id}` });
  const { app, secret } = await buildPartnerApp(project.id, appOverrides);
  const client = createPartnerClient({ baseUrl: base, appKey: app.appKey, secret, nowSeconds: seconds });
  return { project, cls, app, secret, client };
}

const student = (overrides: Partial<SignUpInput> = {}): Omit<SignUpInput, 'classId'> => ({
  requestId: `req-${Math.random().toString(36).slice(2)}`,
  outAccountId: `u${Math.random().toString(36).slice(2, 10)}`,
  idCardNo: randomIdCardNo(),
  realName: '合作学员',
  mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  ...overrides,
});

async function refusal(pending: Promise<unknown>): Promise<PartnerApiError> {
  const error = await pending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PartnerApiError);
  return error as PartnerApiError;
}

const logsOf = (appId: number) =>
  PartnerCallLog.findAll({ where: { appId }, order: [['id', 'ASC']], allTenants: true });

describe('signed requests', () => {
  test('a valid signed call answers in the envelope and is logged per app', async () => {
    const { client, app, cls } = await scene();
    const tree = await client.classClassifyTree();
    expect(tree.map((node) => node.name)).toEqual(expect.arrayContaining(['公需科目']));
    const page = await client.queryClass({ name: '合作班级' });
    expect(page.list.map((item) => item.classId)).toEqual([cls.trainClass.id]);
    expect(page.list[0]).toMatchObject({ priceFen: 10_000, year: cls.trainClass.year });
    const logs = await logsOf(app.id);
    expect(logs.map((log) => [log.call, log.auth, log.resultCode, log.httpStatus])).toEqual([
      ['train/class-classify-tree', 'SIGNATURE', 'OK', 200],
      ['train/query-class', 'SIGNATURE', 'OK', 200],
    ]);
    expect(logs.every((log) => log.durationMs >= 0 && log.requestId.length > 0)).toBe(true);
  });

  test('tampered, replayed, expired, unsigned and foreign requests are refused with their own codes', async () => {
    const { app, secret } = await scene();
    const other = await scene();
    const path = openPath('train', 'query-class');
    const send = (headers: Record<string, string>, body: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { errorCode?: string; respCode: number },
      }));
    const body = JSON.stringify({ pageSize: 5 });
    const signed = (
      overrides: { body?: string; timestamp?: number; nonce?: string; secret?: string; appKey?: string } = {},
    ) =>
      signedHeaders(
        { appKey: overrides.appKey ?? app.appKey, secret: overrides.secret ?? secret },
        {
          method: 'POST',
          target: path,
          body: overrides.body ?? body,
          timestamp: overrides.timestamp ?? seconds(),
          nonce: overrides.nonce ?? `nonce-${Math.random().toString(36).slice(2, 14)}`,
        },
      );

    const valid = signed({ nonce: 'nonce-valid-000001' });
    expect(await send(valid, body)).toMatchObject({ status: 200, body: { respCode: 200 } });
    // The same request again: the nonce was used.
    expect(await send(valid, body)).toMatchObject({ status: 401, body: { errorCode: 'NONCE_REPLAYED' } });
    // The body changed after signing.
    expect(await send(signed(), JSON.stringify({ pageSize: 6 }))).toMatchObject({
      status: 401,
      body: { errorCode: 'SIGNATURE_INVALID' },
    });
    // Six minutes late, and six minutes early.
    for (const shift of [-360, 360])
      expect(await send(signed({ timestamp: seconds() + shift }), body)).toMatchObject({
        status: 401,
        body: { errorCode: 'TIMESTAMP_EXPIRED' },
      });
    // Another app's key with this app's secret; an unknown key; no signature at all.
    expect(await send(signed({ appKey: other.app.appKey }), body)).toMatchObject({
      status: 401,
      body: { errorCode: 'SIGNATURE_INVALID' },
    });
    expect(await send(signed({ appKey: 'pk_00000000000000000000' }), body)).toMatchObject({
      status: 401,
      body: { errorCode: 'APP_UNKNOWN' },
    });
    expect(await send({ 'x-px-app-key': app.appKey }, body)).toMatchObject({
      status: 401,
      body: { errorCode: 'SIGNATURE_MISSING' },
    });
    const codes = (await logsOf(app.id)).map((log) => log.resultCode);
    expect(codes).toEqual([
      'OK',
      'NONCE_REPLAYED',
      'SIGNATURE_INVALID',
      'TIMESTAMP_EXPIRED',
      'TIMESTAMP_EXPIRED',
      'SIGNATURE_MISSING',
    ]);
    expect((await logsOf(other.app.id)).map((log) => log.resultCode)).toEqual(['SIGNATURE_INVALID']);
  });

  test("the app's own rules: disabled, IP allow-list, origins, rate limit", async () => {
    const { app, secret, client } = await scene({ rateLimitPerMinute: 3 });
    const fromOrigin = (origin: string) =>
      createPartnerClient({ baseUrl: base, appKey: app.appKey, secret, nowSeconds: seconds, origin });
    expect((await refusal(fromOrigin('https://evil.example.com').classClassifyTree())).code).toBe(
      'ORIGIN_NOT_ALLOWED',
    );
    await fromOrigin('https://partner.example.com').classClassifyTree();
    await client.classClassifyTree();
    await client.classClassifyTree();
    const limited = await client.raw(openPath('train', 'class-classify-tree'));
    expect(limited.status).toBe(429);
    expect(limited.envelope?.errorCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers?.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(60_000);
    await client.classClassifyTree();

    await app.update({ ipAllowList: ['10.0.0.0/8'] });
    expect((await refusal(client.classClassifyTree())).code).toBe('IP_NOT_ALLOWED');
    await app.update({ ipAllowList: ['127.0.0.0/8', '::1'] });
    await client.classClassifyTree();
    await app.update({ enabled: false });
    const disabled = await refusal(client.classClassifyTree());
    expect([disabled.code, disabled.status]).toEqual(['APP_DISABLED', 403]);
  });

  test('a rotated secret is accepted with the old one until the overlap ends', async () => {
    const { app, secret } = await scene();
    const signIn = (key: string) =>
      createPartnerClient({ baseUrl: base, appKey: app.appKey, secret: key, nowSeconds: seconds });
    const fresh = 'sk_rotated-secret-for-the-test-000000000000';
    await app.update({
      secret: fresh,
      previousSecret: secret,
      previousSecretUntil: new Date(clock.now().getTime() + 10 * 60_000),
    });
    await signIn(fresh).classClassifyTree();
    await signIn(secret).classClassifyTree();
    clock.advance(11 * 60_000);
    await signIn(fresh).classClassifyTree();
    expect((await refusal(signIn(secret).classClassifyTree())).code).toBe('SIGNATURE_INVALID');
  });
});

describe('access tokens (jxnc)', () => {
  test('a token works until it expires or is revoked; a bad one is refused', async () => {
    const { client, app } = await scene();
    const tokenCalls = client.withToken();
    expect((await tokenCalls.classClassifyTree()).length).toBeGreaterThan(0);
    const token = await tokenCalls.token();
    expect((await logsOf(app.id)).map((log) => log.auth)).toEqual(['SIGNATURE', 'TOKEN']);
    const withToken = (value: string) =>
      fetch(`${base}${openPath('jxnc', 'class-classify-tree')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${value}`, 'content-type': 'application/json' },
        body: '{}',
      }).then(async (res) => [res.status, ((await res.json()) as { errorCode?: string }).errorCode]);
    expect(await withToken('at_not-a-token-of-anyone-000000')).toEqual([401, 'TOKEN_INVALID']);
    const bare = await fetch(`${base}${openPath('jxnc', 'class-classify-tree')}`, {
      method: 'POST',
      body: '{}',
    });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { errorCode: string }).errorCode).toBe('TOKEN_MISSING');

    clock.advance(2 * 3600_000 + 1000);
    expect(await withToken(token)).toEqual([401, 'TOKEN_EXPIRED']);
    // The client gets a new token when its own runs out.
    const renewed = client.withToken();
    await renewed.classClassifyTree();
    const second = await renewed.token();
    await client.revokeToken(second);
    expect(await withToken(second)).toEqual([401, 'TOKEN_REVOKED']);
  });
});

describe('sign-up and study', () => {
  test('signs a student up once: account without password, order of channel PARTNER, enrolment', async () => {
    const { client, cls, project } = await scene();
    const who = student();
    const answer = await client.signUpStudent({ ...who, classId: cls.trainClass.id });
    expect(answer).toMatchObject({ enrolment: 'CREATED', account: 'CREATED', status: 'STUDYING' });
    const account = await Account.scope('withPassword').findOne({
      where: { idCardNo: who.idCardNo },
      allTenants: true,
    });
    expect(account).toMatchObject({ projectId: project.id, realName: '合作学员' });
    expect(account?.passwordHash).toBeNull();
    const order = await PayOrder.findOne({ where: { orderNo: answer.orderNo as string }, allTenants: true });
    expect(order).toMatchObject({ channel: 'PARTNER', status: 'PAID', paidFen: 0, totalFen: 10_000 });
    const log = await PayOrderLog.findOne({ where: { orderId: order?.id }, allTenants: true });
    expect(log?.source).toBe('PARTNER');
    // The same request again answers the same; the same id with other content is refused.
    expect(await client.signUpStudent({ ...who, classId: cls.trainClass.id })).toEqual(answer);
    const reused = await refusal(
      client.signUpStudent({ ...who, mobile: '13700000000', classId: cls.trainClass.id }),
    );
    expect([reused.code, reused.status]).toEqual(['REQUEST_ID_REUSED', 409]);
    // Another request of the same person and class: already enrolled, nothing new.
    expect(
      await client.signUpStudent({ ...who, requestId: 'another-request', classId: cls.trainClass.id }),
    ).toMatchObject({
      enrolmentId: answer.enrolmentId,
      enrolment: 'EXISTING',
      account: 'EXISTING',
      orderNo: null,
    });
    expect(await PayOrder.count({ where: { accountId: account?.id }, allTenants: true })).toBe(1);
  });

  test('concurrent repeats of one sign-up make one account, one order and one enrolment', async () => {
    const { client, cls } = await scene();
    const who = student();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.signUpStudent({ ...who, classId: cls.trainClass.id })),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const accounts = await Account.findAll({ where: { idCardNo: who.idCardNo }, allTenants: true });
    expect(accounts).toHaveLength(1);
    expect(await PayOrder.count({ where: { accountId: accounts[0]?.id }, allTenants: true })).toBe(1);
    expect(await MyClass.count({ where: { accountId: accounts[0]?.id }, allTenants: true })).toBe(1);
  });

  test('bad input is refused naming the field and changes nothing', async () => {
    const { client, cls } = await scene();
    const bad = await refusal(
      client.signUpStudent({ ...student({ idCardNo: '123' }), classId: cls.trainClass.id }),
    );
    expect([bad.code, bad.status]).toEqual(['BAD_REQUEST', 400]);
    expect(JSON.stringify(bad.attribute)).toContain('idCardNo');
    const name = await refusal(
      client.signUpStudent({ ...student({ realName: '' }), classId: cls.trainClass.id }),
    );
    expect(name.code).toBe('BAD_REQUEST');
    const offShelf = await buildClass({ projectId: cls.trainClass.projectId, onShelf: false });
    const refused = await refusal(client.signUpStudent({ ...student(), classId: offShelf.trainClass.id }));
    expect(refused.code).toBe('REFUSED');
    expect(refused.message).toContain('未上架');
    expect(await MyClass.count({ where: { classId: offShelf.trainClass.id }, allTenants: true })).toBe(0);
  });

  test('study process, task, unlock check and train info of the enrolment', async () => {
    const { client, cls } = await scene();
    const who = student();
    const signed = await client.signUpStudent({ ...who, classId: cls.trainClass.id });
    const process = await client.studyProcess({ enrolmentId: signed.enrolmentId });
    expect(process).toMatchObject({
      enrolmentId: signed.enrolmentId,
      outAccountId: who.outAccountId,
      classId: cls.trainClass.id,
      status: 'STUDYING',
      lessonsFinished: 0,
      lessonsTotal: 1,
      percent: 0,
    });
    expect(await client.studyProcessByOutAccount({ outAccountId: who.outAccountId })).toEqual([process]);
    const task = await client.studyTask({ enrolmentId: signed.enrolmentId });
    expect(task).toMatchObject({ kind: 'LESSON', lessonId: process.lessons[0]?.lessonId });
    expect(
      await client.unlockCheck({ enrolmentId: signed.enrolmentId, lessonId: process.lessons[0]?.lessonId }),
    ).toEqual({
      target: 'LESSON',
      open: true,
      reason: null,
    });
    const exam = await client.unlockCheck({ enrolmentId: signed.enrolmentId });
    expect(exam.target).toBe('EXAM');
    const info = await client.trainInfo({ ...who, classId: cls.trainClass.id });
    expect(info).toMatchObject({ registered: true, registeredNow: false, enrolmentId: signed.enrolmentId });
    expect(info.ssoUrl).toMatch(/\/hxtx\/detail-study\?app=pk_[0-9a-f]+&ticket=[\w-]+$/);
  });

  test('train info signs the student up when asked, and not otherwise', async () => {
    const { client, cls } = await scene();
    const who = student();
    const { requestId: _unused, ...identity } = who;
    expect(await client.trainInfo({ ...identity, classId: cls.trainClass.id })).toEqual({
      registered: false,
      registeredNow: false,
      enrolmentId: null,
      status: null,
      ssoUrl: null,
      ssoExpiresAt: null,
    });
    const info = await client.trainInfo({ ...identity, classId: cls.trainClass.id, autoRegister: true });
    expect(info).toMatchObject({ registered: true, registeredNow: true, status: 'STUDYING' });
    const again = await client.trainInfo({ ...identity, classId: cls.trainClass.id, autoRegister: true });
    expect(again).toMatchObject({ registeredNow: false, enrolmentId: info.enrolmentId });
    expect(again.ssoUrl).not.toBe(info.ssoUrl);
  });
});

describe('tenancy', () => {
  test('an app sees nothing of another project, nor enrolments it did not sign up', async () => {
    const a = await scene();
    const b = await scene();
    const signed = await a.client.signUpStudent({ ...student(), classId: a.cls.trainClass.id });
    for (const call of [
      b.client.studyProcess({ enrolmentId: signed.enrolmentId }),
      b.client.studyTask({ enrolmentId: signed.enrolmentId }),
      b.client.unlockCheck({ enrolmentId: signed.enrolmentId }),
    ])
      expect((await refusal(call)).code).toBe('NOT_FOUND');
    // B's project does not offer A's class.
    expect((await b.client.queryClass({ pageSize: 100 })).list.map((item) => item.classId)).not.toContain(
      a.cls.trainClass.id,
    );
    expect(
      (await refusal(b.client.signUpStudent({ ...student(), classId: a.cls.trainClass.id }))).message,
    ).toContain('班级不存在');
    // A second app of A's own project does not see the first app's enrolment either.
    const sibling = await buildPartnerApp(a.project.id);
    const siblingClient = createPartnerClient({
      baseUrl: base,
      appKey: sibling.app.appKey,
      secret: sibling.secret,
      nowSeconds: seconds,
    });
    expect((await refusal(siblingClient.studyProcess({ enrolmentId: signed.enrolmentId }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      await PartnerCallLog.count({ where: { appId: b.app.id, resultCode: 'NOT_FOUND' }, allTenants: true }),
    ).toBe(3);
  });
});

test('unknown partner calls and other methods are refused', async () => {
  const { client } = await scene();
  const unknown = await client.raw('/api/open/train/drop-tables.action');
  expect([unknown.status, unknown.envelope?.errorCode]).toEqual([404, 'NOT_FOUND']);
  const get = await fetch(`${base}${openPath('train', 'query-class')}`);
  expect(get.status).toBe(405);
  expect(await PartnerApp.count({ allTenants: true })).toBeGreaterThan(0);
});
