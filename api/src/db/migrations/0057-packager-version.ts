import type { Migration } from '../migrate';

/**
 * Re-packaging of videos (issue 32, docs/video.md "Re-packaging"): `packager_version` is the
 * packaging version a video's package was built with (PACKAGER_VERSION of hls-package.ts; packages
 * built before this migration are marked 1); while a re-package of a READY video waits or runs,
 * `repackage_requested_at` says since when (the old package keeps playing); `repackage_version` is
 * the packaging version the latest re-package was asked for at (the stale-package sweep asks once
 * per version); `repackage_failure` why the latest re-package failed (the old package stayed).
 */
export const m0057PackagerVersion: Migration = {
  name: '0057-packager-version',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('ALTER TABLE resource ADD COLUMN packager_version SMALLINT');
    await sql('ALTER TABLE resource ADD COLUMN repackage_requested_at TIMESTAMPTZ');
    await sql('ALTER TABLE resource ADD COLUMN repackage_version SMALLINT');
    await sql('ALTER TABLE resource ADD COLUMN repackage_failure VARCHAR(300)');
    await sql('UPDATE resource SET packager_version = 1 WHERE hls IS NOT NULL');
    // The stale-package sweep's lookup: packaged videos with no re-package under way.
    await sql(
      'CREATE INDEX resource_packager_version ON resource (packager_version) WHERE hls IS NOT NULL AND repackage_requested_at IS NULL',
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('DROP INDEX resource_packager_version');
    await sql('ALTER TABLE resource DROP COLUMN repackage_failure');
    await sql('ALTER TABLE resource DROP COLUMN repackage_version');
    await sql('ALTER TABLE resource DROP COLUMN repackage_requested_at');
    await sql('ALTER TABLE resource DROP COLUMN packager_version');
  },
};
