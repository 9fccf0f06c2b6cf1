import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Client } from 'pg';
import Cursor from 'pg-cursor';

/**
 * The export bench's floor, in a child process of its own: the class export's rows (same filter,
 * order and cells) read with a bare `pg-cursor` and written by an ExcelJS WorkbookWriter, nothing
 * else — no Koa, no Sequelize, no HTTP. Args: database URL, project id, year. The file goes to a sink
 * that counts its bytes; prints one JSON line `{ rows, bytes, seconds }`.
 */

const BATCH = 1000;

/** `YYYY-MM-DD HH:mm:ss` in China time, as the export writes it. */
const chinaDateTime = (value: Date) =>
  new Date(value.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

interface Row {
  name: string;
  year: number;
  plan_name: string;
  category_id: number;
  amount_fen: number;
  required_tenths: number;
  elective_hours_tenths: number;
  enrol_start_date: string;
  enrol_end_date: string;
  study_start_date: string;
  study_end_date: string;
  on_shelf: boolean;
  enrolled: number;
  created_at: Date;
}

/** The category paths (`a / b / c`) of the project, read once. */
async function categoryPaths(db: Client, projectId: number): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; parent_id: number | null; name: string }>(
    'SELECT id, parent_id, name FROM class_category WHERE project_id = $1',
    [projectId],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<number, string>();
  for (const row of rows) {
    const names: string[] = [];
    for (
      let node: typeof row | undefined = row;
      node;
      node = node.parent_id ? byId.get(node.parent_id) : undefined
    )
      names.unshift(node.name);
    paths.set(row.id, names.join(' / '));
  }
  return paths;
}

async function main(): Promise<void> {
  const [databaseUrl, projectArg, yearArg] = process.argv.slice(2);
  const projectId = Number(projectArg);
  const year = Number(yearArg);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  const paths = await categoryPaths(db, projectId);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const sheet = workbook.addWorksheet('班级列表');
  sheet.columns = [
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
  ].map((header) => ({
    header,
    width: 12,
    ...(header === '价格（元）' ? { style: { numFmt: '0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const cursor = db.query(
    new Cursor<Row>(
      `SELECT c.name, c.year, p.name AS plan_name, c.category_id, c.amount_fen,
              coalesce(h.required_tenths, 0)::int AS required_tenths, c.elective_hours_tenths,
              c.enrol_start_date::text, c.enrol_end_date::text, c.study_start_date::text,
              c.study_end_date::text, c.on_shelf, coalesce(e.enrolled, 0)::int AS enrolled, c.created_at
         FROM train_class c
         JOIN train_plan p ON p.id = c.plan_id AND p.project_id = c.project_id
         LEFT JOIN (SELECT class_id, sum(hours_tenths) FILTER (WHERE kind = 'REQUIRED') AS required_tenths
                      FROM train_class_course WHERE project_id = $1 GROUP BY class_id) h ON h.class_id = c.id
         LEFT JOIN (SELECT class_id, count(*) AS enrolled
                      FROM my_class WHERE project_id = $1 GROUP BY class_id) e ON e.class_id = c.id
        WHERE c.project_id = $1 AND c.year = $2
        ORDER BY c.sort ASC, c.created_at DESC, c.id DESC`,
      [projectId, year],
    ),
  );
  let count = 0;
  for (;;) {
    const rows = await cursor.read(BATCH);
    for (const row of rows)
      sheet
        .addRow([
          row.name,
          row.year,
          row.plan_name,
          paths.get(row.category_id) ?? '',
          row.amount_fen / 100,
          row.required_tenths / 10,
          row.elective_hours_tenths / 10,
          row.enrol_start_date,
          row.enrol_end_date,
          row.study_start_date,
          row.study_end_date,
          row.on_shelf ? '已上架' : '已下架',
          row.enrolled,
          chinaDateTime(row.created_at),
        ])
        .commit();
    count += rows.length;
    if (rows.length < BATCH) break;
  }
  await cursor.close();
  sheet.commit();
  await workbook.commit();
  const seconds = (Date.now() - started) / 1000;
  await db.end();
  process.stdout.write(`${JSON.stringify({ rows: count, bytes, seconds })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
