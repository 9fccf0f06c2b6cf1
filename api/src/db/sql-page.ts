import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { containsPattern } from '../core/query';

/**
 * The WHERE of a hand-written list query, built a condition at a time with its named replacements:
 * `new SqlFilter('c.project_id = :projectId', { projectId }).equals('c.status', 'status', input.status)`.
 * A filter whose value is absent (undefined, null or '') adds nothing.
 */
export class SqlFilter {
  private readonly conditions: string[] = [];
  readonly replacements: Record<string, unknown> = {};

  constructor(condition?: string, replacements: Record<string, unknown> = {}) {
    if (condition) this.where(condition, replacements);
  }

  /** Adds a condition that always holds, with its replacements. */
  where(condition: string, replacements: Record<string, unknown> = {}): this {
    this.conditions.push(condition);
    return this.bind(replacements);
  }

  /** Adds replacements the query names outside the WHERE (in a subquery of its FROM), no condition. */
  bind(replacements: Record<string, unknown>): this {
    Object.assign(this.replacements, replacements);
    return this;
  }

  /** `column = :name` when the value is given. */
  equals(column: string, name: string, value: unknown): this {
    return absent(value) ? this : this.where(`${column} = :${name}`, { [name]: value });
  }

  /** The condition (naming `:name`) when the value is given. */
  when(value: unknown, condition: string, name: string): this {
    return absent(value) ? this : this.where(condition, { [name]: value });
  }

  /** Any of the columns contains the text (escaped for LIKE; `ILIKE`: in any case), when a text is given. */
  contains(
    columns: readonly string[],
    name: string,
    text: string | null | undefined,
    operator: 'LIKE' | 'ILIKE' = 'LIKE',
  ): this {
    if (absent(text)) return this;
    const any = columns.map((column) => `${column} ${operator} :${name}`).join(' OR ');
    return this.where(`(${any})`, { [name]: containsPattern(text as string) });
  }

  /** A student's name, ID number or mobile (of account `alias`) contains the text. */
  student(text: string | null | undefined, alias = 'a', name = 'student'): this {
    return this.contains([`${alias}.real_name`, `${alias}.id_card_no`, `${alias}.mobile`], name, text);
  }

  /** `WHERE …` (`WHERE TRUE` with no condition). */
  get sql(): string {
    return `WHERE ${this.conditions.length ? this.conditions.join(' AND ') : 'TRUE'}`;
  }
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** A page of a list: which one and its size. */
export interface SqlPageRequest {
  pageNum: number;
  pageSize: number;
}

/** What a hand-written list query is made of. */
export interface SqlPageQuery {
  /** `SELECT … FROM … JOIN …` (the rows), without WHERE. */
  select: string;
  /** `FROM … JOIN …` for the count: the tables the filter names, no more. */
  countFrom: string;
  filter: SqlFilter;
  /** `GROUP BY` list of a query of groups, without the words (`c.id, c.name`); none by default. */
  groupBy?: string;
  /** What the count counts: `*` (a row) by default; of a query of groups, its key (`DISTINCT c.id`). */
  countOf?: string;
  /** `ORDER BY` list, without the words (`c.created_at DESC, c.id DESC`). */
  orderBy: string;
  transaction?: Transaction;
}

/**
 * One page of a hand-written list query and the count of all its rows (without `page`, every row
 * and their count), the rows as the database answers them for a presenter to shape.
 */
export async function sqlPage<Row extends object>(
  sequelize: Sequelize,
  query: SqlPageQuery,
  page?: SqlPageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const { filter, transaction } = query;
  const groupBy = query.groupBy ? ` GROUP BY ${query.groupBy}` : '';
  const rows = await sequelize.query<Row>(
    `${query.select} ${filter.sql}${groupBy} ORDER BY ${query.orderBy}${page ? ' LIMIT :limit OFFSET :offset' : ''}`,
    {
      replacements: page
        ? { ...filter.replacements, limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize }
        : filter.replacements,
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  if (!page) return { rows, total: rows.length };
  const [count] = await sequelize.query<{ n: number }>(
    `SELECT count(${query.countOf ?? '*'})::int AS n ${query.countFrom} ${filter.sql}`,
    { replacements: filter.replacements, type: QueryTypes.SELECT, transaction },
  );
  return { rows, total: count?.n ?? 0 };
}

/** A page of a hand-written list query as calls answer it: the rows shaped by `present`, the count, the page. */
export async function sqlPageAnswer<Row extends object, Item>(
  sequelize: Sequelize,
  query: SqlPageQuery,
  page: SqlPageRequest,
  present: (row: Row) => Item,
): Promise<{ list: Item[]; total: number; pageNum: number; pageSize: number }> {
  const { rows, total } = await sqlPage<Row>(sequelize, query, page);
  return { list: rows.map(present), total, pageNum: page.pageNum, pageSize: page.pageSize };
}

/** Every row of a hand-written list query (no paging, no count), each shaped by `present`: a detail's one row. */
export async function sqlAnswers<Row extends object, Item>(
  sequelize: Sequelize,
  query: SqlPageQuery,
  present: (row: Row) => Item,
): Promise<Item[]> {
  const { rows } = await sqlPage<Row>(sequelize, query);
  return rows.map(present);
}
