import zlib from 'node:zlib';
import type { AnyCall } from '@px/config';
import { catalogueCalls } from './contract/catalogue';
import { BAD_TEXT_MESSAGE } from './core/validation';
import { DEMO, seedDemoData } from './db/seed';
import { Account } from './modules/account/account.model';
import { audit } from './modules/audit/audit.service';
import { AuditLog } from './modules/audit/audit-log.model';
import { Banner } from './modules/banner/banner.model';
import { ClassCategory } from './modules/class-category/class-category.model';
import { TrainClass } from './modules/train-class/train-class.model';
import { TrainPlan } from './modules/train-plan/train-plan.model';
import { createTestApp, type TestApp } from './testing/app';
import { signIn } from './testing/factories';

// Issue 18, input integrity: what every call does with wrong JSON types, text PostgreSQL cannot
// store and bodies that cannot be read. One demo project; the calls are the whole catalogue.

let t: TestApp;
let projectAdmin: string;
let platformAdmin: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.sequelize);
  const account = async (name: string) =>
    (await Account.findOne({ where: { accountName: name }, allTenants: true })) as Account;
  const admin = await account(DEMO.accounts.projectAdmin.account);
  projectId = admin.projectId as number;
  projectAdmin = await signIn(admin);
  platformAdmin = await signIn(await account(DEMO.accounts.platformAdmin.account));
  // The demo seed may take longer than 30 s on a loaded machine (as in seed.test).
}, 120_000);
afterAll(() => t.close());

const url = (call: AnyCall | string) => `/api/${typeof call === 'string' ? call : call.key}.action`;
/** Calls only a link opens (GET) take their input from the query string; the rest take a body. */
const takesBody = (call: AnyCall) => !call.methods || call.methods.includes('POST');
const post = (key: string, body: unknown, token = projectAdmin) =>
  t.http
    .post(url(key))
    .set('token', token)
    .send(body as object);

const reloaded = (row: TrainClass) =>
  TrainClass.findOne({ where: { projectId, id: row.id } }) as Promise<TrainClass>;

const firstOf = async <M extends { id: number }>(rows: Promise<M[]>) => {
  const [row] = await rows;
  if (!row) throw new Error('the demo data holds none');
  return row;
};

describe('JSON bodies match their schema types exactly', () => {
  test('class/amount takes neither a one-element array for the id nor a boolean for the money', async () => {
    const theClass = await firstOf(TrainClass.findAll({ where: { projectId }, order: [['id', 'ASC']] }));
    const before = theClass.amountFen;
    for (const body of [
      { id: [theClass.id], amount: true },
      { id: theClass.id, amount: true },
      { id: theClass.id, amount: '100' },
      { id: theClass.id, amount: '0x64' },
      { id: theClass.id, amount: '1e2' },
      { id: String(theClass.id), amount: 100 },
    ]) {
      const answer = await post('class/amount', body);
      expect([answer.status, answer.body.respCode]).toEqual([400, -1]);
    }
    expect((await reloaded(theClass)).amountFen).toBe(before);
    const ok = await post('class/amount', { id: theClass.id, amount: 100 });
    expect(ok.body.respCode).toBe(200);
    expect((await reloaded(theClass)).amountFen).toBe(100);
  });

  test('banner/delete and train-plan/close refuse arrays, booleans, hex and exponents as ids', async () => {
    const banner = await firstOf(Banner.findAll({ where: { projectId }, order: [['id', 'ASC']] }));
    const plan = await firstOf(TrainPlan.findAll({ where: { projectId }, order: [['id', 'ASC']] }));
    for (const id of [[banner.id], true, '0x1', '1e0', `${banner.id}`, 1.5, null]) {
      const answer = await post('banner/delete', { id });
      expect([answer.status, answer.body.attribute?.errors?.[0]?.field]).toEqual([400, 'id']);
    }
    for (const id of [[plan.id], true, '0x1', '1e0']) {
      const answer = await post('train-plan/close', { id });
      expect(answer.status).toBe(400);
    }
    expect(await Banner.count({ where: { projectId, id: banner.id } })).toBe(1);
    expect((await TrainPlan.findOne({ where: { projectId, id: plan.id } }))?.status).toBe(plan.status);
  });

  test('query-string and form text is read from decimal digits only', async () => {
    const theClass = await firstOf(TrainClass.findAll({ where: { projectId }, order: [['id', 'ASC']] }));
    const form = (body: string) =>
      t.http.post(url('class/amount')).set('token', projectAdmin).type('form').send(body);
    expect((await form(`id=${theClass.id}&amount=250`)).body.respCode).toBe(200);
    expect((await reloaded(theClass)).amountFen).toBe(250);
    for (const body of [
      `id=${theClass.id}&amount=true`,
      `id=${theClass.id}&amount=0x10`,
      `id=${theClass.id}&amount=1e3`,
      `id=${theClass.id}&id=${theClass.id}&amount=1`,
      `id=0x${theClass.id.toString(16)}&amount=1`,
    ]) {
      const answer = await form(body);
      expect([body, answer.status]).toEqual([body, 400]);
    }
    const query = await t.http
      .post(`${url('class/amount')}?id=${theClass.id}&amount=300`)
      .set('token', projectAdmin)
      .send({});
    expect(query.body.respCode).toBe(200);
    expect((await reloaded(theClass)).amountFen).toBe(300);
  });
});

