import { ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import { QueryTypes } from 'sequelize';
import {
  DASHBOARD_CHARTS,
  type DashboardChart,
  type DashboardData,
  type DashboardList,
  type DashboardTable,
} from '../../contract/dashboard';
import { DEMO, seedDemoData } from '../../db/seed';
import type { TestApp } from '../../testing/app';
import { createTestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { Project } from '../project/project.model';
import { generateDashboardData } from './dashboard.generate';
import { regionGroup } from './dashboard.presenter';
import { addDays, chinaDate, rollupProject } from './dashboard-rollup';

let t: TestApp;
let demoId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.sequelize);
  demoId = ((await Project.findOne({ where: { code: DEMO.projectCode } })) as Project).id;
  admin = await signIn(
    (await Account.findOne({
      where: { projectId: demoId, accountName: DEMO.accounts.projectAdmin.account },
    })) as Account,
  );
}, 120_000);
afterAll(() => t.close());

const call = async (token: string, path: string, body: object) => {
  const res = await t.http.post(`/api/dashboard/${path}.action`).set('token', token).send(body);
  return res;
};
const ok = async <T>(token: string, path: string, body: object): Promise<T> => {
  const res = await call(token, path, body);
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as T;
};
const one = async (text: string, replacements: Record<string, unknown> = {}) => {
  const [row] = await t.sequelize.query<{ value: string | null }>(text, {
    replacements: { demoId, ...replacements },
    type: QueryTypes.SELECT,
  });
  return Number(row?.value ?? 0);
};
const scope = () => t.scope();
const today = () => chinaDate(new Date());
const DAY = (column: string) => `(${column} AT TIME ZONE 'Asia/Shanghai')::date`;
const IN_PERIOD = (column: string) => `${DAY(column)} BETWEEN CAST(:from AS date) AND CAST(:to AS date)`;

/** Every figure by day of the demo project, for comparing two runs. */
const dayFigures = () =>
  t.sequelize.query(
    'SELECT day::text, metric, dim, value::text FROM dashboard_day WHERE project_id = :demoId ORDER BY 1, 2, 3',
    { replacements: { demoId }, type: QueryTypes.SELECT },
  );

/** The figures as the direct counts of the raw rows over a period give them. */
async function directTotals(from: string, to: string) {
  const period = { from, to };
  return {
    enrolments: await one(
      `SELECT count(*) AS value FROM my_class WHERE project_id = :demoId AND status <> 'PENDING_PAY' AND ${IN_PERIOD('created_at')}`,
      period,
    ),
    paidFen: await one(
      `SELECT sum(paid_fen) AS value FROM pay_order WHERE project_id = :demoId AND paid_at IS NOT NULL
         AND status IN ('PAID', 'REFUNDING', 'REFUNDED') AND ${IN_PERIOD('paid_at')}`,
      period,
    ),
    orders: await one(
      `SELECT count(*) AS value FROM pay_order WHERE project_id = :demoId AND paid_at IS NOT NULL
         AND status IN ('PAID', 'REFUNDING', 'REFUNDED') AND ${IN_PERIOD('paid_at')}`,
      period,
    ),
    refundedFen: await one(
      `SELECT sum(amount_fen) AS value FROM pay_refund WHERE project_id = :demoId AND status = 'SUCCESS'
         AND ${IN_PERIOD('succeeded_at')}`,
      period,
    ),
    studySeconds: await one(
      `SELECT sum(s) AS value FROM (SELECT floor(sum(credited_seconds)) AS s FROM study_session
         WHERE project_id = :demoId AND ${IN_PERIOD('started_at')} GROUP BY ${DAY('started_at')}) d`,
      period,
    ),
    active30: await one(
      `SELECT count(DISTINCT account_id) AS value FROM study_session WHERE project_id = :demoId
         AND ${DAY('started_at')} > CAST(:to AS date) - 30 AND ${DAY('started_at')} <= CAST(:to AS date)`,
      period,
    ),
  };
}

/** A chart's table as the page asks for it (the two tops through `dashboard/top`). */
const chartTable = async (token: string, chart: DashboardChart, body: object = {}) =>
  chart === 'topClasses' || chart === 'topUnits'
    ? ok<DashboardTable>(token, 'top', { ...body, kind: chart === 'topClasses' ? 'classes' : 'units' })
    : ((await ok<DashboardData>(token, 'data', { ...body, type: 'group', chart })).table as DashboardTable);

