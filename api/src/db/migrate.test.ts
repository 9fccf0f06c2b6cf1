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
