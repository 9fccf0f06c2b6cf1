import type { Migration } from '../migrate';

/**
 * The languages of a packaged video's audio (issue 32, `videoLanguage`; docs/video.md):
 * `audio_languages` holds their RFC 5646 tags (`zh`, `yue`, `en`), the default first, as packaging
 * found them; null until the video is packaged (or for a video never packaged).
 */
export const m0036AudioLanguages: Migration = {
  name: '0036-audio-languages',
  async up(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE resource ADD COLUMN audio_languages VARCHAR(16)[]');
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE resource DROP COLUMN audio_languages');
  },
};