describe('text PostgreSQL cannot store is refused at the edge', () => {
  const SAVES = [
    'unit/save',
    'unit/add-or-update',
    'train-plan/save',
    'class/create',
    'class/category-save',
    'course/save',
    'course/category-save',
    'resource/save',
    'resource/category-save',
    'role/save',
    'certificate/template-save',
    'banner/save',
  ];

  test.each(SAVES)('%s refuses a NUL and an unpaired surrogate with a field error', async (key) => {
    for (const name of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
      const answer = await post(key, { parentId: 1, name, title: name });
      expect([answer.status, answer.body.attribute?.errors?.[0]]).toEqual([
        400,
        { field: 'name', rule: 'invalid_text', message: BAD_TEXT_MESSAGE },
      ]);
    }
  });

  test('class/category-save stores nothing for a NUL (never `\\0` as text); a paired surrogate is fine', async () => {
    const parent = await firstOf(
      ClassCategory.findAll({ where: { projectId, level: 1 }, order: [['id', 'ASC']] }),
    );
    const refused = await post('class/category-save', { parentId: parent.id, name: 'a\u0000b' });
    expect(refused.status).toBe(400);
    expect(await ClassCategory.count({ where: { projectId, name: 'a\\0b' } })).toBe(0);
    const saved = await post('class/category-save', { parentId: parent.id, name: '安全😀' });
    expect(saved.body.respCode).toBe(200);
    expect(await ClassCategory.count({ where: { projectId, name: '安全😀' } })).toBe(1);
  });

  test('no call of the catalogue answers 5xx to a NUL or an unpaired surrogate, signed in or not', async () => {
    const failures: string[] = [];
    for (const call of catalogueCalls())
      for (const token of [projectAdmin, platformAdmin, '']) {
        const input = { name: 'x\u0000', id: 1, remark: '\ud800', t: 'x\u0000' };
        const answer = takesBody(call)
          ? await t.http.post(url(call)).set('token', token).send(input)
          : await t.http.get(url(call)).set('token', token).query(input);
        if (answer.status >= 500) failures.push(`${call.key} ${answer.status}`);
        // Refused at the input layer whenever the call gets that far.
        else if (![400, 401, 403].includes(answer.status)) failures.push(`${call.key} ${answer.status}`);
      }
    expect(failures).toEqual([]);
  });

  test('a deeply nested body is walked without overflowing the stack', async () => {
    const depth = 100_000;
    const body = `{"name":"x","deep":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`;
    const answer = await t.http
      .post(url('class/category-save'))
      .set('token', projectAdmin)
      .set('Content-Type', 'application/json')
      .serialize((raw) => raw)
      .send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.attribute.errors[0]).toMatchObject({ rule: 'invalid_text' });
  });

  test('the audit writer stores such text from other sources (file names) as U+FFFD instead of failing', async () => {
    const ctx = t.scope();
    await audit(ctx, { action: 'test.bad-text', projectId, detail: { fileName: 'a\u0000\ud800.png' } });
    const row = await AuditLog.findOne({ where: { projectId, action: 'test.bad-text' } });
    expect(row?.detail).toEqual({ fileName: 'a\ufffd\ufffd.png' });
  });
});

describe('bodies that cannot be read', () => {
  test('a body that is not in its Content-Encoding answers 400 on every call, logged as refused', async () => {
    const before = t.logs.length;
    const statuses = new Map<number, string[]>();
    // A call only a link opens (GET) has no body to misencode.
    for (const call of catalogueCalls().filter(takesBody)) {
      const answer = await t.http
        .post(url(call))
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('xx');
      statuses.set(answer.status, [...(statuses.get(answer.status) ?? []), call.key]);
      if (answer.status === 400)
        expect(answer.body).toMatchObject({ respCode: -1, respDesc: '请求格式不正确' });
    }
    expect([...statuses.keys()]).toEqual([400]);
    const errors = t.logs.slice(before).filter((line) => (line.level as number) >= 50);
    expect(errors).toEqual([]);
  });

  test.each([
    ['application/json', 'deflate', 'xx'],
    ['application/json', 'br', 'xx'],
    ['application/json', 'identity', '{"id":'],
    ['application/x-www-form-urlencoded', 'gzip', 'xx'],
    [
      'multipart/form-data; boundary=zz',
      'identity',
      '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    ],
  ])(
    '%s with Content-Encoding %s that cannot be read answers 4xx in the envelope',
    async (type, encoding, body) => {
      const before = t.logs.length;
      const answer = await t.http
        .post(url('captcha/check'))
        .set('Content-Type', type)
        .set('Content-Encoding', encoding)
        .serialize((raw) => raw)
        .send(body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ respCode: -1 });
      expect(t.logs.slice(before).filter((line) => (line.level as number) >= 50)).toEqual([]);
    },
  );

  test('a real gzip body is read', async () => {
    const body = zlib.gzipSync(JSON.stringify({ id: 1 }));
    const answer = await t.http
      .post(url('captcha/get'))
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize((raw) => raw)
      .send(body);
    expect([answer.status, answer.body.respDesc]).toEqual([200, '成功']);
  });
});
