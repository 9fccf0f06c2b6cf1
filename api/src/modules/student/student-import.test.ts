import { ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import type { StudentImportAnswer } from '../../contract/student';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildProject, buildUnit } from '../../testing/factories';
import { Account } from '../account/account.model';
import { createBuiltinRoles } from '../account/builtin-roles';
import { AuditLog } from '../audit/audit-log.model';
import { buildIdCardNo, buildMobile, buildStudent, staffToken } from './student.testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LIST = ['/student-manage', '/student-manage/student'];

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };

/** An `.xlsx` with a header row and the given rows, as Excel would save it. */
async function workbook(
  rows: (string | number | null)[][],
  header = ['姓名', '身份证号', '手机号', '邮箱', '所属单位'],
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学员信息');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (token: string, file: Buffer, name = 'students.xlsx') =>
  t.http
    .post('/api/student/import.action')
    .set('token', token)
    .attach('file', file, name)
    .then((res) => res.body as Envelope<StudentImportAnswer>);

async function scene() {
  const project = await buildProject();
  await createBuiltinRoles(project.id);
  const unit = await buildUnit(project.id, { name: '导入单位' });
  await buildUnit(project.id, { name: '停用单位', status: 'DISABLED' });
  const token = await staffToken(project.id, LIST);
  const students = () => Account.count({ where: { projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT } });
  return { project, unit, token, students };
}

test('the template has the columns (ID number and mobile as text) and a sheet of rules', async () => {
  const s = await scene();
  const res = await t.http
    .get('/api/student/import-template.action')
    .set('token', s.token)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toContain('attachment');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet?.name).toBe('学员信息');
  expect(sheet?.getRow(1).values).toEqual([undefined, '姓名', '身份证号', '手机号', '邮箱', '所属单位']);
  expect(sheet?.getColumn(2).numFmt).toBe('@');
  expect(book.getWorksheet('填写说明')?.rowCount).toBeGreaterThan(3);
});

test('every row is checked before anything is written: one bad row imports nothing and every error is named', async () => {
  const s = await scene();
  const existing = await buildStudent(s.project.id);
  const good = buildIdCardNo();
  const duplicate = buildIdCardNo();
  const badChecksum = `${good.slice(0, 17)}${good.endsWith('0') ? '1' : '0'}`;
  const sharedMobile = buildMobile();
  const before = await s.students();
  const file = await workbook([
    ['王一', good, buildMobile(), 'wang@example.com', '导入单位'],
    ['王二', badChecksum, '12345678901', 'not-mail', null],
    ['王三', duplicate, sharedMobile, null, null],
    ['王四', duplicate, sharedMobile, null, '不存在的单位'],
    ['王五', existing.idCardNo, existing.mobile, null, '停用单位'],
    ['', Number('370102199003071238'), buildMobile(), null, null],
    [null, null, null, null, null],
  ]);
  const answer = await upload(s.token, file);
  expect(answer.respCode).toBe(200);
  expect(answer.attribute).toEqual({
    total: 6,
    imported: 0,
    errors: [
      { row: 3, field: 'idCardNo', value: badChecksum, message: '身份证号格式不正确' },
      { row: 3, field: 'mobile', value: '12345678901', message: '手机号格式不正确' },
      { row: 3, field: 'email', value: 'not-mail', message: '邮箱格式不正确' },
      { row: 5, field: 'idCardNo', value: duplicate, message: '与第 4 行身份证号重复' },
      { row: 5, field: 'mobile', value: sharedMobile, message: '与第 4 行手机号重复' },
      {
        row: 5,
        field: 'unitName',
        value: '不存在的单位',
        message: '单位不存在，请填写系统中的单位名称',
      },
      { row: 6, field: 'idCardNo', value: existing.idCardNo, message: '该身份证号已注册' },
      { row: 6, field: 'mobile', value: existing.mobile, message: '该手机号已被其他学员使用' },
      { row: 6, field: 'unitName', value: '停用单位', message: '该单位已停用' },
      { row: 7, field: 'realName', value: '', message: '请填写姓名' },
      {
        row: 7,
        field: 'idCardNo',
        value: String(Number('370102199003071238')),
        message: '身份证号请以文本格式填写（数字格式会丢失末几位）',
      },
    ],
  });
  expect(await s.students()).toBe(before);
});

test('a clean file imports every student, bound to the unit, without a password, audited', async () => {
  const s = await scene();
  const rows = [
    ['赵一', buildIdCardNo().toLowerCase(), buildMobile(), 'zhao@example.com', '导入单位'],
    ['赵二', buildIdCardNo(), buildMobile(), null, null],
  ];
  const answer = await upload(
    s.token,
    await workbook(rows, ['姓名*', '身份证号（必填）', '手机号', '邮箱', '所属单位']),
  );
  expect(answer).toMatchObject({ respCode: 200, attribute: { total: 2, imported: 2, errors: [] } });
  const imported = await Account.scope('withPassword').findAll({
    where: { projectId: s.project.id, roleSystem: ROLE_SYSTEM.STUDENT },
    order: [['id', 'ASC']],
  });
  expect(
    imported.map((row) => [row.realName, row.idCardNo, row.unitId, row.email, row.passwordHash, row.status]),
  ).toEqual([
    ['赵一', String(rows[0]?.[1]).toUpperCase(), s.unit.id, 'zhao@example.com', null, 'ENABLED'],
    ['赵二', rows[1]?.[1], null, null, null, 'ENABLED'],
  ]);
  expect(
    await AuditLog.findOne({ where: { action: 'student.import', projectId: s.project.id } }),
  ).toMatchObject({ detail: { count: 2 } });
  // The same file again: every row is now taken.
  const again = await upload(s.token, await workbook(rows));
  expect(again.attribute.imported).toBe(0);
  expect(again.attribute.errors.map((error) => [error.row, error.field])).toEqual([
    [2, 'idCardNo'],
    [2, 'mobile'],
    [3, 'idCardNo'],
    [3, 'mobile'],
  ]);
});

test('a file that is no workbook, lacks a column, holds no row or no file at all is refused', async () => {
  const s = await scene();
  expect(await upload(s.token, Buffer.from('姓名,身份证号\n'), 'students.csv')).toMatchObject({
    respCode: -1,
    respDesc: '无法读取文件，请上传按模板填写的 .xlsx 文件',
  });
  expect(
    await upload(s.token, await workbook([['钱一', buildIdCardNo()]], ['姓名', '身份证号'])),
  ).toMatchObject({
    respCode: -1,
    respDesc: '模板不正确：缺少“手机号”列，请下载模板填写',
  });
  expect(await upload(s.token, await workbook([]))).toMatchObject({
    respCode: -1,
    respDesc: '文件中没有学员数据',
  });
  const none = await t.http.post('/api/student/import.action').set('token', s.token).send({});
  expect(none.body).toMatchObject({ respCode: -1, respDesc: '请选择要导入的 Excel 文件' });
});
