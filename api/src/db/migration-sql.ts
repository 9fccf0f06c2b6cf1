/**
 * SQL that the migrations' tables repeat, written once. Migrations are frozen history: a change here
 * changes what every one of them creates, so it must leave the catalogue as it is (compare
 * `information_schema` and `pg_indexes` of a database migrated before and after).
 */

/** The key and the project of a tenant table (its row goes with its project). */
export const TENANT_KEY_COLUMNS = `id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE`;

/** When a row was made and last changed. */
export const TIMESTAMP_COLUMNS = `created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP`;

/**
 * A project's category tree (`resource_category`, `course_category`, `exam_category`): a category
 * holding children or rows cannot be deleted (RESTRICT); sibling names are unique (root categories
 * share the parent "none").
 */
export function categoryTreeSql(table: string): string[] {
  return [
    `CREATE TABLE ${table} (
        ${TENANT_KEY_COLUMNS},
        parent_id INTEGER REFERENCES ${table} (id) ON DELETE RESTRICT,
        name VARCHAR(50) NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0,
        ${TIMESTAMP_COLUMNS},
        CHECK (parent_id IS NULL OR parent_id <> id)
      )`,
    `CREATE INDEX ${table}_tree ON ${table} (project_id, parent_id, sort)`,
    `CREATE UNIQUE INDEX ${table}_name ON ${table} (project_id, COALESCE(parent_id, 0), name)`,
  ];
}
