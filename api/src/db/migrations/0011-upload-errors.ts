import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS } from '../migration-sql';

/**
 * The upload error log: one row per upload that did not make it (refused by content, type or size,
 * cancelled, or abandoned and swept), so staff see which files failed and why. The upload itself
 * still leaves nothing behind; the row keeps only what was announced of the file.
 */
export const m0011UploadErrors: Migration = {
  name: '0011-upload-errors',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE resource_upload_error (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER REFERENCES account (id) ON DELETE SET NULL,
        type VARCHAR(16) NOT NULL CHECK (type IN ('video')),
        name VARCHAR(100),
        file_name VARCHAR(255) NOT NULL,
        size BIGINT NOT NULL CHECK (size >= 0),
        category_id INTEGER REFERENCES resource_category (id) ON DELETE SET NULL,
        kind VARCHAR(12) NOT NULL CHECK (kind IN ('REFUSED', 'ABORTED', 'EXPIRED')),
        reason VARCHAR(500) NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(
      'CREATE INDEX resource_upload_error_project ON resource_upload_error (project_id, created_at DESC)',
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE resource_upload_error');
  },
};
