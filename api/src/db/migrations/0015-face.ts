import type { Migration } from '../migrate';

/**
 * Face checks (docs/product-decisions.md "Face checks"): a student's reference photo (`face_photo`,
 * one per student, replaced on upload) and every capture compared with it during study
 * (`face_capture`: the stored image, the provider, its score, whether it passed, and whether the
 * provider was a simulator).
 */
export const m0015Face: Migration = {
  name: '0015-face',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE face_photo (
        account_id INTEGER PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES project (id),
        storage_key VARCHAR(255) NOT NULL,
        content_type VARCHAR(32) NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql(`
      CREATE TABLE face_capture (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER REFERENCES my_class (id) ON DELETE SET NULL,
        session_id UUID REFERENCES study_session (id) ON DELETE SET NULL,
        kind VARCHAR(8) NOT NULL CHECK (kind IN ('START', 'RANDOM')),
        storage_key VARCHAR(255) NOT NULL,
        content_type VARCHAR(32) NOT NULL,
        provider VARCHAR(32) NOT NULL,
        simulated BOOLEAN NOT NULL,
        score DOUBLE PRECISION NOT NULL,
        passed BOOLEAN NOT NULL,
        reason VARCHAR(100),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX face_capture_account ON face_capture (project_id, account_id, created_at DESC)');
    await sql('CREATE INDEX face_capture_class ON face_capture (my_class_id, created_at DESC)');
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP TABLE face_capture');
    await queryInterface.sequelize.query('DROP TABLE face_photo');
  },
};
