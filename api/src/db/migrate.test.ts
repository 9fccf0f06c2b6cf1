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

/** The names of the migrations from `name` to the last, newest first (what reverting down to `name` answers). */
const downTo = (name: string) =>
  migrations
    .slice(migrations.findIndex((migration) => migration.name === name))
    .map((migration) => migration.name)
    .reverse();

/** The pages 0025 grants to built-in project admin roles (and takes back on down). */
const PROJECT_SETTING_PAGES = ['/account-manage', '/account-manage/project-setting'];
/** The pages 0021 grants to built-in unit manager roles (and leaves on down). */
const UNIT_IMPORT_PAGES = [
  '/train-manage/import-student',
  '/train-manage/batch-pay-order',
  '/order-manage',
  '/order-manage/detail',
];
/** The pages 0029 grants to built-in unit manager roles (and takes back on down). */
const UNIT_INVOICE_PAGES = ['/invoice-manage', '/invoice-manage/invoice-collective'];
/** The page 0076 grants to built-in project admin roles (with its section, which its down leaves). */
const CLASS_APPLY_PAGES = ['/train-manage/class-apply'];
/** The pages 0074 grants to built-in project and platform admin roles (its down leaves the section). */
const SHARED_LIBRARY_PAGES = ['/resource-manage', '/resource-manage/shared-library'];
/** The pages 0020, 0021, 0029 and 0076 grant to built-in roles; the earlier migrations' tests look past them. */
const UNIT_CLASS_PAGES = [
  ...UNIT_INVOICE_PAGES,
  ...CLASS_APPLY_PAGES,
  '/train-manage',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/creat-class',
  ...UNIT_IMPORT_PAGES,
];
const withoutUnitClassPages = (menu: string[] | undefined) =>
  menu?.filter((url) => !UNIT_CLASS_PAGES.includes(url));

async function tables(sequelize: ReturnType<typeof createSequelize>): Promise<string[]> {
  const rows = await sequelize.query<{ table_name: string }>(
    "SELECT table_name::text AS table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY 1",
    { type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.table_name);
}

test('every migration reverts cleanly and applies again', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
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
}, 180_000);

test('0016 takes 学员管理 from the built-in unit manager roles only, and down gives it back', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const menuOf = async (code: string | null) => {
    const [row] = await sequelize.query<{ menu: string[] }>('SELECT menu FROM role WHERE name = :name', {
      replacements: { name: `迁移测试${code ?? '自建'}` },
      type: QueryTypes.SELECT,
    });
    return withoutUnitClassPages(row?.menu);
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
  const sequelize = createSequelize(database.url, { owner: true });
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
    return withoutUnitClassPages(row?.menu);
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
      ...PROJECT_SETTING_PAGES,
      ...SHARED_LIBRARY_PAGES,
    ]);
    expect(await menuOf('迁移17自建')).toEqual(['/home', '/train-manage/exam-score']);
    await migrateDown(sequelize, after0017.length);
    // 0025's and 0074's downs take their pages back and leave the sections 账号管理 and 资源管理 (the
    // role may hold their other pages).
    expect(await menuOf('迁移17管理员')).toEqual(['/home', '/account-manage', '/resource-manage']);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});

test('0018 grants the reprint page to the built-in 客服 roles only, once, and down takes it back', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const PRINT = '/train-manage/second-certificate-print';
  const menuOf = async (name: string) => {
    const [row] = await sequelize.query<{ menu: string[] }>('SELECT menu FROM role WHERE name = :name', {
      replacements: { name },
      type: QueryTypes.SELECT,
    });
    return row?.menu;
  };
  try {
    const reverted = downTo('0018-certificates');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    await sequelize.query("INSERT INTO project (code, name) VALUES ('m0018', '迁移测试项目18')");
    for (const [code, name] of [
      ['customer-service', '客服18'],
      [null, '自建18'],
    ])
      await sequelize.query(
        `INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
         SELECT id, :code, :name, 2, ARRAY['/home'], NOW(), NOW() FROM project WHERE code = 'm0018'`,
        { replacements: { code, name } },
      );
    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect(await menuOf('客服18')).toEqual(['/home', PRINT]);
    expect(await menuOf('自建18')).toEqual(['/home']);
    await migrateDown(sequelize, reverted.length);
    expect(await menuOf('客服18')).toEqual(['/home']);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});

