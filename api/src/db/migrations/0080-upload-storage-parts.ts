import type { Migration } from '../migrate';

/**
 * Resumable uploads into object storage (docs/storage.md): an upload whose storage writes objects
 * in parts keeps the storage's multipart upload id (`storage_upload_id`); each chunk is then a part
 * of the final object and nothing is assembled in the API. Null on the local disk, where chunks
 * wait as files and are assembled at completion.
 */
export const m0080UploadStorageParts: Migration = {
  name: '0080-upload-storage-parts',
  async up(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE resource_upload ADD COLUMN storage_upload_id TEXT');
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE resource_upload DROP COLUMN storage_upload_id');
  },
};
