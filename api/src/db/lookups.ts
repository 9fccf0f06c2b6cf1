import type { Attributes, Model, ModelStatic, Transaction, WhereOptions } from 'sequelize';

/** What a lookup may add to its query: more conditions (the project), the columns, a transaction. */
export interface LookupOptions<M extends Model> {
  where?: WhereOptions<Attributes<M>>;
  attributes?: string[];
  transaction?: Transaction;
  /** Across projects (platform staff's lists): see the tenant guard. */
  allTenants?: boolean;
  /** Rows of a paranoid model deleted since are found too (`paranoid: false`). */
  withDeleted?: boolean;
}

/**
 * Rows of a model by id, in one query (the ids deduplicated; no ids, no query), as presenters
 * need them beside a page of rows: `rowsById(Unit, rows.map((row) => row.unitId), { where: { projectId } })`.
 */
export async function rowsById<M extends Model & { id: number }>(
  model: ModelStatic<M>,
  ids: Iterable<number | null | undefined>,
  options: LookupOptions<M> = {},
): Promise<Map<number, M>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await model.findAll({
    where: { ...options.where, id: wanted } as WhereOptions<Attributes<M>>,
    ...(options.attributes ? { attributes: options.attributes } : {}),
    transaction: options.transaction,
    ...(options.allTenants ? { allTenants: true } : {}),
    ...(options.withDeleted ? { paranoid: false } : {}),
  });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The names of rows of a model by id (see rowsById); a missing row has no entry. */
export async function namesById<M extends Model & { id: number; name: string }>(
  model: ModelStatic<M>,
  ids: Iterable<number | null | undefined>,
  options: Omit<LookupOptions<M>, 'attributes'> = {},
): Promise<Map<number, string>> {
  const rows = await rowsById(model, ids, { ...options, attributes: ['id', 'name'] });
  return new Map([...rows].map(([id, row]) => [id, row.name]));
}
