import type { Migration } from '../migrate';

/**
 * Resources: the category tree of each project, the resources (videos) whose bytes live in the file
 * storage, and the chunked uploads under way. A category holding resources cannot be deleted
 * (RESTRICT); an upload whose category disappears completes without one.
 */
export const m0006Resources: Migration = {
  name: '0006-resources',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE resource_category (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        parent_id INTEGER REFERENCES resource_category (id) ON DELETE RESTRICT,
        name VARCHAR(50) NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await sql('CREATE INDEX resource_category_tree ON resource_category (project_id, parent_id, sort)');
    // Sibling names are unique (root categories share the parent "none").
    await sql(
      'CREATE UNIQUE INDEX resource_category_name ON resource_category (project_id, COALESCE(parent_id, 0), name)',
    );
    await sql(`
      CREATE TABLE resource (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
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
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
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
