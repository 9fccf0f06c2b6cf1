import { createTestDatabase } from '../testing/database';
import { createSequelize } from './sequelize';

test('migrated template copies', async () => {
  const db = await createTestDatabase();
  const sequelize = createSequelize(db.url);
  const [rows] = await sequelize.query('SELECT name FROM schema_migrations');
  expect(rows).toEqual([{ name: '0001-projects' }]);
  await sequelize.close();
  await db.drop();
});
