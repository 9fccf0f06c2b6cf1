import { type Model, type ModelStatic, Op, type Order, type WhereOptions } from 'sequelize';

/**
 * The back office's lists and their exports show rows newest first: by creation time, then id.
 * A page reads its rows with a count; an export reads every row a batch at a time by keyset on the
 * same order (after the last row of the batch before), so its memory stays flat however many there
 * are and rows added meanwhile do not shift it.
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

/** Every row of `where`, newest first, `batchSize` at a time, each batch presented by `present`. */
export async function* newestFirstBatches<M extends Dated, R>(
  model: ModelStatic<M>,
  where: WhereOptions<M>,
  present: (rows: M[]) => Promise<R[]>,
  batchSize = 500,
): AsyncGenerator<R[]> {
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const keyset = after
      ? {
          [Op.or]: [
            { createdAt: { [Op.lt]: after.createdAt } },
            { createdAt: after.createdAt, id: { [Op.lt]: after.id } },
          ],
        }
      : {};
    const rows: M[] = await model.findAll({
      where: { [Op.and]: [where, keyset] } as WhereOptions<M>,
      order: NEWEST_FIRST,
      limit: batchSize,
    });
    if (rows.length === 0) return;
    yield await present(rows);
    const last = rows[rows.length - 1] as M;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batchSize) return;
  }
}