test('0019 adds the skill kind, its columns and the one-valid-per-skill index, and down takes them away', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const shape = async () => {
    const columns = await sequelize.query<{ column_name: string }>(
      `SELECT column_name::text AS column_name FROM information_schema.columns
       WHERE table_name = 'certificate' AND column_name IN ('skill_name', 'skill_level', 'assess_date', 'issuer')
       ORDER BY 1`,
      { type: QueryTypes.SELECT },
    );
    const [kindCheck] = await sequelize.query<{ definition: string }>(
      "SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'certificate_kind_check'",
      { type: QueryTypes.SELECT },
    );
    const indexes = await sequelize.query<{ indexname: string }>(
      "SELECT indexname::text AS indexname FROM pg_indexes WHERE indexname = 'certificate_skill_valid'",
      { type: QueryTypes.SELECT },
    );
    return {
      columns: columns.map((column) => column.column_name),
      skillKind: kindCheck?.definition.includes("'SKILL'"),
      index: indexes.length,
    };
  };
  try {
    expect(await shape()).toEqual({
      columns: ['assess_date', 'issuer', 'skill_level', 'skill_name'],
      skillKind: true,
      index: 1,
    });
    const reverted = downTo('0019-skill-certificates');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    expect(await shape()).toEqual({ columns: [], skillKind: false, index: 0 });
    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect((await shape()).skillKind).toBe(true);
  } finally {
    await sequelize.close();
  }
});

test('0020 and 0021 add unit_class, the import and batch tables and grant their pages to built-in roles lacking them; down drops them', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const table = async () =>
    (
      await sequelize.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'unit_class'", {
        type: QueryTypes.SELECT,
      })
    ).length;
  const menuOf = async (code: string) =>
    (
      await sequelize.query<{ menu: string[] }>(
        "SELECT menu FROM role WHERE code = :code AND project_id = (SELECT id FROM project WHERE code = 'm0020')",
        { replacements: { code }, type: QueryTypes.SELECT },
      )
    )[0].menu;
  try {
    expect(await table()).toBe(1);
    const reverted = downTo('0020-unit-classes');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    expect(await table()).toBe(0);
    await sequelize.query("INSERT INTO project (code, name) VALUES ('m0020', '迁移测试项目二十')");
    for (const [code, system, menu] of [
      ['unit-manager', 4, ['/home', '/train-manage/unit-class']],
      ['project-admin', 2, ['/home']],
      ['cms-staff', 2, ['/home']],
    ] as const) {
      await sequelize.query(
        `INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
         SELECT id, :code, :code, :system, CAST(ARRAY[:menu] AS VARCHAR(100)[]), NOW(), NOW() FROM project WHERE code = 'm0020'`,
        { replacements: { code, system, menu: [...menu] } },
      );
    }
    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect(await table()).toBe(1);
    const pages = [
      '/train-manage',
      '/train-manage/unit-class',
      '/train-manage/unit-class-detail',
      '/train-manage/creat-class',
    ];
    expect([...(await menuOf('unit-manager'))].sort()).toEqual(
      ['/home', ...pages, ...UNIT_IMPORT_PAGES, ...UNIT_INVOICE_PAGES].sort(),
    );
    expect([...(await menuOf('project-admin'))].sort()).toEqual(
      ['/home', ...pages, ...PROJECT_SETTING_PAGES, ...CLASS_APPLY_PAGES, ...SHARED_LIBRARY_PAGES].sort(),
    );
    expect(await menuOf('cms-staff')).toEqual(['/home']);
  } finally {
    await sequelize.close();
  }
});

test('0023 adds unit_affiliation: one supervising unit per unit, never the unit itself; down drops it', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const sql = (text: string) => sequelize.query(text);
  const table = async () =>
    (
      await sequelize.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'unit_affiliation'", {
        type: QueryTypes.SELECT,
      })
    ).length;
  try {
    expect(await table()).toBe(1);
    await sql("INSERT INTO project (code, name) VALUES ('m0023', '迁移测试项目二十三')");
    await sql(`INSERT INTO unit (project_id, name, created_at, updated_at)
      SELECT project.id, names.unit_name, NOW(), NOW()
        FROM project, (VALUES ('挂靠甲'), ('挂靠乙'), ('挂靠丙')) AS names (unit_name)
       WHERE code = 'm0023'`);
    const affiliate = (child: string, parent: string) =>
      sql(`INSERT INTO unit_affiliation (project_id, unit_id, supervising_unit_id, created_at, updated_at)
        SELECT c.project_id, c.id, p.id, NOW(), NOW() FROM unit c, unit p
         WHERE c.name = '${child}' AND p.name = '${parent}'`);
    await affiliate('挂靠乙', '挂靠甲');
    await expect(affiliate('挂靠乙', '挂靠丙')).rejects.toThrow();
    await expect(affiliate('挂靠丙', '挂靠丙')).rejects.toThrow();
    const reverted = downTo('0023-unit-affiliations');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    expect(await table()).toBe(0);
    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect(await table()).toBe(1);
  } finally {
    await sequelize.close();
  }
});

