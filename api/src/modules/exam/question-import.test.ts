import { ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import type { ExamQuestionImportAnswer, ExamQuestionItem } from '../../contract/exam-question';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { ExamQuestion } from './exam.model';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const HEADER = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '解析', '分类'];

async function workbook(rows: string[][], header = HEADER) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('试题');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function scene() {
  const project = await buildProject();
  const { account } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: ['/resource-manage/exam-question'],
  });
  const token = await signIn(account);
  const upload = (file: Buffer) =>
    t.http
      .post('/api/exam-question/import.action')
      .set('token', token)
      .attach('file', file, 'questions.xlsx')
      .then((res) => res.body as Envelope<ExamQuestionImportAnswer>);
  const count = () => ExamQuestion.count({ where: { projectId: project.id } });
  return { project, token, upload, count };
}

const row = (cells: Partial<Record<string, string>>) => HEADER.map((header) => cells[header] ?? '');

test('a file with any bad row imports nothing and answers every error with its row and column', async () => {
  const s = await scene();
  const file = await workbook([
    row({ 题型: '单选题', 题干: '火警电话是？', 选项A: '110', 选项B: '119', 答案: 'B' }),
    row({ 题型: '问答题', 题干: '什么是安全？', 答案: 'A' }),
    row({ 题型: '多选题', 题干: '灭火方法有？', 选项A: '冷却', 选项B: '窒息', 选项C: '隔离', 答案: 'A' }),
    row({ 题型: '单选题', 题干: '', 选项A: '甲', 选项B: '乙', 答案: 'E' }),
    row({ 题型: '填空题', 题干: '灭火器对准火焰____部', 选项A: '根', 答案: '根' }),
    row({ 题型: '判断题', 题干: '可以用水扑救电器火灾。', 答案: '错误', 分类: '不存在的分类' }),
    row({ 题型: '单选题', 题干: '火警电话是？', 选项A: '110', 选项B: '119', 答案: 'B' }),
  ]);
  const body = await s.upload(file);
  expect(body).toMatchObject({ respCode: 200, attribute: { total: 7, imported: 0 } });
  expect(body.attribute.errors.map((error) => [error.row, error.field])).toEqual([
    [3, 'type'],
    [4, 'answer'],
    [5, 'content'],
    [6, 'optionA'],
    [7, 'category'],
    [8, 'content'],
  ]);
  expect(body.attribute.errors.find((error) => error.row === 4)?.message).toBe('多选题至少有两个正确选项');
  expect(body.attribute.errors.find((error) => error.row === 8)?.message).toBe('与第 2 行的试题重复');
  expect(await s.count()).toBe(0);
});

test('a good file imports every type with its category; judge answers in words, fill answers split by |', async () => {
  const s = await scene();
  const category = await t.http
    .post('/api/exam-question/category-save.action')
    .set('token', s.token)
    .send({ name: '消防安全' })
    .then((res) => (res.body as Envelope<{ id: number }>).attribute);
  const body = await s.upload(
    await workbook([
      row({
        题型: '单选题',
        题干: '火警电话是？',
        选项A: '110',
        选项B: '119',
        答案: 'b',
        解析: '119',
        分类: '消防安全',
      }),
      row({ 题型: '多选题', 题干: '灭火方法有？', 选项A: '冷却', 选项B: '窒息', 选项C: '隔离', 答案: 'C,A' }),
      row({ 题型: '判断题', 题干: '可以用水扑救电器火灾。', 答案: '错误' }),
      row({ 题型: '填空题', 题干: '灭火器对准火焰____部', 答案: '根|根部' }),
    ]),
  );
  expect(body).toMatchObject({ respCode: 200, attribute: { total: 4, imported: 4, errors: [] } });
  const page = await t.http
    .post('/api/exam-question/page.action')
    .set('token', s.token)
    .send({ pageSize: 10 })
    .then((res) => (res.body as Envelope<{ list: ExamQuestionItem[] }>).attribute.list);
  const byType = Object.fromEntries(page.map((question) => [question.type, question]));
  expect(byType.SINGLE).toMatchObject({
    answer: 'B',
    categoryId: category.id,
    categoryName: '消防安全',
    analysis: '119',
  });
  expect(byType.MULTIPLE).toMatchObject({ answer: 'AC', options: ['冷却', '窒息', '隔离'] });
  expect(byType.JUDGE).toMatchObject({ answer: 'B', options: ['正确', '错误'] });
  expect(byType.FILL).toMatchObject({ answer: '', options: [], acceptedAnswers: ['根', '根部'] });
  // The template downloads as an .xlsx with the columns.
  const res = await t.http
    .get('/api/exam-question/import-template.action')
    .set('token', s.token)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADER);
});

test('a file without the required columns is refused as a whole', async () => {
  const s = await scene();
  const body = await s.upload(await workbook([['单选题', 'x']], ['题型', '题干']));
  expect(body).toMatchObject({ respCode: -1, respDesc: '模板不正确：缺少“答案”列，请下载模板填写' });
});
