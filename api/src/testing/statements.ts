import type { Sequelize } from 'sequelize';

/**
 * Runs `work` and counts the SQL statements the Sequelize instance sends meanwhile (through its
 * `logging` option, restored after): how a test shows that a call costs a fixed number of queries
 * whatever the size of its answer, without timing anything.
 */
export async function countStatements<T>(
  sequelize: Sequelize,
  work: () => Promise<T>,
): Promise<{ count: number; result: T }> {
  const options = (sequelize as unknown as { options: { logging: unknown } }).options;
  const before = options.logging;
  let count = 0;
  options.logging = () => {
    count += 1;
  };
  try {
    const result = await work();
    return { count, result };
  } finally {
    options.logging = before;
  }
}
