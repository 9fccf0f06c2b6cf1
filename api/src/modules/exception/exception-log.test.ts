import { ROLE_SYSTEM } from '@px/config';
import { QueryTypes } from 'sequelize';
import { EXCEPTION_LOG_MESSAGES as M } from '../../contract/exception-log';
import { allJobs } from '../../jobs';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';

// 异常记录 (issue 24): the platform's failures in one list — here pg-boss's failed jobs and a refused
// payment notification — with who may see which (platform staff all, project staff their project's),
// 标记已处理 with a note, and 重试 of a failed job through pg-boss.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PAGE = '/exception-manage/list';
const post = (path: string, token: string, body: object) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body);
const JOB = allJobs[0]?.name ?? '';

async function failedJob(data: object, message: string): Promise<string> {
  const [row] = await t.sequelize.query<{ id: string }>(
    `INSERT INTO pgboss.job (name, data, state, output, completed_on, retry_limit, retry_count)
     VALUES (:name, CAST(:data AS jsonb), 'failed', CAST(:output AS jsonb), now(), 2, 2) RETURNING id`,
    {
      replacements: { name: JOB, data: JSON.stringify(data), output: JSON.stringify({ message }) },
      type: QueryTypes.SELECT,
    },
  );
  return `JOB:${row?.id}`;
}

async function staffOf(projectId: number | null, menu = [PAGE]) {
  const { account } = await buildAccount({
    projectId,
    roleSystem: projectId === null ? ROLE_SYSTEM.PLATFORM : ROLE_SYSTEM.PROJECT,
    menu,
    overrides: { realName: projectId === null ? '平台运维' : '项目运维' },
  });
  return signIn(account);
}

const keysOf = (body: { attribute: { list: { key: string }[] } }) =>
  body.attribute.list.map((row) => row.key);

test('each sees the failures in reach; resolve keeps a note once; retry puts a failed job back', async () => {
  const a = await buildProject();
  const b = await buildProject();
  const jobA = await failedJob({ projectId: a.id, invoiceId: 1 }, '开票平台无响应');
  const jobB = await failedJob({ projectId: b.id }, 'B 的失败');
  const jobNone = await failedJob({}, '清理任务失败');
  const [payment] = await t.sequelize.query<{ id: number }>(
    `INSERT INTO pay_notification (outcome, reason, received_at) VALUES ('REFUSED', 'SIGNATURE: 签名不正确', now()) RETURNING id`,
    { type: QueryTypes.SELECT },
  );
  const paymentKey = `PAYMENT:${payment?.id}`;
  const staffA = await staffOf(a.id);
  const staffB = await staffOf(b.id);
  const platform = await staffOf(null);

  const pageA = await post('exception-log/page', staffA, {});
  expect(keysOf(pageA.body)).toEqual([jobA]);
  expect(pageA.body.attribute.list[0]).toMatchObject({
    source: 'JOB',
    state: 'OPEN',
    projectId: a.id,
    object: `后台任务 ${JOB}`,
    reason: '开票平台无响应',
    canRetry: true,
    canResolve: true,
  });
  expect(keysOf((await post('exception-log/page', staffB, {})).body)).toEqual([jobB]);
  const all = await post('exception-log/page', platform, { pageSize: 100 });
  expect(keysOf(all.body)).toEqual(expect.arrayContaining([jobA, jobB, jobNone, paymentKey]));
  const paymentRow = all.body.attribute.list.find((row: { key: string }) => row.key === paymentKey);
  expect(paymentRow).toMatchObject({ canRetry: false, retryRefusal: M.NOT_RETRYABLE, canResolve: true });

  // Another project's failure reads as missing.
  for (const call of ['query', 'retry'])
    expect((await post(`exception-log/${call}`, staffA, { key: jobB })).body.respDesc).toBe(M.NOT_FOUND);
  expect((await post('exception-log/resolve', staffA, { key: jobB, note: 'x' })).body.respDesc).toBe(
    M.NOT_FOUND,
  );

  const detail = await post('exception-log/query', staffA, { key: jobA });
  expect(detail.body.attribute.facts).toEqual(
    expect.arrayContaining([{ label: '任务', value: JOB }, expect.objectContaining({ label: '任务数据' })]),
  );
  const blank = await post('exception-log/resolve', staffA, { key: jobA, note: ' ' });
  expect(blank.status).toBe(400);
  const resolved = await post('exception-log/resolve', staffA, { key: jobA, note: '已手工开票' });
  expect(resolved.body.attribute).toMatchObject({
    state: 'RESOLVED',
    resolveNote: '已手工开票',
    resolvedByName: '项目运维',
    canResolve: false,
    resolveRefusal: M.RESOLVED,
    canRetry: false,
  });
  expect((await post('exception-log/resolve', staffA, { key: jobA, note: '再次' })).body.respDesc).toBe(
    M.RESOLVED,
  );
  expect(keysOf((await post('exception-log/page', staffA, { state: 'OPEN' })).body)).toEqual([]);
  expect(keysOf((await post('exception-log/page', staffA, { state: 'RESOLVED' })).body)).toEqual([jobA]);

  const retried = await post('exception-log/retry', platform, { key: jobNone });
  expect(retried.body.attribute).toEqual({ key: jobNone, message: `任务 ${JOB} 已重新排队` });
  const [state] = await t.sequelize.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = :id', {
    replacements: { id: jobNone.slice(4) },
    type: QueryTypes.SELECT,
  });
  expect(state?.state).toBe('retry');
  expect((await post('exception-log/retry', platform, { key: jobNone })).body.respDesc).toBe(M.NOT_FOUND);
  expect((await post('exception-log/retry', platform, { key: paymentKey })).body.respDesc).toBe(
    M.NOT_RETRYABLE,
  );
  const platformResolved = await post('exception-log/resolve', platform, {
    key: paymentKey,
    note: '探测请求，忽略',
  });
  expect(platformResolved.body.attribute).toMatchObject({ state: 'RESOLVED', projectId: null });
});

test('bad keys and callers without the page are refused', async () => {
  const a = await buildProject();
  const staffA = await staffOf(a.id);
  const bad = await post('exception-log/query', staffA, { key: "JOB:'; DROP TABLE x" });
  expect(bad.status).toBe(400);
  expect(bad.body.attribute.errors[0].field).toBe('key');
  expect((await post('exception-log/page', await staffOf(a.id, ['/home']), {})).status).toBe(403);
});
