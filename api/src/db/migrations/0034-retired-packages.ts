import type { Migration } from '../migrate';

/**
 * Retired video packages (issue 32, docs/video.md "Re-packaging"): `hls_retired` keeps the
 * packages re-packages replaced, each with its key secret and the time after which every token
 * issued for it has expired (a JSON array of `{ hls, key, deleteAfter }`; null when none is kept),
 * so a player holding the old playlist keeps playing it; the job `resource.delete-retired-packages`
 * then deletes the package's segments and its entry. The partial index is that job's sweep.
 */
export const m0034RetiredPackages: Migration = {
  name: '0034-retired-packages',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE resource ADD COLUMN hls_retired JSONB');
    await sql('CREATE INDEX resource_hls_retired ON resource (id) WHERE hls_retired IS NOT NULL');
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('DROP INDEX resource_hls_retired');
    await sql('ALTER TABLE resource DROP COLUMN hls_retired');
  },
};
