import { QueryTypes } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { migrateDown, migrateUp } from './migrate';
import { migrations } from './migrations';
import { createSequelize } from './sequelize';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function tables(sequelize: ReturnType<typeof createSequelize>): Promise<string[]> {
  const rows = await sequelize.query<{ table_name: string }>(
    "SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY 1",
    { type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.table_name);
}

test('every migration reverts cleanly and applies again', async () => {
  const sequelize = createSequelize(database.url);
  try {
    const before = await tables(sequelize);
    expect(before).toEqual(expect.arrayContaining(['project', 'unit', 'account', 'role', 'session']));
    const reverted = await migrateDown(sequelize, migrations.length);
    expect(reverted).toEqual(migrations.map((migration) => migration.name).reverse());
    expect(await tables(sequelize)).toEqual([]);
    expect(await migrateUp(sequelize)).toEqual(migrations.map((migration) => migration.name));
    expect(await tables(sequelize)).toEqual(before);
    expect(await migrateUp(sequelize)).toEqual([]);
  } finally {
    await sequelize.close();
  }
});

test('0016 takes 学员管理 from the built-in unit manager roles only, and down gives it back', async () => {
  const sequelize = createSequelize(database.url);
  const menuOf = async (code: string | null) => {
    const [row] = await sequelize.query<{ menu: string[] }>('SELECT menu FROM role WHERE name = :name', {
      replacements: { name: `迁移测试${code ?? '自建'}` },
      type: QueryTypes.SELECT,
    });
    return row?.menu;
  };
  const studentPages = ['/student-manage', '/student-manage/student', '/student-manage/student-detail'];
  // Down to just before 0016 (the migrations after it go too, and come back with it).
  const after0016 = migrations.slice(migrations.findIndex((m) => m.name === '0016-unit-manager-menu'));
  const names = after0016.map((migration) => migration.name);
  try {
    expect(await migrateDown(sequelize, after0016.length)).toEqual([...names].reverse());
    await sequelize.query("INSERT INTO project (code, name) VALUES ('m0016', '迁移测试项目')");
    for (const code of ['unit-manager', null])
      await sequelize.query(
        `INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
         SELECT id, :code, :name, 4, ARRAY[:menu], NOW(), NOW() FROM project WHERE code = 'm0016'`,
        { replacements: { code, name: `迁移测试${code ?? '自建'}`, menu: ['/home', ...studentPages] } },
      );
    expect(await migrateUp(sequelize)).toEqual(names);
    expect(await menuOf('unit-manager')).toEqual(['/home']);
    expect(await menuOf(null)).toEqual(['/home', ...studentPages]);
    await migrateDown(sequelize, after0016.length);
    expect(await menuOf('unit-manager')).toEqual(['/home', ...studentPages]);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});

test('0017 grants the exam pages to the built-in project admin roles only, and down takes them back', async () => {
  const sequelize = createSequelize(database.url);
  const examPages = [
    '/resource-manage/exam-question',
    '/resource-manage/exam-paper',
    '/train-manage/exam-score',
  ];
  const menuOf = async (name: string) => {
    const [row] = await sequelize.query<{ menu: string[] }>('SELECT menu FROM role WHERE name = :name', {
      replacements: { name },
      type: QueryTypes.SELECT,
    });
    return row?.menu;
  };
  const after0017 = migrations.slice(migrations.findIndex((m) => m.name === '0017-exams'));
  try {
    await migrateDown(sequelize, after0017.length);
    await sequelize.query("INSERT INTO project (code, name) VALUES ('m0017', '迁移测试项目17')");
    for (const [code, name] of [
      ['project-admin', '迁移17管理员'],
      [null, '迁移17自建'],
    ])
      await sequelize.query(
        `INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
         SELECT id, :code, :name, 2, ARRAY['/home', '/train-manage/exam-score'], NOW(), NOW() FROM project WHERE code = 'm0017'`,
        { replacements: { code, name } },
      );
    await migrateUp(sequelize);
    expect(await menuOf('迁移17管理员')).toEqual([
      '/home',
      '/train-manage/exam-score',
      ...examPages.slice(0, 2),
    ]);
    expect(await menuOf('迁移17自建')).toEqual(['/home', '/train-manage/exam-score']);
    await migrateDown(sequelize, after0017.length);
    expect(await menuOf('迁移17管理员')).toEqual(['/home']);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});
