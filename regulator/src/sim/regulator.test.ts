import { createRegulatorClient, type RegulatorClient, type RegulatorOutcome } from '../client/client';
import { HEADERS, type StudyRecord, withIdCheck } from '../protocol';
import { createSimDatabase } from '../testing/database';
import { createRegulatorSimulator, DEMO_REGULATOR_APP, type RegulatorSimulator } from './server';

// The client against the simulator over HTTP, for every answer the protocol has.

let db: Awaited<ReturnType<typeof createSimDatabase>>;
let sim: RegulatorSimulator;
let base: string;
let client: RegulatorClient;
let counter = 0;

const ZHANG = { name: '张三', idNumber: '11010519491231002X' };
const LI = { name: '李四', idNumber: withIdCheck('44030019900101123') };

function record(overrides: Partial<StudyRecord> & { pushNo?: string } = {}): StudyRecord {
  counter += 1;
  return {
    pushNo: `RP${Date.now()}${counter}`,
    kind: 'ORIGINAL',
    corrects: null,
    student: { name: ZHANG.name, idType: 'ID_CARD', idNumber: ZHANG.idNumber, mobile: '13800138000' },
    classCode: 'PX-2026-0001',
    study: {
      hours: 24,
      startedOn: '2026-03-02',
      completedOn: '2026-03-20',
      result: 'PASSED',
      examScore: 86,
      examOn: '2026-03-21',
    },
    certificate: { number: 'ZS2026000123', issuedOn: '2026-03-22' },
    ledgerHead: null,
    reportedAt: '2026-03-22T10:00:00+08:00',
    ...overrides,
  };
}

const clientFor = (options: Partial<Parameters<typeof createRegulatorClient>[0]> = {}) =>
  createRegulatorClient({
    baseUrl: base,
    appId: DEMO_REGULATOR_APP.appId,
    secret: DEMO_REGULATOR_APP.secret,
    ...options,
  });

const kindOf = (outcome: RegulatorOutcome<unknown>) => outcome.kind;

beforeAll(async () => {
  db = await createSimDatabase();
  sim = createRegulatorSimulator({ databaseUrl: db.url });
  base = await sim.listen();
  client = clientFor();
  const filed = await client.fileClass({
    code: 'PX-2026-0001',
    name: '2026年安全生产继续教育',
    hours: 24,
    startOn: '2026-03-01',
    endOn: '2026-12-31',
  });
  expect(filed.kind).toBe('accepted');
});

afterEach(() => sim.clearFaults());

afterAll(async () => {
  await sim?.close();
  await db?.drop();
});

test('a valid record is accepted with a receipt, and kept', async () => {
  const sent = record();
  const outcome = await client.pushRecord(sent);
  expect(outcome).toMatchObject({ kind: 'accepted', status: 200, data: { pushNo: sent.pushNo } });
  if (outcome.kind !== 'accepted') throw new Error('not accepted');
  expect(outcome.data.receiptNo).toMatch(/^REG/);
  const held = await client.queryRecord(sent.pushNo);
  expect(held).toMatchObject({ kind: 'accepted', data: { receiptNo: outcome.data.receiptNo, record: sent } });
  expect(await client.queryRecord('RP-never-sent')).toMatchObject({ kind: 'not-found', status: 404 });
});

test('the same push number with the same content is a duplicate answering the first receipt; nothing is stored twice', async () => {
  const sent = record();
  const first = await client.pushRecord(sent);
  const before = await sim.store.recordCount(DEMO_REGULATOR_APP.appId);
  // Key order does not matter: the content is compared, not the bytes.
  const again = await client.pushRecord(JSON.parse(JSON.stringify({ ...sent })) as StudyRecord);
  const concurrent = await Promise.all([client.pushRecord(sent), client.pushRecord(sent)]);
  expect(first.kind).toBe('accepted');
  expect(again).toMatchObject({ kind: 'duplicate', status: 200 });
  expect(concurrent.map(kindOf)).toEqual(['duplicate', 'duplicate']);
  if (first.kind !== 'accepted' || again.kind !== 'duplicate') throw new Error('unexpected');
  expect(again.data).toEqual(first.data);
  expect(await sim.store.recordCount(DEMO_REGULATOR_APP.appId)).toBe(before);
});

