import type { Migration } from '../migrate';

/**
 * Encrypted HLS packaging of uploaded videos (issue 32, docs/video.md): a video is PROCESSING
 * (转码中) while the packaging job runs, READY (可播放) once packaged, FAILED (失败) with
 * `status_reason`; `hls` holds the package's manifest (renditions and their segments' durations),
 * `hls_key` the AES-128 key of its segments, served only by the API to a play grant.
 */
export const m0082VideoPackaging: Migration = {
  name: '0082-video-packaging',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE resource ADD COLUMN status_reason VARCHAR(300)');
    await sql('ALTER TABLE resource ADD COLUMN hls JSONB');
    await sql('ALTER TABLE resource ADD COLUMN hls_key BYTEA CHECK (octet_length(hls_key) = 16)');
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE resource DROP COLUMN hls_key');
    await sql('ALTER TABLE resource DROP COLUMN hls');
    await sql('ALTER TABLE resource DROP COLUMN status_reason');
  },
};