test('0025 grants 项目设置 to the built-in project admin roles only, once, and down takes it back', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const menuOf = async (name: string) =>
    (
      await sequelize.query<{ menu: string[] }>('SELECT menu FROM role WHERE name = :name', {
        replacements: { name },
        type: QueryTypes.SELECT,
      })
    )[0]?.menu;
  try {
    const reverted = downTo('0025-project-setting-menu');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    await sequelize.query("INSERT INTO project (code, name) VALUES ('m0025', '迁移测试项目二十五')");
    for (const [code, name, menu] of [
      ['project-admin', '迁移21管理员', ['/home', '/account-manage', '/account-manage/role']],
      ['customer-service', '迁移21客服', ['/home']],
    ] as const)
      await sequelize.query(
        `INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
         SELECT id, :code, :name, 2, CAST(ARRAY[:menu] AS VARCHAR(100)[]), NOW(), NOW() FROM project WHERE code = 'm0025'`,
        { replacements: { code, name, menu: [...menu] } },
      );
    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect(await menuOf('迁移21管理员')).toEqual([
      '/home',
      '/account-manage',
      '/account-manage/role',
      '/account-manage/project-setting',
      '/train-manage',
      ...CLASS_APPLY_PAGES,
      ...SHARED_LIBRARY_PAGES,
    ]);
    expect(await menuOf('迁移21客服')).toEqual(['/home']);
    await migrateDown(sequelize, reverted.length);
    expect(await menuOf('迁移21管理员')).toEqual([
      '/home',
      '/account-manage',
      '/account-manage/role',
      '/train-manage',
      '/resource-manage',
    ]);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});

test('0029 grants 集体发票 to the built-in unit manager roles only, and down takes it back', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const menuOf = async (name: string) =>
    (
      await sequelize.query<{ menu: string[] }>('SELECT menu FROM role WHERE name = :name', {
        replacements: { name },
        type: QueryTypes.SELECT,
      })
    )[0]?.menu;
  try {
    const reverted = downTo('0029-unit-manager-invoices');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    await sequelize.query("INSERT INTO project (code, name) VALUES ('m0029', '迁移测试项目二十九')");
    for (const [code, name] of [
      ['unit-manager', '迁移29单位'],
      [null, '迁移29自建'],
    ] as const)
      await sequelize.query(
        `INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
         SELECT id, :code, :name, 4, CAST(ARRAY['/home'] AS VARCHAR(100)[]), NOW(), NOW() FROM project WHERE code = 'm0029'`,
        { replacements: { code, name } },
      );
    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect(await menuOf('迁移29单位')).toEqual(['/home', ...UNIT_INVOICE_PAGES]);
    expect(await menuOf('迁移29自建')).toEqual(['/home']);
    await migrateDown(sequelize, reverted.length);
    expect(await menuOf('迁移29单位')).toEqual(['/home']);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});

