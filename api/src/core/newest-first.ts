import type { Model, ModelStatic, Order, Transaction, WhereOptions } from 'sequelize';
import { modelCursorBatches } from './export-cursor';

/**
 * The back office's lists and their exports show rows newest first: by creation time, then id.
 * A page reads its rows with a count; an export reads every row a batch at a time through one
 * cursor in one snapshot, so its memory stays flat however many there are and rows added meanwhile
 * do not shift it.
 */

/** A row with the list order's columns. */
type Dated = Model & { id: number; createdAt: Date };

export const NEWEST_FIRST: Order = [
  ['createdAt', 'DESC'],
  ['id', 'DESC'],
];

/** One page of the rows of `where`, newest first, each presented by `present`. */
export async function newestFirstPage<M extends Dated, R>(
  model: ModelStatic<M>,
  where: WhereOptions<M>,
  page: { pageNum: number; pageSize: number },
  present: (rows: M[]) => Promise<R[]>,
): Promise<{ list: R[]; total: number; pageNum: number; pageSize: number }> {
  const { rows, count } = await model.findAndCountAll({
    where,
    order: NEWEST_FIRST,
    limit: page.pageSize,
    offset: (page.pageNum - 1) * page.pageSize,
  });
  return { list: await present(rows), total: count, pageNum: page.pageNum, pageSize: page.pageSize };
}

/**
 * Every row of `where`, newest first, `batchSize` at a time through the export cursor
 * (`core/export-cursor.ts`: one snapshot, one batch in memory), each batch presented by `present`
 * (given the cursor's transaction for its lookups).
 */
export function newestFirstBatches<M extends Dated, R>(
  model: ModelStatic<M>,
  where: WhereOptions<M>,
  present: (rows: M[], transaction: Transaction) => Promise<R[]>,
  batchSize?: number,
): AsyncGenerator<R[]> {
  return modelCursorBatches(model, where, NEWEST_FIRST, present, batchSize);
}
