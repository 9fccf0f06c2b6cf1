import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { XLSX_MIME } from '../../core/xlsx';
import { createTestApp, type TestApp } from '../../testing/app';
import {
  buildClassCatalogue,
  buildPlan,
  type ClassCatalogue,
  THIS_YEAR,
  validClass,
} from './class-admin.testing';
import { chinaToday } from './class-read';
import { TrainClass } from './train-class.model';

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
    '创建时间',
  ]);
  // Paging is ignored: every class of the filter, in display order (created first, sort ascending).
  expect(rows.slice(1).map((row) => row[0])).toEqual(['导出甲班', '导出丙班']);
  const [first, second] = rows.slice(1) as unknown[][];
  expect(first?.slice(0, 13)).toEqual([
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
  ]);
  expect(first?.[13]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(second?.slice(3, 5)).toEqual(['专业科目 / 建筑工程 / 建筑施工', 98.5]);
  expect(second?.[11]).toBe('已上架');

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
  const base = validClass(p);
  await TrainClass.bulkCreate(
    Array.from({ length: 1234 }, (_, index) => ({
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
  const res = await t.http.get('/api/class/export.action').set('token', p.token).buffer(true).parse(binary);
  const names = (await rowsOf(res.body as Buffer)).slice(1).map((row) => row[0]);
  expect(names).toHaveLength(1234);
  expect(names[0]).toBe('批量班级1233');
  expect(names[1233]).toBe('批量班级0000');
});