test('0032 gives batches and skill certificates the code of the one node named as theirs (none for a name the tree lacks or holds twice); down takes the codes away', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const sql = (text: string) => sequelize.query(text);
  const codes = async (table: 'cms_batch' | 'certificate', name: string, code: string) =>
    Object.fromEntries(
      (
        await sequelize.query<{ name: string; code: string | null }>(
          `SELECT ${name} AS name, ${code} AS code FROM ${table} WHERE project_id = (SELECT id FROM project WHERE code = 'm0032')`,
          { type: QueryTypes.SELECT },
        )
      ).map((row) => [row.name, row.code]),
    );
  try {
    const reverted = downTo('0032-vocation-codes');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    await sql("INSERT INTO vocation (parent_id, level, code, name) VALUES (NULL, 1, '8', '迁移测试大类')");
    await sql(`INSERT INTO vocation (parent_id, level, code, name)
      SELECT id, 2, v.code, v.name FROM vocation,
        (VALUES ('8-01-01-01', '迁移电工'), ('8-01-01-02', '迁移焊工'), ('8-01-01-03', '迁移同名工')) AS v(code, name)
      WHERE vocation.code = '8'`);
    await sql(`INSERT INTO vocation (parent_id, level, code, name)
      SELECT id, 3, '8-01-01-02-01', '迁移同名工' FROM vocation WHERE code = '8-01-01-02'`);
    await sql("INSERT INTO project (code, name) VALUES ('m0032', '迁移测试项目三十二')");
    await sql(`INSERT INTO cms_batch (project_id, name, occupation, levels, apply_from, apply_to, capacity)
      SELECT id, b.name, b.occupation, ARRAY['L4']::VARCHAR(4)[], DATE '2026-01-01', DATE '2026-01-31', 10
        FROM project, (VALUES ('批次一', '迁移电工'), ('批次二', '迁移同名工'), ('批次三', '不在目录工')) AS b(name, occupation)
       WHERE project.code = 'm0032'`);
    await sql(`INSERT INTO role (project_id, code, name, role_system, menu, created_at, updated_at)
      SELECT id, NULL, '迁移32学员', 3, CAST(ARRAY[] AS VARCHAR(100)[]), NOW(), NOW() FROM project WHERE code = 'm0032'`);
    await sql(`INSERT INTO account (project_id, role_id, role_system, real_name, id_card_no, created_at, updated_at)
      SELECT r.project_id, r.id, 3, '迁移学员', '110101199001010011', NOW(), NOW() FROM role r WHERE r.name = '迁移32学员'`);
    await sql(`INSERT INTO certificate (project_id, kind, account_id, year, certificate_no, verify_code, student_name,
        id_card_masked, class_name, issue_date, skill_name, skill_level, assess_date, issuer, created_at, updated_at)
      SELECT a.project_id, 'SKILL', a.id, 2026, 'M0032' || c.n, 'V0032' || c.n, a.real_name, '110101********0011',
        c.skill || ' 四级/中级工', DATE '2026-02-01', c.skill, 'L4', DATE '2026-01-20', '迁移机构', NOW(), NOW()
        FROM account a, (VALUES ('1', '迁移焊工'), ('2', '不在目录工')) AS c(n, skill)
       WHERE a.real_name = '迁移学员'`);

    expect(await migrateUp(sequelize)).toEqual([...reverted].reverse());
    expect(await codes('cms_batch', 'occupation', 'occupation_code')).toEqual({
      迁移电工: '8-01-01-01',
      迁移同名工: null,
      不在目录工: null,
    });
    expect(await codes('certificate', 'skill_name', 'skill_code')).toEqual({
      迁移焊工: '8-01-01-02',
      不在目录工: null,
    });
    // A code is one of the tree's.
    await expect(
      sql("UPDATE cms_batch SET occupation_code = '9-99-99-99' WHERE occupation = '不在目录工'"),
    ).rejects.toThrow(/foreign key/);

    await migrateDown(sequelize, reverted.length);
    const columns = await sequelize.query<{ column_name: string }>(
      `SELECT column_name::text AS column_name FROM information_schema.columns
        WHERE column_name IN ('occupation_code', 'skill_code')`,
      { type: QueryTypes.SELECT },
    );
    expect(columns).toEqual([]);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});

test('0057 marks the packages built before it as packaging version 1 (videos without one stay null); down drops the columns', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  const sql = (text: string) => sequelize.query(text);
  const versions = () =>
    sequelize.query<{ name: string; version: number | null }>(
      "SELECT name, packager_version AS version FROM resource WHERE name LIKE '迁移57%' ORDER BY name",
      { type: QueryTypes.SELECT },
    );
  try {
    const reverted = downTo('0057-packager-version');
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    await sql("INSERT INTO project (code, name) VALUES ('m0057', '迁移测试项目五十七')");
    await sql(`INSERT INTO resource (project_id, type, name, file_name, storage_key, content_type, size, sha256,
        duration_seconds, status, hls, created_at, updated_at)
      SELECT id, 'video', v.name, 'a.mp4', v.key, 'video/mp4', 100, repeat('0', 64), 10, 'READY', v.hls::jsonb, NOW(), NOW()
        FROM project, (VALUES ('迁移57已转码', 'm57/a.mp4', '{"id":"p1","iv":"00","renditions":[]}'),
                              ('迁移57未转码', 'm57/b.mp4', NULL)) AS v(name, key, hls)
       WHERE project.code = 'm0057'`);
    await migrateUp(sequelize);
    expect(await versions()).toEqual([
      { name: '迁移57已转码', version: 1 },
      { name: '迁移57未转码', version: null },
    ]);
    expect(await migrateDown(sequelize, reverted.length)).toEqual(reverted);
    const [column] = await sequelize.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'resource' AND column_name LIKE '%packag%'",
      { type: QueryTypes.SELECT },
    );
    expect(column?.n).toBe(0);
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
});