// Runs before any generated data: what `npm start` shows a new user.
describe('the demo project alone', () => {
  test('every chart shows something, and the work waiting is what its lists hold', async () => {
    await rollupProject(scope(), demoId, { full: true });
    const board = await ok<DashboardList>(admin, 'list', {});
    expect(board.charts.map((chart) => chart.key)).toEqual([...DASHBOARD_CHARTS]);
    const empty: DashboardChart[] = [];
    for (const { key } of board.charts) {
      const table = await chartTable(admin, key);
      const figures = table.columns.filter((column) => column.kind !== 'text').map((column) => column.key);
      if (!table.rows.some((row) => figures.some((column) => Number(row[column]) > 0))) empty.push(key);
    }
    expect(empty).toEqual([]);

    // 待处理事项 and 学时上报状态 count what 退款申请, 发票管理 and 上报记录 list.
    const listTotal = async (path: string, body: object) => {
      const res = await t.http.post(`/api/${path}.action`).set('token', admin).send(body);
      expect(res.body).toMatchObject({ respCode: 200 });
      return (res.body.attribute as { total: number }).total;
    };
    const waiting = (await chartTable(admin, 'waiting')).rows;
    expect(waiting).toEqual([
      { item: '发票申请待开票', count: await listTotal('invoice/page', { status: 'PENDING' }) },
      { item: '退款申请待审核', count: await listTotal('refund-apply/list', { status: 'PENDING' }) },
    ]);
    expect(waiting[1]?.count).toBeGreaterThan(0);
    const pushes = (await chartTable(admin, 'pushes')).rows;
    expect(pushes.reduce((sum, row) => sum + Number(row.count), 0)).toBe(
      await listTotal('my-class-push-log/report-list', {}),
    );
  }, 120_000);
});

