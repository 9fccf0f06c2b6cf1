import http from 'node:http';
import type { Readable } from 'node:stream';
import { ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import { QueryTypes } from 'sequelize';
import type { Response } from 'supertest';
import { EXPORT_BATCH_SIZE, exportCursorStats } from '../../core/export-cursor';
import { XLSX_MIME } from '../../core/xlsx';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount } from '../../testing/factories';
import { Project } from '../project/project.model';
import { tenantOf } from '../project/project.tenant';
import {
  buildClassCatalogue,
  buildPlan,
  type ClassCatalogue,
  THIS_YEAR,
  validClass,
} from './class-admin.testing';
import { exportClasses } from './class-export';
import { chinaToday } from './class-read';
import { MyClass, TrainClass } from './train-class.model';
import { enrol } from './train-class.testing';

let t: TestApp;
let c: ClassCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  c = await buildClassCatalogue();
});
afterAll(() => t.close());

/** Collects a raw answer body as bytes. */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The rows of the first sheet as arrays of cell values (header first). */
async function rowsOf(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function create(overrides: Record<string, unknown>) {
  const res = await t.http
    .post('/api/class/create.action')
    .set('token', c.token)
    .send(validClass(c, overrides));
  expect(res.body.respCode).toBe(200);
  return res.body.attribute as { id: number };
}

/** `count` classes of the catalogue's project named 批量班级0000.., the last one first in display order. */
async function bulkClasses(p: ClassCatalogue, count: number) {
  const base = validClass(p);
  await TrainClass.bulkCreate(
    Array.from({ length: count }, (_, index) => ({
      projectId: p.projectId,
      planId: p.plans.published.id,
      categoryId: p.categories.major.id,
      certificateTemplateId: null,
      name: `批量班级${String(index).padStart(4, '0')}`,
      year: THIS_YEAR,
      amountFen: index,
      enrolStartDate: base.enrolStartDate,
      enrolEndDate: base.enrolEndDate,
      studyStartDate: base.studyStartDate,
      studyEndDate: base.studyEndDate,
      teacherName: null,
      description: null,
      sort: 2000 - index,
      createdBy: null,
    })),
  );
}

test('class/export streams the filtered classes as an .xlsx in display order (GET and POST)', async () => {
  const lastYearPlan = await buildPlan(c.projectId, { year: THIS_YEAR - 1 });
  await create({ name: '导出甲班', amount: 26000 });
  await create({ name: '导出乙班', amount: 0, planId: lastYearPlan.id, year: THIS_YEAR - 1 });
  const b = await create({ name: '导出丙班', amount: 9850, categoryId: c.categories.child.id });
  await TrainClass.update({ onShelf: true }, { where: { id: b.id, projectId: c.projectId } });

  const res = await t.http
    .get('/api/class/export.action')
    .query({ year: THIS_YEAR, pageSize: 1 })
    .set('token', c.token)
    .buffer(true)
    .parse(binary);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_MIME);
  const day = chinaToday().replaceAll('-', '');
  expect(res.headers['content-disposition']).toContain(
    `filename*=UTF-8''${encodeURIComponent(`班级列表-${day}.xlsx`)}`,
  );
  const rows = await rowsOf(res.body as Buffer);
  expect(rows[0]).toEqual([
    '班级名称',
    '年度',
    '培训计划',
    '班级类型',
    '价格（元）',
    '必修学时',
    '选修学时',
    '报名开始',
    '报名结束',
    '学习开始',
    '学习结束',
    '上架状态',
    '报名人数',
    '待支付',
    '已退款/转出',
    '创建时间',
  ]);
  // Paging is ignored: every class of the filter, in display order (created first, sort ascending).
  expect(rows.slice(1).map((row) => row[0])).toEqual(['导出甲班', '导出丙班']);
  const [first, second] = rows.slice(1) as unknown[][];
  expect(first?.slice(0, 15)).toEqual([
    '导出甲班',
    THIS_YEAR,
    c.plans.published.name,
    '专业科目 / 建筑工程',
    260,
    2,
    1,
    `${THIS_YEAR}-01-01`,
    `${THIS_YEAR + 1}-12-31`,
    `${THIS_YEAR}-01-01`,
    `${THIS_YEAR + 1}-12-31`,
    '已下架',
    0,
    0,
    0,
  ]);
  expect(first?.[15]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(second?.slice(3, 5)).toEqual(['专业科目 / 建筑工程 / 建筑施工', 98.5]);
  expect(second?.[11]).toBe('已上架');

  // 报名人数 counts the paid enrolments; unpaid, refunded and changed-out ones are counted apart.
  const statuses = ['STUDYING', 'PASSED', 'EXPIRED', 'PENDING_PAY', 'REFUNDED', 'CHANGED_OUT'] as const;
  for (const status of statuses) {
    const student = await buildAccount({ projectId: c.projectId, roleSystem: ROLE_SYSTEM.STUDENT });
    await MyClass.create({ projectId: c.projectId, accountId: student.account.id, classId: b.id, status });
  }
  const counted = await t.http
    .post('/api/class/export.action')
    .set('token', c.token)
    .send({ shelf: 'ON' })
    .buffer(true)
    .parse(binary);
  expect((await rowsOf(counted.body as Buffer))[1]?.slice(12, 15)).toEqual([3, 1, 2]);

  const filtered = await t.http
    .post('/api/class/export.action')
    .set('token', c.token)
    .send({ shelf: 'ON' })
    .buffer(true)
    .parse(binary);
  expect((await rowsOf(filtered.body as Buffer)).slice(1).map((row) => row[0])).toEqual(['导出丙班']);

  const none = await t.http
    .post('/api/class/export.action')
    .set('token', c.token)
    .send({ name: '不存在的班级' })
    .buffer(true)
    .parse(binary);
  expect(await rowsOf(none.body as Buffer)).toHaveLength(1);
});

test('class/export refuses bad filters with the envelope, naming the field', async () => {
  const res = await t.http.get('/api/class/export.action').query({ year: 'abc' }).set('token', c.token);
  expect(res.status).toBe(400);
  expect(res.body.attribute.errors.map((error: { field: string }) => error.field)).toEqual(['year']);
});

test('class/export reads long lists in batches and keeps the display order across them', async () => {
  const p = await buildClassCatalogue();
  await bulkClasses(p, 1234);
  const res = await t.http.get('/api/class/export.action').set('token', p.token).buffer(true).parse(binary);
  const names = (await rowsOf(res.body as Buffer)).slice(1).map((row) => row[0]);
  expect(names).toHaveLength(1234);
  expect(names[0]).toBe('批量班级1233');
  expect(names[1233]).toBe('批量班级0000');
});

/** Waits until `read` has kept its value for a second (the export has stopped reading ahead). */
async function settled(read: () => number): Promise<number> {
  let value = read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (read() === value) return value;
    value = read();
  }
}

