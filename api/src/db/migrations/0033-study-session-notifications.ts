import type { Migration } from '../migrate';

/**
 * Change notifications of study sessions (issue 32, docs/video.md "Keys at scale"): the HLS key
 * route keeps whether a study session still holds its video's keys in process memory
 * (`studySessionKeyRefusal`), so a session taken over by another device or ended must drop that on
 * every instance. A session's status changing (or its row going) notifies `study_session:<account>`
 * as 0091's account-named notifications do. Row-level, and only for an UPDATE that sets `status`
 * (or the account or the progress row): the heartbeat's one-statement write (0090) sets neither,
 * so a beat fires nothing; the statements that end or supersede sessions change a few rows. A
 * truncate notifies the table (every cached session dropped).
 */
export const m0033StudySessionNotifications: Migration = {
  name: '0033-study-session-notifications',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE FUNCTION px_notify_study_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('px_change', 'study_session:' || OLD.account_id);
        IF TG_OP = 'UPDATE' THEN
          IF NEW.account_id IS DISTINCT FROM OLD.account_id THEN
            PERFORM pg_notify('px_change', 'study_session:' || NEW.account_id);
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await sql(`
      CREATE TRIGGER study_session_notify_update AFTER UPDATE OF status, account_id, progress_id ON study_session
        FOR EACH ROW
        WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.account_id IS DISTINCT FROM NEW.account_id
              OR OLD.progress_id IS DISTINCT FROM NEW.progress_id)
        EXECUTE FUNCTION px_notify_study_session_change()`);
    await sql(`
      CREATE TRIGGER study_session_notify_delete AFTER DELETE ON study_session
        FOR EACH ROW EXECUTE FUNCTION px_notify_study_session_change()`);
    await sql(`
      CREATE TRIGGER study_session_notify_truncate AFTER TRUNCATE ON study_session
        FOR EACH STATEMENT EXECUTE FUNCTION px_notify_change()`);
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const event of ['update', 'delete', 'truncate'])
      await sql(`DROP TRIGGER study_session_notify_${event} ON study_session`);
    await sql('DROP FUNCTION px_notify_study_session_change()');
  },
};