describe('rollups', () => {
  beforeAll(
    () =>
      generateDashboardData(t.sequelize, {
        projectId: demoId,
        students: 300,
        enrolments: 1500,
        orders: 800,
        sessions: 3000,
        days: 60,
        tag: 'A',
      }),
    120_000,
  );

  test('the figures equal direct counts of the generated rows', async () => {
    await rollupProject(scope(), demoId, { full: true });
    const to = today();
    const from = addDays(to, -59);
    const data = await ok<DashboardData>(admin, 'data', { type: 'total', from, to });
    const direct = await directTotals(from, to);
    expect(direct.enrolments).toBeGreaterThan(500);
    expect(direct.refundedFen).toBeGreaterThan(0);
    expect(data.totals).toMatchObject({
      from,
      to,
      enrolments: direct.enrolments,
      paidFen: direct.paidFen,
      refundedFen: direct.refundedFen,
      revenueFen: direct.paidFen - direct.refundedFen,
      orders: direct.orders,
      studyHours: Math.round(direct.studySeconds / 360) / 10,
      active30: direct.active30,
      waitingRefunds: await one(
        "SELECT count(*) AS value FROM refund_apply WHERE project_id = :demoId AND status = 'PENDING'",
      ),
    });

    // The series by week adds up to the period's enrolments; one day equals its direct count.
    const weeks = (
      await ok<DashboardData>(admin, 'data', { type: 'group', chart: 'enrolments', from, to, unit: 'week' })
    ).table as DashboardTable;
    expect(weeks.rows.reduce((sum, row) => sum + Number(row.enrolments), 0)).toBe(direct.enrolments);
    const days = (await ok<DashboardData>(admin, 'data', { type: 'group', chart: 'enrolments', from, to }))
      .table as DashboardTable;
    expect(days.rows).toHaveLength(60);
    const day = addDays(to, -10);
    expect(days.rows.find((row) => row.period === day)?.enrolments).toBe(
      (await directTotals(day, day)).enrolments,
    );

    // Orders by channel: every channel, each its direct count.
    const channels = (await ok<DashboardData>(admin, 'data', { type: 'group', chart: 'channels', from, to }))
      .table as DashboardTable;
    expect(channels.rows).toHaveLength(6);
    const jsapi = await one(
      `SELECT count(*) AS value FROM pay_order WHERE project_id = :demoId AND channel = 'WX_JSAPI'
         AND status IN ('PAID', 'REFUNDING', 'REFUNDED') AND ${IN_PERIOD('paid_at')}`,
      { from, to },
    );
    expect(channels.rows.find((row) => row.channel === '微信支付')?.orders).toBe(jsapi);

    // Top classes: the class with most enrolments first, with its count.
    const top = await ok<DashboardTable>(admin, 'top', { kind: 'classes', from, to, limit: 3 });
    const [first] = await t.sequelize.query<{ name: string; value: string }>(
      `SELECT c.name, count(*) AS value FROM my_class m JOIN train_class c ON c.id = m.class_id
        WHERE m.project_id = :demoId AND m.status <> 'PENDING_PAY' AND ${IN_PERIOD('m.created_at')}
        GROUP BY c.id, c.name ORDER BY 2 DESC, c.id LIMIT 1`,
      { replacements: { demoId, from, to }, type: QueryTypes.SELECT },
    );
    expect(top.rows[0]).toEqual({ name: first?.name, enrolments: Number(first?.value) });
    expect(top.rows).toHaveLength(3);

    // Completion and pass rates of that class.
    const rates = (await ok<DashboardData>(admin, 'data', { type: 'group', chart: 'classRates', from, to }))
      .table as DashboardTable;
    const row = rates.rows.find((r) => r.name === first?.name) as Record<string, number>;
    const held = await one(
      `SELECT count(*) AS value FROM my_class m JOIN train_class c ON c.id = m.class_id WHERE m.project_id = :demoId
         AND c.name = :name AND m.status NOT IN ('PENDING_PAY', 'REFUNDED', 'CHANGED_OUT') AND ${IN_PERIOD('m.created_at')}`,
      { from, to, name: first?.name },
    );
    const passed = await one(
      `SELECT count(*) AS value FROM my_class m JOIN train_class c ON c.id = m.class_id WHERE m.project_id = :demoId
         AND c.name = :name AND m.status = 'PASSED' AND ${IN_PERIOD('m.created_at')}`,
      { from, to, name: first?.name },
    );
    expect(row.enrolled).toBe(held);
    expect(row.passed).toBe(passed);
    expect(row.passRate).toBe(Math.round((passed * 1000) / held) / 10);

    // Students by region: every student counted once, Jinan among the cities of Shandong.
    const regions = (await ok<DashboardData>(admin, 'data', { type: 'group', chart: 'regions', to }))
      .table as DashboardTable;
    const students = await one(
      'SELECT count(*) AS value FROM account WHERE project_id = :demoId AND role_system = 3 AND deleted_at IS NULL',
    );
    expect(regions.rows.reduce((sum, r) => sum + Number(r.students), 0)).toBe(students);
    expect(regions.rows.map((r) => r.region)).toEqual(expect.arrayContaining(['济南市', '区域外']));
  }, 120_000);

  test('a run after changes computes the touched days as a full run would', async () => {
    await rollupProject(scope(), demoId);
    // New enrolments and sessions, an old enrolment passed, an old order refunded, a student deleted.
    await generateDashboardData(t.sequelize, {
      projectId: demoId,
      students: 20,
      enrolments: 60,
      orders: 30,
      sessions: 80,
      days: 2,
      tag: 'B',
    });
    // Sessions of the last two days still beat (the generated ones ended in the past).
    await t.sequelize.query(
      `UPDATE study_session SET last_beat_at = now()
        WHERE project_id = :demoId AND started_at > now() - interval '2 days'`,
      { replacements: { demoId } },
    );
    await t.sequelize.query(
      `UPDATE my_class SET status = 'PASSED', updated_at = now()
        WHERE id = (SELECT min(id) FROM my_class WHERE project_id = :demoId AND status = 'STUDYING'
                      AND created_at < now() - interval '20 days')`,
      { replacements: { demoId } },
    );
    await t.sequelize.query(
      `UPDATE account SET deleted_at = now(), updated_at = now()
        WHERE id = (SELECT min(id) FROM account WHERE project_id = :demoId AND role_system = 3
                      AND real_name LIKE '生成学员%' AND created_at < now() - interval '20 days')`,
      { replacements: { demoId } },
    );
    const incremental = await rollupProject(scope(), demoId);
    const afterIncremental = await dayFigures();
    await rollupProject(scope(), demoId, { full: true });
    expect(afterIncremental).toEqual(await dayFigures());
    expect(incremental.lastDay).toBe(today());
    expect(incremental.refreshedAt).not.toBeNull();
  }, 120_000);
});

