import type { Client } from 'pg';
import type { Sequelize, Transaction } from 'sequelize';
import { namedStatements } from './sequelize';

/**
 * A statement of a hot path, run as a named prepared statement: PostgreSQL parses it once per
 * connection and, after a few runs, plans it once too (its planning cost more than its execution
 * for the heartbeat's write), and Sequelize's query pipeline (bind formatting, hooks, result
 * shaping) is skipped. Only for fixed statements with positional parameters (`$1`...): the name
 * must stay with one text for the life of the process. Behind a transaction pooler the statement is
 * sent unnamed (parsed each time), so keep its text a cheap call of a function that holds the work
 * (PL/pgSQL prepares what is inside once per server connection).
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** The rows of `statement` run with `values` on the transaction's connection, or on one from the pool. */
export async function runPrepared<R extends object>(
  sequelize: Sequelize,
  statement: PreparedStatement,
  values: unknown[],
  transaction?: Transaction,
): Promise<R[]> {
  // Sequelize keeps the transaction's connection on it; it is not in its public types.
  const held = (transaction as unknown as { connection?: Client } | undefined)?.connection;
  const connection = held ?? ((await sequelize.connectionManager.getConnection({ type: 'write' })) as Client);
  try {
    const result = await connection.query<R>(
      namedStatements(sequelize)
        ? { name: statement.name, text: statement.text, values }
        : { text: statement.text, values },
    );
    return result.rows;
  } finally {
    if (!held) sequelize.connectionManager.releaseConnection(connection);
  }
}
