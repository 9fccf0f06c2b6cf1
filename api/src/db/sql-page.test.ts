import type { Sequelize } from 'sequelize';
import { SqlFilter, sqlAnswers, sqlPage } from './sql-page';

/** A Sequelize stand-in that answers `answers` in turn and keeps the SQL and replacements asked. */
function recording(answers: unknown[][]) {
  const asked: { sql: string; replacements: unknown }[] = [];
  const sequelize = {
    query: async (sql: string, options: { replacements: unknown }) => {
      asked.push({ sql: sql.replace(/\s+/g, ' ').trim(), replacements: options.replacements });
      return answers.shift() ?? [];
    },
  } as unknown as Sequelize;
  return { sequelize, asked };
}

describe('SqlFilter', () => {
  test('adds a condition only for a value given, with its replacement', () => {
    const filter = new SqlFilter('c.project_id = :projectId', { projectId: 7 })
      .equals('c.status', 'status', 'PENDING')
      .equals('c.kind', 'kind', undefined)
      .equals('c.class_id', 'classId', '')
      .when(null, 'c.assignee_id = :me', 'me');
    expect(filter.sql).toBe('WHERE c.project_id = :projectId AND c.status = :status');
    expect(filter.replacements).toEqual({ projectId: 7, status: 'PENDING' });
  });

  test("matches a student's name, ID number or mobile with the text escaped for LIKE", () => {
    const filter = new SqlFilter().student('50%_张', 'a', 'keyword');
    expect(filter.sql).toBe(
      'WHERE (a.real_name LIKE :keyword OR a.id_card_no LIKE :keyword OR a.mobile LIKE :keyword)',
    );
    expect(filter.replacements).toEqual({ keyword: '%50\\%\\_张%' });
  });

  test('with no condition the WHERE holds for every row', () => {
    expect(new SqlFilter().sql).toBe('WHERE TRUE');
  });

  test("carries the replacements of the query's subquery without a condition", () => {
    const filter = new SqlFilter().bind({ all: false, projectId: 3 }).equals('f.source', 'source', 'JOB');
    expect(filter.sql).toBe('WHERE f.source = :source');
    expect(filter.replacements).toEqual({ all: false, projectId: 3, source: 'JOB' });
  });
});

describe('sqlAnswers', () => {
  test('reads every row of the query (no paging, no count) and shapes each by the presenter', async () => {
    const query = jest.fn().mockResolvedValue([{ id: 1 }, { id: 2 }]);
    const answers = await sqlAnswers(
      { query } as unknown as Sequelize,
      {
        select: 'SELECT c.id FROM change_class_apply c',
        countFrom: 'FROM change_class_apply c',
        filter: new SqlFilter('c.id = :id', { id: 2 }),
        orderBy: 'c.id DESC',
      },
      (row: { id: number }) => `#${row.id}`,
    );
    expect(answers).toEqual(['#1', '#2']);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0][0]).toBe(
      'SELECT c.id FROM change_class_apply c WHERE c.id = :id ORDER BY c.id DESC',
    );
    expect(query.mock.calls[0][1]).toMatchObject({ replacements: { id: 2 } });
  });
});

describe('sqlPage', () => {
  test('pages the rows and counts them all under the same filter', async () => {
    const { sequelize, asked } = recording([[{ id: 5 }], [{ n: 11 }]]);
    const filter = new SqlFilter('c.project_id = :projectId', { projectId: 2 });
    const page = await sqlPage(
      sequelize,
      { select: 'SELECT c.id FROM c', countFrom: 'FROM c', filter, orderBy: 'c.id DESC' },
      { pageNum: 3, pageSize: 5 },
    );
    expect(page).toEqual({ rows: [{ id: 5 }], total: 11 });
    expect(asked).toEqual([
      {
        sql: 'SELECT c.id FROM c WHERE c.project_id = :projectId ORDER BY c.id DESC LIMIT :limit OFFSET :offset',
        replacements: { projectId: 2, limit: 5, offset: 10 },
      },
      {
        sql: 'SELECT count(*)::int AS n FROM c WHERE c.project_id = :projectId',
        replacements: { projectId: 2 },
      },
    ]);
  });

  test('groups the rows of a query of groups and counts the groups by their key', async () => {
    const { sequelize, asked } = recording([[], [{ n: 4 }]]);
    const page = await sqlPage(
      sequelize,
      {
        select: 'SELECT c.id, count(*) AS n FROM m JOIN c ON c.id = m.class_id',
        countFrom: 'FROM m JOIN c ON c.id = m.class_id',
        filter: new SqlFilter(),
        groupBy: 'c.id',
        countOf: 'DISTINCT c.id',
        orderBy: 'c.id',
      },
      { pageNum: 1, pageSize: 10 },
    );
    expect(page.total).toBe(4);
    expect(asked.map((query) => query.sql)).toEqual([
      'SELECT c.id, count(*) AS n FROM m JOIN c ON c.id = m.class_id WHERE TRUE GROUP BY c.id ORDER BY c.id LIMIT :limit OFFSET :offset',
      'SELECT count(DISTINCT c.id)::int AS n FROM m JOIN c ON c.id = m.class_id WHERE TRUE',
    ]);
  });
});