test('records sent at once under new push numbers are each stored once', async () => {
  const sent = Array.from({ length: 8 }, () => record());
  const before = await sim.store.recordCount(DEMO_REGULATOR_APP.appId);
  const outcomes = await Promise.all(sent.flatMap((r) => [client.pushRecord(r), client.pushRecord(r)]));
  expect(outcomes.filter((o) => o.kind === 'accepted')).toHaveLength(8);
  expect(outcomes.filter((o) => o.kind === 'duplicate')).toHaveLength(8);
  expect(await sim.store.recordCount(DEMO_REGULATOR_APP.appId)).toBe(before + 8);
});

test('a push number reused for other content is rejected on the push number', async () => {
  const sent = record();
  await client.pushRecord(sent);
  const outcome = await client.pushRecord({ ...sent, study: { ...sent.study, hours: 20 } });
  expect(outcome).toMatchObject({
    kind: 'rejected',
    status: 422,
    errors: [{ field: 'pushNo', reason: 'PUSH_NO_REUSED', message: '上报编号已用于其他内容' }],
  });
});

test('rejections name the field and the reason: class not filed, hours beyond the class, ID checksum, ID and name', async () => {
  const notFiled = await client.pushRecord(record({ classCode: 'PX-NOT-FILED' }));
  expect(notFiled).toMatchObject({
    kind: 'rejected',
    errors: [{ field: 'classCode', reason: 'CLASS_NOT_REGISTERED' }],
  });

  const base = record();
  const tooMany = await client.pushRecord({ ...base, study: { ...base.study, hours: 24.5 } });
  expect(tooMany).toMatchObject({
    kind: 'rejected',
    errors: [{ field: 'study.hours', reason: 'HOURS_EXCEED_CLASS' }],
  });

  const badId = await client.pushRecord(
    record({ student: { ...base.student, idNumber: '110105194912310021' } }),
  );
  expect(badId).toMatchObject({
    kind: 'rejected',
    errors: [{ field: 'student.idNumber', reason: 'ID_CHECKSUM' }],
  });

  // 李四's number is first accepted under his name; under another name it is refused.
  expect((await client.pushRecord(record({ student: { ...base.student, ...LI } }))).kind).toBe('accepted');
  const mismatch = await client.pushRecord(
    record({ student: { ...base.student, idNumber: LI.idNumber, name: '王五' } }),
  );
  expect(mismatch).toMatchObject({
    kind: 'rejected',
    errors: [{ field: 'student.idNumber', reason: 'ID_NAME_MISMATCH', message: '身份证号与姓名不一致' }],
  });

  const shape = await client.pushRecord({
    ...base,
    pushNo: `${base.pushNo}x`,
    student: { ...base.student, name: '' },
    study: { ...base.study, startedOn: '2026-04-01', completedOn: '2026-03-01' },
  });
  expect(shape).toMatchObject({ kind: 'rejected' });
  if (shape.kind !== 'rejected') throw new Error('not rejected');
  expect(shape.errors.map((e) => `${e.field}:${e.reason}`).sort()).toEqual(
    [
      'student.name:REQUIRED',
      'study.completedOn:DATE_ORDER',
      'study.examOn:DATE_ORDER',
      'certificate.issuedOn:DATE_ORDER',
    ].sort(),
  );
  // None of the rejected records was kept.
  for (const r of [notFiled, tooMany, badId, mismatch])
    if (r.kind === 'rejected') expect(r.errors.length).toBeGreaterThan(0);
});

test('a correction names an accepted push number', async () => {
  const original = record();
  await client.pushRecord(original);
  const unknown = await client.pushRecord(record({ kind: 'CORRECTION', corrects: 'RP-unknown' }));
  expect(unknown).toMatchObject({
    kind: 'rejected',
    errors: [{ field: 'corrects', reason: 'CORRECTS_UNKNOWN' }],
  });
  const correction = await client.pushRecord(
    record({ kind: 'CORRECTION', corrects: original.pushNo, study: { ...original.study, hours: 20 } }),
  );
  expect(correction.kind).toBe('accepted');
});

