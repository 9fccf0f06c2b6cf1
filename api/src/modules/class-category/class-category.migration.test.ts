import { QueryTypes } from 'sequelize';
import { migrateDown, migrateUp } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import { createSequelize } from '../../db/sequelize';
import { createTestDatabase, type TestDatabase } from '../../testing/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

test('migration 0007 gives every existing project its two base types and the industry dictionary', async () => {
  const sequelize = createSequelize(database.url, { owner: true });
  try {
    const steps =
      migrations.length - migrations.findIndex((migration) => migration.name === '0007-train-plans');
    await migrateDown(sequelize, steps);
    await sequelize.query(
      "INSERT INTO project (code, name) VALUES ('old1', '老项目一'), ('old2', '老项目二')",
    );
    await migrateUp(sequelize);
    const rows = await sequelize.query<{ code: string; project: string; name: string; sort: number }>(
      `SELECT p.code AS project, c.code, c.name, c.sort FROM class_category c JOIN project p ON p.id = c.project_id
       WHERE c.level = 1 AND c.parent_id IS NULL ORDER BY p.code, c.sort`,
      { type: QueryTypes.SELECT },
    );
    expect(rows).toEqual([
      { project: 'old1', code: 'public', name: '公需科目', sort: 1 },
      { project: 'old1', code: 'specialized', name: '专业科目', sort: 2 },
      { project: 'old2', code: 'public', name: '公需科目', sort: 1 },
      { project: 'old2', code: 'specialized', name: '专业科目', sort: 2 },
    ]);
    const industries = await sequelize.query<{ code: string }>(
      "SELECT code FROM dictionary WHERE type = 'industry' AND project_id IS NULL ORDER BY sort",
      { type: QueryTypes.SELECT },
    );
    expect(industries.map((row) => row.code)).toEqual(expect.arrayContaining(['construction', 'healthcare']));
    // The tree's shape is guarded by the database too: a base type needs a code and no parent.
    await expect(
      sequelize.query(
        "INSERT INTO class_category (project_id, level, name) SELECT id, 1, '无编码基础类型' FROM project LIMIT 1",
      ),
    ).rejects.toThrow(/check/i);
  } finally {
    await sequelize.close();
  }
});
