import type { Logger } from 'pino';
import type {
  Attributes,
  FindAndCountOptions,
  Model,
  ModelStatic,
  Order,
  Transaction,
  WhereOptions,
} from 'sequelize';
import type { FileResult } from './action';
import { modelCursorBatches } from './export-cursor';
import { exportXlsx, type XlsxColumn } from './xlsx';

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

/** A page of a list answer. */
type PageOf<R> = { list: R[]; total: number; pageNum: number; pageSize: number };

/**
 * One page of a model's rows found by `options` (where, order, include, `allTenants`…: all but the
 * paging) with the count of all of them, the rows presented by `present` (which may look up what
 * they show).
 */
export async function modelPage<M extends Model, R>(
  model: ModelStatic<M>,
  options: Omit<FindAndCountOptions<Attributes<M>>, 'limit' | 'offset' | 'group'>,
  page: { pageNum: number; pageSize: number },
  present: (rows: M[]) => R[] | Promise<R[]>,
): Promise<PageOf<R>> {
  const { rows, count } = await model.findAndCountAll({
    ...options,
    limit: page.pageSize,
    offset: (page.pageNum - 1) * page.pageSize,
  });
  return { list: await present(rows), total: count, pageNum: page.pageNum, pageSize: page.pageSize };
}

/**
 * One page of the rows of `where`, newest first, each presented by `present`. `allTenants`: the
 * list spans projects on purpose (platform staff's; see the tenant guard).
 */
export function newestFirstPage<M extends Dated, R>(
  model: ModelStatic<M>,
  where: WhereOptions<M>,
  page: { pageNum: number; pageSize: number },
  present: (rows: M[]) => R[] | Promise<R[]>,
  options: { allTenants?: boolean } = {},
): Promise<PageOf<R>> {
  return modelPage(
    model,
    { where, order: NEWEST_FIRST, ...(options.allTenants ? { allTenants: true } : {}) },
    page,
    present,
  );
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

/**
 * A back-office list read newest first and shaped by one presenter, and its export: `page` answers
 * the list's page call; `export` streams every row of the same filters (no paging) as
 * `title-YYYYMMDD.xlsx`, `batchSize` rows at a time (default 500) through one cursor and one
 * snapshot. `present` is given the cursor's transaction for its lookups while exporting.
 */
export function newestFirstList<S extends { log: Logger }, F, M extends Dated, R>(list: {
  model: ModelStatic<M>;
  where(scope: S, filters: F): WhereOptions<M> | Promise<WhereOptions<M>>;
  present(scope: S, rows: M[], transaction?: Transaction): Promise<R[]>;
  title: string;
  columns: readonly XlsxColumn<R>[];
  batchSize?: number;
}): {
  page(scope: S, input: F & { pageNum: number; pageSize: number }): Promise<PageOf<R>>;
  batches(scope: S, filters: F): AsyncGenerator<R[]>;
  export(scope: S, filters: F, now?: Date): FileResult;
} {
  async function* batches(scope: S, filters: F): AsyncGenerator<R[]> {
    yield* newestFirstBatches(
      list.model,
      await list.where(scope, filters),
      (rows, transaction) => list.present(scope, rows, transaction),
      list.batchSize ?? 500,
    );
  }
  return {
    page: async (scope, input) =>
      newestFirstPage(list.model, await list.where(scope, input), input, (rows) => list.present(scope, rows)),
    batches,
    export: (scope, filters, now) =>
      exportXlsx(list.title, {
        columns: list.columns,
        batches: batches(scope, filters),
        log: scope.log,
        now,
      }),
  };
}
