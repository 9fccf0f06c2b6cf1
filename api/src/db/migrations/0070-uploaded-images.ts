import type { Migration } from '../migrate';
import { dropTenantPolicySql, tenantPolicySql } from '../row-security';

/**
 * Images uploaded through `upload/upload-image` (issue 27): the one upload path of the editors and
 * forms. Each row is one image (PNG, JPEG, GIF or WebP, kind and size read from its content) kept
 * in the file storage under `storage_key`, public by its unguessable id; it goes with its project,
 * under the tenant policy.
 */
export const m0070UploadedImages: Migration = {
  name: '0070-uploaded-images',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE uploaded_image (
        id UUID PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        storage_key VARCHAR(255) NOT NULL UNIQUE,
        content_type VARCHAR(32) NOT NULL
          CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
        width INTEGER NOT NULL CHECK (width > 0),
        height INTEGER NOT NULL CHECK (height > 0),
        size INTEGER NOT NULL CHECK (size > 0),
        sha256 CHAR(64) NOT NULL,
        created_by INTEGER REFERENCES account (id),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX uploaded_image_project ON uploaded_image (project_id, created_at DESC)');
    for (const statement of tenantPolicySql('uploaded_image', { sharedNullRows: false }))
      await sql(statement);
  },
  async down(queryInterface) {
    for (const statement of dropTenantPolicySql('uploaded_image'))
      await queryInterface.sequelize.query(statement);
    await queryInterface.sequelize.query('DROP TABLE uploaded_image');
  },
};
