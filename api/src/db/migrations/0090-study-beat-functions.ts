import type { Migration } from '../migrate';

/**
 * The heartbeat's read and write as PL/pgSQL functions (issue 29, "The database past one server").
 * Until now they were protocol-level named prepared statements, parsed and planned once per
 * connection; PgBouncer 1.18 in transaction mode hands each transaction to any server connection and
 * does not carry named statements, so those fail behind it. A function keeps what made them fast:
 * PL/pgSQL prepares the statements inside it once per server connection (and plans them generically
 * after a few runs, as a prepared statement does), while the caller sends a call of it that any
 * server connection can parse in microseconds. They run as the caller (SECURITY INVOKER), so the
 * tenant policies apply to them as to any statement of the application's.
 */

const BEAT_COLUMNS = `
  status text, my_class_id integer, progress_id integer, last_seq integer, last_beat_at timestamptz,
  last_position double precision, awaiting jsonb, open_questions jsonb, idle_due_at timestamptz,
  face_due_at timestamptz, duration_seconds integer, credited_seconds double precision,
  furthest_position double precision, segments jsonb, finished_at timestamptz, enrolment_status text,
  session_version text, progress_version text`;

const READ = `
    SELECT s.status::text, s.my_class_id, s.progress_id, s.last_seq, s.last_beat_at, s.last_position,
           s.awaiting, s.open_questions, s.idle_due_at, s.face_due_at,
           p.duration_seconds, p.credited_seconds, p.furthest_position, p.segments, p.finished_at,
           m.status::text, s.xmin::text, p.xmin::text
      FROM study_session s
      JOIN lesson_progress p ON p.id = s.progress_id AND p.project_id = s.project_id
      JOIN my_class m ON m.id = s.my_class_id AND m.project_id = s.project_id
     WHERE s.id = p_session AND s.project_id = p_project AND s.account_id = p_account`;

export const m0090StudyBeatFunctions: Migration = {
  name: '0090-study-beat-functions',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE FUNCTION study_beat_read(p_session uuid, p_project integer, p_account integer, p_lock boolean)
      RETURNS TABLE (${BEAT_COLUMNS})
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      BEGIN
        IF p_lock THEN
          RETURN QUERY ${READ}
             FOR UPDATE OF s, p;
        ELSE
          RETURN QUERY ${READ};
        END IF;
      END
      $fn$`);
    await sql(`
      CREATE FUNCTION study_beat_write(
        p_session uuid, p_project integer, p_progress integer, p_seq integer, p_refusal text,
        p_position double precision, p_now timestamptz, p_last_seq integer, p_last_beat_at timestamptz,
        p_last_position double precision, p_awaiting jsonb, p_credited double precision, p_moved boolean,
        p_lesson_credited double precision, p_furthest double precision, p_segments jsonb,
        p_finished boolean, p_session_version xid, p_progress_version xid, p_asynchronous boolean)
      RETURNS TABLE (progress_version text, session_version text, enrolment_status text)
      LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      BEGIN
        IF p_asynchronous THEN
          PERFORM set_config('synchronous_commit', 'off', true);
        END IF;
        RETURN QUERY
          WITH locked AS (
            SELECT s.id FROM study_session s
              JOIN lesson_progress p ON p.id = s.progress_id AND p.project_id = s.project_id
             WHERE s.id = p_session AND s.project_id = p_project AND p.id = p_progress
               AND s.xmin = p_session_version AND p.xmin = p_progress_version
               FOR UPDATE OF s, p
          ), refusal AS (
            INSERT INTO study_refusal (project_id, session_id, progress_id, seq, reason, position, created_at)
            SELECT p_project, p_session, p_progress, p_seq, p_refusal, p_position, p_now
              FROM locked WHERE p_refusal IS NOT NULL
          ), session AS (
            UPDATE study_session s
               SET last_seq = p_last_seq, last_beat_at = p_last_beat_at, last_position = p_last_position,
                   awaiting = p_awaiting, credited_seconds = s.credited_seconds + p_credited
              FROM locked
             WHERE s.id = locked.id AND p_moved
            RETURNING s.xmin::text AS version
          )
          UPDATE lesson_progress p
             SET credited_seconds = CASE WHEN p_moved THEN p_lesson_credited ELSE p.credited_seconds END,
                 furthest_position = CASE WHEN p_moved THEN p_furthest ELSE p.furthest_position END,
                 segments = CASE WHEN p_moved THEN p_segments ELSE p.segments END,
                 last_position = CASE WHEN p_moved THEN p_last_position ELSE p.last_position END,
                 finished_at = CASE WHEN p_finished THEN p_now ELSE p.finished_at END,
                 refused_beats = p.refused_beats + CASE WHEN p_refusal IS NOT NULL THEN 1 ELSE 0 END,
                 updated_at = p_now
            FROM locked
           WHERE p.id = p_progress AND p.project_id = p_project
          RETURNING p.xmin::text,
                    (SELECT version FROM session),
                    (SELECT m.status::text FROM my_class m
                      WHERE m.id = p.my_class_id AND m.project_id = p.project_id);
      END
      $fn$`);
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP FUNCTION study_beat_write');
    await queryInterface.sequelize.query('DROP FUNCTION study_beat_read');
  },
};
