import {
  type Model,
  type ModelStatic,
  type Order,
  QueryTypes,
  type Sequelize,
  Transaction,
  Utils,
  type WhereOptions,
} from 'sequelize';
import { lowerForBackground, onReplica } from '../db/connection-routes';
import { constrainsTenant, TenantFilterMissingError } from '../db/tenant-guard';

/**
 * The one way exports read their rows: a server-side cursor (`DECLARE ... CURSOR` / `FETCH`) inside
 * a REPEATABLE READ, READ ONLY transaction on one pooled connection. Every batch of the export and
 * every lookup that presents it (given the transaction) sees the same snapshot, only one batch is
 * in memory at a time, and the connection goes back to the pool when the rows are done, when
 * reading fails, or when the consumer stops early (a download aborted: `return()` on the generator).
 *
 * The backend serving the cursor runs at background priority when the database is on this host
 * (db/backend-priority.ts): students' calls' backends go first, and the connection is closed when
 * the export ends instead of returning to the pool at that priority.
 *
 * An export reads from the read replica when there is one (DATABASE_READ_URL, db/connection-routes):
 * the transaction, its cursor and every lookup given the transaction run there. An export of rows
 * its caller has just had written for it (an import's errors) says `primary: true`.
 */

/** Rows fetched per round trip: large enough that per-batch lookups are few, small enough to stay flat. */
export const EXPORT_BATCH_SIZE = 1000;

/** A query for `cursorBatches`: SQL with `:name` replacements. */
export interface CursorQuery {
  sql: string;
  replacements?: Record<string, unknown>;
}

/**
 * Counters of this process's export cursors, read by the tests (an export must stream): how many
 * are open now (each holds one pooled connection) and how many rows they have fetched in all.
 */
export const exportCursorStats = { open: 0, fetched: 0 };

/**
 * The rows of `query`, `batchSize` at a time through a cursor, each batch turned into export rows
 * by `present` (which may read more with the transaction: same snapshot, same connection). Throws
 * what the database throws; the transaction is rolled back and the connection released either way.
 */
export async function* cursorBatches<Row, R>(
  sequelize: Sequelize,
  query: CursorQuery,
  present: (rows: Row[], transaction: Transaction) => Promise<R[]> | R[],
  options: { batchSize?: number; model?: ModelStatic<Model>; primary?: boolean } = {},
): AsyncGenerator<R[]> {
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const begin = () =>
    sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ, readOnly: true });
  const transaction = await (options.primary ? begin() : onReplica(begin));
  exportCursorStats.open += 1;
  let done = false;
  try {
    lowerForBackground(sequelize, transaction as unknown as { connection?: object });
    await sequelize.query('SET TRANSACTION READ ONLY', { transaction });
    await sequelize.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${query.sql.replace(/;\s*$/, '')}`, {
      replacements: query.replacements,
      transaction,
    });
    for (;;) {
      const rows = (await sequelize.query(`FETCH FORWARD ${batchSize} FROM export_rows`, {
        type: QueryTypes.SELECT,
        transaction,
        ...(options.model ? { model: options.model, mapToModel: true } : {}),
      })) as Row[];
      exportCursorStats.fetched += rows.length;
      if (rows.length > 0) yield await present(rows, transaction);
      if (rows.length < batchSize) break;
    }
    done = true;
  } finally {
    exportCursorStats.open -= 1;
    // A read-only transaction changes nothing: rolling back an unfinished one is as good as
    // committing it, and also ends a transaction left aborted by an error.
    await (done ? transaction.commit() : transaction.rollback());
  }
}

/** The Sequelize instance a model was initialised with; throws when it was not. */
function sequelizeOf(model: ModelStatic<Model>): Sequelize {
  if (!model.sequelize) throw new Error(`${model.name} is not initialised`);
  return model.sequelize;
}

type FinderOptions = { where: unknown; order: Order; attributes: string[]; model: ModelStatic<Model> };
type ModelInternals = {
  _paranoidClause(model: ModelStatic<Model>, options: FinderOptions): FinderOptions;
};

/**
 * The SELECT `findAll({ where, order })` of `model` would run (its columns as attributes, soft-deleted
 * rows left out), for a cursor. A tenant model's `where` must constrain `projectId`, as every find
 * must (db/tenant-guard); throws TenantFilterMissingError otherwise.
 */
export function modelSelectSql<M extends Model>(
  model: ModelStatic<M>,
  where: WhereOptions<M>,
  order: Order,
): string {
  if ('projectId' in model.getAttributes() && !constrainsTenant(where))
    throw new TenantFilterMissingError(model.name, 'export');
  const base = model as unknown as ModelStatic<Model>;
  const options: FinderOptions = {
    where,
    order,
    attributes: Object.keys(model.getAttributes()),
    model: base,
  };
  (Utils as unknown as { mapFinderOptions(options: FinderOptions, model: unknown): void }).mapFinderOptions(
    options,
    model,
  );
  const finder = (model as unknown as ModelInternals)._paranoidClause(base, options);
  const generator = sequelizeOf(model).getQueryInterface().queryGenerator as {
    selectQuery(table: unknown, options: FinderOptions, model: unknown): string;
  };
  return generator.selectQuery(model.getTableName(), finder, model);
}

/**
 * Every row of `model` matching `where` in `order`, read through `cursorBatches` as model instances
 * and presented a batch at a time (the lookups of `present` get the export's transaction).
 */
export function modelCursorBatches<M extends Model, R>(
  model: ModelStatic<M>,
  where: WhereOptions<M>,
  order: Order,
  present: (rows: M[], transaction: Transaction) => Promise<R[]>,
  batchSize?: number,
): AsyncGenerator<R[]> {
  return cursorBatches<M, R>(sequelizeOf(model), { sql: modelSelectSql(model, where, order) }, present, {
    batchSize,
    model: model as unknown as ModelStatic<Model>,
  });
}
