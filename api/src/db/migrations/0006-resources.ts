import type { Migration } from '../migrate';
import { categoryTreeSql, TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * Resources: the category tree of each project, the resources (videos) whose bytes live in the file
 * storage, and the chunked uploads under way. A category holding resources cannot be deleted
 * (RESTRICT); an upload whose category disappears completes without one.
 */
export const m0006Resources: Migration = {
  name: '0006-resources',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const statement of categoryTreeSql('resource_category')) await sql(statement);
    await sql(`
      CREATE TABLE resource (
        ${TENANT_KEY_COLUMNS},
        category_id INTEGER REFERENCES resource_category (id) ON DELETE RESTRICT,
        type VARCHAR(16) NOT NULL CHECK (type IN ('video')),
        name VARCHAR(100) NOT NULL,
        file_name VARCHAR(255) NOT NULL,
        storage_key VARCHAR(255) NOT NULL,
        content_type VARCHAR(64) NOT NULL,
        size BIGINT NOT NULL CHECK (size > 0),
        sha256 CHAR(64) NOT NULL,
        duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
        width INTEGER,
        height INTEGER,
        status VARCHAR(16) NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'PROCESSING', 'FAILED')),
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE UNIQUE INDEX resource_storage_key ON resource (storage_key)');
    await sql('CREATE INDEX resource_project ON resource (project_id, type, created_at DESC)');
    await sql('CREATE INDEX resource_category_ref ON resource (category_id)');
    await sql(`
      CREATE TABLE resource_upload (
        id UUID PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        type VARCHAR(16) NOT NULL CHECK (type IN ('video')),
        name VARCHAR(100) NOT NULL,
        file_name VARCHAR(255) NOT NULL,
        category_id INTEGER REFERENCES resource_category (id) ON DELETE SET NULL,
        size BIGINT NOT NULL CHECK (size > 0),
        chunk_size INTEGER NOT NULL CHECK (chunk_size > 0),
        chunk_count INTEGER NOT NULL CHECK (chunk_count > 0),
        state VARCHAR(12) NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'ASSEMBLING')),
        expires_at TIMESTAMPTZ NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX resource_upload_expiry ON resource_upload (expires_at)');
  },
  async down(queryInterface) {
    for (const table of ['resource_upload', 'resource', 'resource_category']) {
      await queryInterface.sequelize.query(`DROP TABLE ${table}`);
    }
  },
};