describe('the calls', () => {
  test('project staff see only their project: naming another is refused', async () => {
    const { project: other } = await buildHostedProject();
    const otherAdmin = await buildAccount({
      projectId: other.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/dashboard', '/dashboard/index', '/dashboard/refresh'],
    });
    const token = await signIn(otherAdmin.account);
    for (const [path, body] of [
      ['data', { type: 'total', projectId: demoId }],
      ['top', { kind: 'classes', projectId: demoId }],
      ['list', { projectId: demoId }],
      ['last-date', { projectId: demoId }],
      ['delete-cache-key', { projectId: demoId }],
      ['export', { chart: 'enrolments', projectId: demoId }],
    ] as const) {
      const res = await call(token, path, body);
      expect(res.status).toBe(403);
      expect(res.body.respDesc).toBe('不能查看其他项目的数据看板');
    }
    // Their own project's figures hold none of the demo's.
    const own = await ok<DashboardData>(token, 'data', { type: 'total' });
    expect(own.totals).toMatchObject({ enrolments: 0, paidFen: 0, orders: 0 });
  });

  test('platform staff choose the project; project staff get no choice', async () => {
    const platform = await buildAccount({
      projectId: null,
      roleSystem: ROLE_SYSTEM.PLATFORM,
      menu: ['/dashboard', '/dashboard/index'],
    });
    const token = await signIn(platform.account);
    const list = await ok<DashboardList>(token, 'list', { projectId: demoId });
    expect(list.projectId).toBe(demoId);
    expect(list.projects.map((project) => project.id)).toContain(demoId);
    expect(list.abilities).toEqual({ canRefresh: false, refreshRefusal: '没有刷新看板数据的权限' });
    const fromPlatform = await ok<DashboardData>(token, 'data', { type: 'total', projectId: demoId });
    const fromStaff = await ok<DashboardData>(admin, 'data', { type: 'total' });
    expect(fromPlatform.totals).toEqual(fromStaff.totals);
    const own = await ok<DashboardList>(admin, 'list', {});
    expect(own).toMatchObject({ projectId: demoId, projects: [], abilities: { canRefresh: true } });
    expect(own.charts.map((chart) => chart.key)).toContain('pushes');
  });

  test('刷新看板数据 needs the grant and recomputes now', async () => {
    const viewer = await buildAccount({
      projectId: demoId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/dashboard', '/dashboard/index'],
    });
    const refused = await call(await signIn(viewer.account), 'delete-cache-key', {});
    expect(refused.status).toBe(403);
    await t.sequelize.query(
      `INSERT INTO my_class (project_id, account_id, class_id, status, created_at, updated_at)
       SELECT project_id, account_id, class_id, 'REFUNDED', now(), now() FROM my_class
        WHERE project_id = :demoId LIMIT 1`,
      { replacements: { demoId } },
    );
    const before = (await ok<DashboardData>(admin, 'data', { type: 'total', from: today(), to: today() }))
      .totals;
    const fresh = await ok<{ refreshedAt: string; lastDay: string }>(admin, 'delete-cache-key', {});
    expect(fresh.lastDay).toBe(today());
    const after = (await ok<DashboardData>(admin, 'data', { type: 'total', from: today(), to: today() }))
      .totals;
    expect(after?.enrolments).toBe((before?.enrolments ?? 0) + 1);
    expect(await ok<{ refreshedAt: string }>(admin, 'last-date', {})).toMatchObject({
      refreshedAt: fresh.refreshedAt,
    });
  });

  test('a chart exports as .xlsx with its table', async () => {
    const res = await t.http
      .post('/api/dashboard/export.action')
      .set('token', admin)
      .send({ chart: 'channels' })
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, '支付渠道', '订单数']);
    expect(sheet.rowCount).toBe(7);
  });

  test('the refresh interval is the account’s own, one of the offered values', async () => {
    const bad = await t.http
      .post('/api/account/modify-dashboard-rate.action')
      .set('token', admin)
      .send({ rate: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors[0].field).toBe('rate');
    const good = await t.http
      .post('/api/account/modify-dashboard-rate.action')
      .set('token', admin)
      .send({ rate: 60 });
    expect(good.body).toMatchObject({ respCode: 200, attribute: { rate: 60 } });
    expect((await ok<DashboardList>(admin, 'list', {})).rate).toBe(60);
    // Another account of the project keeps its own (the default, 5 minutes).
    const colleague = await buildAccount({
      projectId: demoId,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: ['/dashboard', '/dashboard/index'],
    });
    expect((await ok<DashboardList>(await signIn(colleague.account), 'list', {})).rate).toBe(300);
  });

  test('bad periods are refused on their field', async () => {
    const reversed = await call(admin, 'data', { type: 'total', from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.body.attribute.errors[0]).toMatchObject({ field: 'to' });
    const long = await call(admin, 'data', { type: 'total', from: '2020-01-01', to: '2026-03-01' });
    expect(long.body.attribute.errors[0]).toMatchObject({ field: 'to' });
    const noChart = await call(admin, 'data', { type: 'group' });
    expect(noChart.body.attribute.errors[0]).toMatchObject({ field: 'chart' });
  });
});

test('regions group one level below the project’s area', () => {
  expect(regionGroup('370102', '370000')).toBe('370100');
  expect(regionGroup('110101', '370000')).toBe('区域外');
  expect(regionGroup('', '370000')).toBe('未知');
  expect(regionGroup('370102', '370100')).toBe('370102');
  expect(regionGroup('370102', '100000')).toBe('370000');
});