/** Waits (up to 5 s) until `check` holds. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 5000) throw new Error('condition not reached in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Collects a stream into bytes. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('class/export streams from one cursor', () => {
  const ROWS = 6 * EXPORT_BATCH_SIZE + 500;
  let p: ClassCatalogue;
  beforeAll(async () => {
    p = await buildClassCatalogue();
    await bulkClasses(p, ROWS);
  });

  test('an unread download holds one open cursor and a few batches, not every row; the file is one snapshot', async () => {
    const [top] = await TrainClass.findAll({
      where: { projectId: p.projectId, name: `批量班级${String(ROWS - 1).padStart(4, '0')}` },
    });
    const students = await Promise.all(
      [0, 1].map(() => buildAccount({ projectId: p.projectId, roleSystem: ROLE_SYSTEM.STUDENT })),
    );
    for (const student of students) await enrol(top as TrainClass, student.account.id);
    const project = await Project.findByPk(p.projectId);
    const before = exportCursorStats.fetched;
    const file = await exportClasses(t.scope({ project: tenantOf(project as Project) }), {});
    const fetched = (await settled(() => exportCursorStats.fetched)) - before;
    // Nothing reads the download: the writer waits, holding the cursor open with a few batches read.
    expect(exportCursorStats.open).toBe(1);
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThanOrEqual(3 * EXPORT_BATCH_SIZE);
    // A class added now (sorted last) is not in the file: every batch comes from the first snapshot.
    await TrainClass.create({
      ...(top as TrainClass).get(),
      id: undefined,
      name: '导出开始后新增',
      sort: 99_999,
    });

    const rows = await rowsOf(await collect(file.body as Readable));
    expect(exportCursorStats.open).toBe(0);
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows.map((row) => row[0])).not.toContain('导出开始后新增');
    expect(rows[1]?.[0]).toBe(top?.name);
    expect(rows[1]?.[12]).toBe(2); // 报名人数, joined in the cursor's query
    expect(rows[ROWS]?.[0]).toBe('批量班级0000');
  });

  test('a download aborted midway closes its cursor and gives the connection back', async () => {
    const url = await t.listen();
    const before = exportCursorStats.fetched;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${url}/api/class/export.action`, { headers: { token: p.token } }, (res) => {
        expect(res.statusCode).toBe(200);
        // Bytes arrive while the cursor is reading (the file is streamed, not built first): stop then.
        res.on('data', () => {
          if (exportCursorStats.open !== 1 || exportCursorStats.fetched === before) return;
          req.destroy();
          resolve();
        });
        res.on('end', () => reject(new Error('the whole file arrived before any byte while reading')));
      });
      req.on('error', (error) => {
        if (!req.destroyed) reject(error);
      });
    });
    await eventually(() => exportCursorStats.open === 0);
    expect(exportCursorStats.fetched - before).toBeLessThan(ROWS);
    const idle = async () => {
      const [row] = await t.sequelize.query<{ count: string }>(
        `SELECT count(*) AS count FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
        { type: QueryTypes.SELECT },
      );
      return Number(row?.count) === 0;
    };
    await eventually(idle);
    // The pool still serves: the next export runs to its end.
    const res = await t.http.get('/api/class/export.action').set('token', p.token).buffer(true).parse(binary);
    expect((await rowsOf(res.body as Buffer)).length).toBeGreaterThan(ROWS);
  });
});
