import { ROLE_SYSTEM } from '@px/config';
import { wechatJson } from '@px/wechat';
import type { StudyStart } from './contract/study';
import { createManualClock } from './core/clock';
import { type MetricsServer, startMetricsServer } from './core/metrics';
import { asBackgroundWork, onReplica, routeConnections } from './db/connection-routes';
import { createSequelize } from './db/sequelize';
import { createEinvoiceClient } from './modules/invoice/einvoice/einvoice.provider';
import { createEinvoiceSimulator } from './modules/invoice/einvoice/einvoice-sim';
import { useTestStorage } from './modules/resource/resource.testing';
import { buildClass, enrol } from './modules/train-class/train-class.testing';
import { createTestApp, type TestApp } from './testing/app';
import { testAppUrl } from './testing/database';
import { buildAccount, buildProject, signIn } from './testing/factories';

/**
 * `GET /metrics` (its own port, METRICS_PORT) moves with what the instance does: calls by key and
 * respCode, study beats credited and refused, jobs, requests to outside systems, the pool, the job
 * queues and the change feed. Each app has a registry of its own. The app lends connections from
 * three pools as a server does (db/connection-routes): its own, the jobs' and a read replica's (the
 * same database stands for the replica).
 */
const clock = createManualClock(new Date('2026-11-26T02:00:00Z'));
const storage = useTestStorage();
let app: TestApp;
let server: MetricsServer;
beforeAll(async () => {
  app = await createTestApp({ caches: true, providers: { ...storage.providers(), clock } });
  routeConnections(app.sequelize, {
    jobs: createSequelize(testAppUrl(app.databaseUrl), { poolMax: 2 }),
    replica: createSequelize(testAppUrl(app.databaseUrl), { poolMax: 3 }),
  });
  server = await startMetricsServer(app.metrics, 0, '127.0.0.1');
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

/** Scrapes like Prometheus and answers the samples by series (`name{labels}` -> value). */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(server.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}
const value = (samples: Map<string, number>, series: string) => samples.get(series) ?? 0;

test('calls are counted by key and respCode, with their latency', async () => {
  const before = await scrape();
  // No project at this host: system-info answers in the envelope with its own code.
  const codes = new Set<number>();
  for (let i = 0; i < 3; i++)
    codes.add((await app.http.post('/api/project/system-info.action').send({})).body.respCode);
  expect(codes.size).toBe(1);
  const code = String([...codes][0]);
  // Not signed in: refused in the envelope.
  await app.http.post('/api/login/get-account-info.action').send({});
  await app.http.post('/api/no/such-call.action').send({});
  const after = await scrape();
  const count = (call: string, respCode: string) =>
    value(after, `px_call_duration_seconds_count{call="${call}",respCode="${respCode}"}`) -
    value(before, `px_call_duration_seconds_count{call="${call}",respCode="${respCode}"}`);
  expect(count('project/system-info', code)).toBe(3);
  const refused = [...after.keys()].filter((series) =>
    series.startsWith('px_call_duration_seconds_count{call="login/get-account-info"'),
  );
  expect(refused).toHaveLength(1);
  expect(refused[0]).not.toContain('respCode="200"');
  expect(refused[0]).not.toContain(`respCode="${code}"`);
  expect([...after.keys()].some((series) => series.includes('call="no/such-call"'))).toBe(false);
  expect(
    [...after.keys()].some((series) => series.startsWith('px_call_duration_seconds_count{call="other"')),
  ).toBe(true);
  expect(
    value(after, `px_call_duration_seconds_bucket{le="+Inf",call="project/system-info",respCode="${code}"}`),
  ).toBe(value(after, `px_call_duration_seconds_count{call="project/system-info",respCode="${code}"}`));
  expect(
    value(after, `px_call_duration_seconds_sum{call="project/system-info",respCode="${code}"}`),
  ).toBeGreaterThan(0);
});

test('study beats are counted credited, and refused by reason', async () => {
  const project = await buildProject({ settings: {} });
  const { account: student } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({
    projectId: project.id,
    examRequired: false,
    studyInOrder: false,
    courses: [{ lessons: [{ durationSeconds: 600, hoursTenths: 10 }] }],
  });
  const enrolment = await enrol(built.trainClass, student.id, 'STUDYING');
  const token = await signIn(student);
  const call = (name: string, body: object) =>
    app.http.post(`/api/study/${name}.action`).set('token', token).send(body);
  const start = (
    await call('start', { myClassId: enrolment.id, lessonId: built.courses[0]?.lessons[0]?.id ?? 0 })
  ).body.attribute as StudyStart;
  const before = await scrape();
  clock.advance(15_000);
  const credited = await call('heartbeat', {
    sessionId: start.sessionId,
    seq: 1,
    position: 15,
    rate: 1,
    visible: true,
  });
  expect(credited.body.attribute).toMatchObject({ refusal: null });
  clock.advance(15_000);
  const hidden = await call('heartbeat', {
    sessionId: start.sessionId,
    seq: 2,
    position: 15,
    rate: 1,
    visible: false,
  });
  expect(hidden.body.attribute).toMatchObject({ refusal: 'HIDDEN' });
  const after = await scrape();
  const moved = (series: string) => value(after, series) - value(before, series);
  expect(moved('px_study_beats_total{outcome="credited",reason=""}')).toBe(1);
  expect(moved('px_study_beats_total{outcome="refused",reason="HIDDEN"}')).toBe(1);
});

test('requests to WeChat and the invoice platform are timed, failures counted', async () => {
  const before = await scrape();
  // The app's WeChat gateway sends through the timed fetch: a WeChat that cannot be reached.
  const { wechat } = app.scope().providers;
  await expect(
    wechatJson({ base: 'http://127.0.0.1:9', path: '/cgi-bin/token', fetch: wechat.fetch }),
  ).rejects.toThrow('could not be reached');
  const sim = createEinvoiceSimulator({ delayMs: 0 });
  await sim.listen(0);
  try {
    const client = createEinvoiceClient({
      baseUrl: sim.url(),
      appKey: sim.appKey,
      appSecret: sim.appSecret,
      publicUrl: null,
      fetch: app.metrics.timedFetch('einvoice'),
    });
    await client.query('NO-SUCH-REQUEST').catch(() => undefined);
  } finally {
    await sim.close();
  }
  const after = await scrape();
  const moved = (series: string) => value(after, series) - value(before, series);
  expect(moved('px_outbound_errors_total{system="wechat",kind="unreachable"}')).toBe(1);
  expect(moved('px_outbound_duration_seconds_count{system="wechat",outcome="unreachable"}')).toBe(1);
  const einvoice = [...after.keys()].filter((series) =>
    series.startsWith('px_outbound_duration_seconds_count{system="einvoice"'),
  );
  expect(einvoice.reduce((sum, series) => sum + moved(series), 0)).toBe(1);
});

test('the pool, the job queues, jobs run and the change feed are read at scrape time', async () => {
  const samples = await scrape();
  expect(value(samples, 'px_db_pool_max{pool="primary"}')).toBe(5);
  expect(samples.has('px_db_pool_in_use{pool="primary"}')).toBe(true);
  expect(samples.has('px_db_pool_waiting{pool="primary"}')).toBe(true);
  expect(value(samples, 'px_change_feed_connected')).toBe(1);

  // A job waiting in its queue shows in the depth and, once old, in the oldest job's age.
  const queue = app.scope().jobs;
  await queue.send('sign-in-attempt.sweep', {});
  const queued = await scrape();
  const depths = [...queued.entries()].filter(([series]) =>
    series.startsWith('px_job_queue_depth{queue="sign-in-attempt.sweep",when="due"'),
  );
  expect(depths.map(([, count]) => count)).toEqual([expect.any(Number)]);
  expect(depths[0]?.[1]).toBeGreaterThanOrEqual(1);
  expect(queued.has('px_job_queue_oldest_seconds{queue="sign-in-attempt.sweep"}')).toBe(true);
  const ran = await app.jobs.drain();
  expect(ran).toBeGreaterThanOrEqual(1);
  const drained = await scrape();
  const jobs = [...drained.keys()].filter((series) =>
    series.startsWith('px_jobs_total{queue="sign-in-attempt.sweep"'),
  );
  expect(jobs.length).toBeGreaterThanOrEqual(1);
  expect(value(drained, 'px_job_queue_depth{queue="sign-in-attempt.sweep",when="due"}')).toBe(0);

  await app.changeFeed?.close();
  expect(value(await scrape(), 'px_change_feed_connected')).toBe(0);
});

test("the jobs' and the replica's pools are read as the calls' pool is", async () => {
  const pool = (samples: Map<string, number>, name: string, label: string) =>
    samples.get(`${name}{pool="${label}"}`);
  const before = await scrape();
  expect(pool(before, 'px_db_pool_max', 'jobs')).toBe(2);
  expect(pool(before, 'px_db_pool_max', 'replica')).toBe(3);
  expect(pool(before, 'px_db_pool_waiting', 'jobs')).toBe(0);

  // Three background transactions on the jobs' two connections (one waits), one read on the replica.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holders = [
    ...[1, 2, 3].map(() => asBackgroundWork(() => app.sequelize.transaction(() => held))),
    onReplica(() => app.sequelize.transaction({ readOnly: true }, () => held)),
  ];
  let busy = before;
  for (let tries = 0; tries < 50; tries++) {
    busy = await scrape();
    if (pool(busy, 'px_db_pool_waiting', 'jobs') === 1 && pool(busy, 'px_db_pool_in_use', 'replica') === 1)
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  release();
  await Promise.all(holders);
  expect(pool(busy, 'px_db_pool_in_use', 'jobs')).toBe(2);
  expect(pool(busy, 'px_db_pool_waiting', 'jobs')).toBe(1);
  expect(pool(busy, 'px_db_pool_in_use', 'replica')).toBe(1);
  expect(pool(busy, 'px_db_pool_waiting', 'replica')).toBe(0);
  // The calls' pool lent none of them.
  expect(pool(busy, 'px_db_pool_in_use', 'primary')).toBeLessThanOrEqual(1);

  const after = await scrape();
  expect(pool(after, 'px_db_pool_in_use', 'jobs')).toBe(0);
  expect(pool(after, 'px_db_pool_idle', 'jobs')).toBe(2);
  expect(pool(after, 'px_db_pool_in_use', 'replica')).toBe(0);
  expect(pool(after, 'px_db_pool_idle', 'replica')).toBe(1);
});

test('each app has a registry of its own', async () => {
  const other = await createTestApp({ sameDatabaseAs: app });
  try {
    const { respCode } = (await other.http.post('/api/project/system-info.action').send({})).body;
    expect(other.metrics.registry).not.toBe(app.metrics.registry);
    const mine = await app.metrics.registry.getSingleMetricAsString('px_call_duration_seconds');
    const theirs = await other.metrics.registry.getSingleMetricAsString('px_call_duration_seconds');
    expect(theirs.split('\n')).toContain(
      `px_call_duration_seconds_count{call="project/system-info",respCode="${respCode}"} 1`,
    );
    expect(mine).toContain('call="project/system-info"');
  } finally {
    await other.close();
  }
});