test('a wrong secret, an unknown app and a body changed after signing are refused as unauthorized', async () => {
  const wrongSecret = await clientFor({ secret: 'not-the-secret' }).pushRecord(record());
  expect(wrongSecret).toMatchObject({ kind: 'unauthorized', status: 401, code: 'SIGNATURE_INVALID' });
  const unknownApp = await clientFor({ appId: 'no-such-app' }).pushRecord(record());
  expect(unknownApp).toMatchObject({ kind: 'unauthorized', code: 'APP_UNKNOWN' });
  const tampering = clientFor({
    fetch: (url, init) =>
      fetch(url, { ...init, body: String(init?.body).replace('"hours":24', '"hours":23') }),
  });
  const tampered = await tampering.pushRecord(record());
  expect(tampered).toMatchObject({ kind: 'unauthorized', code: 'SIGNATURE_INVALID' });
});

test('a timestamp more than 5 minutes off is refused; one inside the window is not', async () => {
  const stale = await clientFor({ nowSeconds: () => Math.floor(Date.now() / 1000) - 301 }).pushRecord(
    record(),
  );
  expect(stale).toMatchObject({ kind: 'unauthorized', code: 'TIMESTAMP_EXPIRED' });
  const ahead = await clientFor({ nowSeconds: () => Math.floor(Date.now() / 1000) + 301 }).pushRecord(
    record(),
  );
  expect(ahead).toMatchObject({ kind: 'unauthorized', code: 'TIMESTAMP_EXPIRED' });
  const late = await clientFor({ nowSeconds: () => Math.floor(Date.now() / 1000) - 290 }).pushRecord(
    record(),
  );
  expect(late.kind).toBe('accepted');
});

test('a replayed request (same nonce) is refused and changes nothing', async () => {
  let captured: { url: string; init: RequestInit } | null = null;
  const recording = clientFor({
    fetch: (url, init) => {
      captured = { url, init: init ?? {} };
      return fetch(url, init);
    },
  });
  const sent = record();
  expect((await recording.pushRecord(sent)).kind).toBe('accepted');
  if (!captured) throw new Error('nothing sent');
  const { url, init } = captured as { url: string; init: RequestInit };
  // The very same bytes again (an eavesdropper's replay), and a new record under the old nonce.
  const replay = await fetch(url, { method: init.method, headers: init.headers, body: init.body });
  expect(replay.status).toBe(401);
  expect(await replay.json()).toMatchObject({ code: 'NONCE_REPLAYED' });
  const nonce = (init.headers as Record<string, string>)[HEADERS.nonce] ?? '';
  const reused = await clientFor({ nonce: () => nonce }).pushRecord(record());
  expect(reused).toMatchObject({ kind: 'unauthorized', code: 'NONCE_REPLAYED' });
  // A request refused for its signature does not burn its nonce.
  const fixed = 'fixed-nonce-0123456789';
  expect((await clientFor({ nonce: () => fixed, secret: 'wrong' }).pushRecord(record())).kind).toBe(
    'unauthorized',
  );
  expect((await clientFor({ nonce: () => fixed }).pushRecord(record())).kind).toBe('accepted');
});

test('beyond the rate limit the answer is rate-limited with Retry-After, and nothing is stored', async () => {
  sim.setRatePerSecond(2);
  try {
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => client.pushRecord(record())));
    const limited = outcomes.filter((o) => o.kind === 'rate-limited');
    expect(outcomes.filter((o) => o.kind === 'accepted')).toHaveLength(2);
    expect(limited).toHaveLength(2);
    expect(limited[0]).toMatchObject({ status: 429, retryAfterSeconds: 1 });
  } finally {
    sim.setRatePerSecond(200);
  }
  sim.injectFault({ kind: 'rate-limit', retryAfterSeconds: 7, times: 1 });
  const sent = record();
  expect(await client.pushRecord(sent)).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 7 });
  expect(await client.queryRecord(sent.pushNo)).toMatchObject({ kind: 'not-found' });
  expect((await client.pushRecord(sent)).kind).toBe('accepted');
});

