import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * H5 banners (spec section 7):
 * - `banner_image`: an uploaded image (PNG/JPEG/WebP, kind and size read from the content), kept in
 *   the file storage under `storage_key`; public by its unguessable id;
 * - `banner`: a project's banner: title, image, link, order, optional display window, status.
 * Both go with their project.
 */
export const m0009Banners: Migration = {
  name: '0009-banners',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE banner_image (
        id UUID PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        storage_key VARCHAR(255) NOT NULL UNIQUE,
        content_type VARCHAR(32) NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
        width INTEGER NOT NULL CHECK (width > 0),
        height INTEGER NOT NULL CHECK (height > 0),
        size INTEGER NOT NULL CHECK (size > 0),
        sha256 CHAR(64) NOT NULL,
        created_by INTEGER,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX banner_image_project ON banner_image (project_id)');
    await sql(`
      CREATE TABLE banner (
        ${TENANT_KEY_COLUMNS},
        title VARCHAR(50) NOT NULL,
        image_id UUID NOT NULL REFERENCES banner_image (id),
        link VARCHAR(500),
        sort INTEGER NOT NULL DEFAULT 0,
        start_at TIMESTAMPTZ,
        end_at TIMESTAMPTZ,
        status VARCHAR(16) NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
        ${TIMESTAMP_COLUMNS},
        CHECK (start_at IS NULL OR end_at IS NULL OR end_at > start_at)
      )`);
    await sql('CREATE INDEX banner_project_sort ON banner (project_id, sort, id)');
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE banner');
    await queryInterface.sequelize.query('DROP TABLE banner_image');
  },
};