test('injected faults: server errors, an outage, slow answers and rejected ID numbers', async () => {
  sim.injectFault({ kind: 'server-error', status: 503, times: 1 });
  const sent = record();
  expect(await client.pushRecord(sent)).toMatchObject({ kind: 'server-error', status: 503 });
  expect(await client.queryRecord(sent.pushNo)).toMatchObject({ kind: 'not-found' });

  sim.injectFault({ kind: 'outage', times: 1 });
  expect(await client.pushRecord(sent)).toMatchObject({ kind: 'unreachable' });

  sim.injectFault({ kind: 'slow', delayMs: 600, times: 1 });
  expect(await clientFor({ timeoutMs: 150 }).pushRecord(sent)).toEqual({
    kind: 'unreachable',
    reason: 'TimeoutError',
  });
  // The slow answer still came to pass at the regulator: the retry is a duplicate.
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect((await client.pushRecord(sent)).kind).toBe('duplicate');

  sim.injectFault({
    kind: 'reject-id',
    idNumber: LI.idNumber,
    reason: 'ID_NAME_MISMATCH',
    field: 'student.idNumber',
  });
  const li = record({ student: { name: LI.name, idType: 'ID_CARD', idNumber: LI.idNumber, mobile: null } });
  expect(await client.pushRecord(li)).toMatchObject({
    kind: 'rejected',
    errors: [{ field: 'student.idNumber', reason: 'ID_NAME_MISMATCH' }],
  });
  sim.clearFaults();
  expect((await client.pushRecord(li)).kind).toBe('accepted');
});

test('faults are injected over HTTP too, and bad ones are refused', async () => {
  const bad = await fetch(`${base}/sim/faults`, { method: 'POST', body: JSON.stringify({ kind: 'flood' }) });
  expect(bad.status).toBe(400);
  const ok = await fetch(`${base}/sim/faults`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'server-error', status: 502, times: 2 }),
  });
  expect(ok.status).toBe(200);
  expect((await client.pushRecord(record())).kind).toBe('server-error');
  expect((await client.pushRecord(record())).kind).toBe('server-error');
  expect((await client.pushRecord(record())).kind).toBe('accepted');
});

test('each app sees only its own records; the page lists records per app', async () => {
  const created = await fetch(`${base}/sim/apps`, {
    method: 'POST',
    body: JSON.stringify({ name: '另一机构' }),
  });
  const other = (await created.json()) as { appId: string; secret: string };
  const otherClient = clientFor(other);
  expect(
    (
      await otherClient.fileClass({
        code: 'PX-2026-0001',
        name: '另一班',
        hours: 8,
        startOn: '2026-01-01',
        endOn: '2026-12-31',
      })
    ).kind,
  ).toBe('accepted');
  const mine = record();
  await client.pushRecord(mine);
  // Another app's filed class limits its own records: 8 hours here.
  const theirs = record();
  expect(await otherClient.pushRecord(theirs)).toMatchObject({
    kind: 'rejected',
    errors: [{ reason: 'HOURS_EXCEED_CLASS' }],
  });
  const fits = record({ study: { ...theirs.study, hours: 8 } });
  expect((await otherClient.pushRecord(fits)).kind).toBe('accepted');
  expect(await otherClient.queryRecord(mine.pushNo)).toMatchObject({ kind: 'not-found' });

  const page = await (await fetch(`${base}/apps/${other.appId}`)).text();
  const records = page.slice(page.indexOf('学时记录'), page.indexOf('最近请求'));
  expect(records).toContain(fits.pushNo);
  expect(records).not.toContain(mine.pushNo);
  const index = await (await fetch(`${base}/`)).text();
  expect(index).toContain(other.appId);
  expect(index).toContain(DEMO_REGULATOR_APP.appId);
});

test('what was received survives a restart of the simulator', async () => {
  const sent = record();
  const first = await client.pushRecord(sent);
  await sim.close();
  sim = createRegulatorSimulator({ databaseUrl: db.url });
  base = await sim.listen();
  client = clientFor();
  const again = await client.pushRecord(sent);
  expect(again.kind).toBe('duplicate');
  if (first.kind !== 'accepted' || again.kind !== 'duplicate') throw new Error('unexpected');
  expect(again.data.receiptNo).toBe(first.data.receiptNo);
});
