import type { Migration } from '../migrate';
import { TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * Study (docs/product-decisions.md "Study"): what the server credited, and why it refused.
 * - `lesson_progress`: one row per enrolment and lesson, keyed by the lesson's course and video
 *   (a course's lesson list is replaced as a whole when edited, so lesson ids do not last); names,
 *   length and hours are kept as they were when study began, so the archive outlives the catalogue;
 * - `study_session`: one device playing one lesson; a student has at most one ACTIVE session (the
 *   newest device wins, the older is SUPERSEDED and told so);
 * - `study_refusal`: every beat that credited nothing, with the reason (the archive shows them);
 * - `popup_answer`: the answers to pop-up questions;
 * - `my_class` gains the hours credited (tenths) and when study finished and the class was passed.
 */
export const m0014Study: Migration = {
  name: '0014-study',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      ALTER TABLE my_class
        ADD COLUMN required_tenths INTEGER NOT NULL DEFAULT 0 CHECK (required_tenths >= 0),
        ADD COLUMN elective_tenths INTEGER NOT NULL DEFAULT 0 CHECK (elective_tenths >= 0),
        ADD COLUMN finished_study_at TIMESTAMPTZ,
        ADD COLUMN passed_at TIMESTAMPTZ`);
    await sql(`
      CREATE TABLE lesson_progress (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER NOT NULL REFERENCES my_class (id) ON DELETE CASCADE,
        course_id INTEGER NOT NULL,
        resource_id INTEGER NOT NULL,
        course_name VARCHAR(100) NOT NULL,
        lesson_name VARCHAR(100) NOT NULL,
        duration_seconds INTEGER NOT NULL CHECK (duration_seconds > 0),
        hours_tenths INTEGER NOT NULL CHECK (hours_tenths >= 0),
        credited_seconds DOUBLE PRECISION NOT NULL DEFAULT 0 CHECK (credited_seconds >= 0),
        furthest_position DOUBLE PRECISION NOT NULL DEFAULT 0,
        last_position DOUBLE PRECISION NOT NULL DEFAULT 0,
        segments JSONB NOT NULL DEFAULT '[]',
        refused_beats INTEGER NOT NULL DEFAULT 0,
        finished_at TIMESTAMPTZ,
        ${TIMESTAMP_COLUMNS},
        UNIQUE (my_class_id, course_id, resource_id)
      )`);
    await sql('CREATE INDEX lesson_progress_account ON lesson_progress (project_id, account_id)');
    await sql(`
      CREATE TABLE study_session (
        id UUID PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER NOT NULL REFERENCES my_class (id) ON DELETE CASCADE,
        progress_id INTEGER NOT NULL REFERENCES lesson_progress (id) ON DELETE CASCADE,
        lesson_id INTEGER NOT NULL,
        status VARCHAR(12) NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUPERSEDED', 'ENDED')),
        last_seq INTEGER NOT NULL DEFAULT 0,
        last_beat_at TIMESTAMPTZ NOT NULL,
        last_position DOUBLE PRECISION NOT NULL DEFAULT 0,
        awaiting JSONB,
        open_questions JSONB NOT NULL DEFAULT '[]',
        idle_due_at TIMESTAMPTZ,
        face_due_at TIMESTAMPTZ,
        credited_seconds DOUBLE PRECISION NOT NULL DEFAULT 0,
        ip VARCHAR(64),
        user_agent VARCHAR(300),
        started_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        ended_at TIMESTAMPTZ
      )`);
    await sql("CREATE INDEX study_session_active ON study_session (account_id) WHERE status = 'ACTIVE'");
    await sql('CREATE INDEX study_session_class ON study_session (my_class_id, started_at DESC)');
    await sql(`
      CREATE TABLE study_refusal (
        id BIGSERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        session_id UUID NOT NULL REFERENCES study_session (id) ON DELETE CASCADE,
        progress_id INTEGER NOT NULL REFERENCES lesson_progress (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        reason VARCHAR(24) NOT NULL,
        position DOUBLE PRECISION NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX study_refusal_progress ON study_refusal (progress_id, id)');
    await sql(`
      CREATE TABLE popup_answer (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER NOT NULL REFERENCES my_class (id) ON DELETE CASCADE,
        progress_id INTEGER NOT NULL REFERENCES lesson_progress (id) ON DELETE CASCADE,
        question_id INTEGER NOT NULL,
        mark_second INTEGER NOT NULL,
        content VARCHAR(500) NOT NULL,
        answer VARCHAR(8) NOT NULL,
        correct BOOLEAN NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX popup_answer_progress ON popup_answer (progress_id, question_id)');
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const table of ['popup_answer', 'study_refusal', 'study_session', 'lesson_progress'])
      await sql(`DROP TABLE ${table}`);
    await sql(`
      ALTER TABLE my_class DROP COLUMN required_tenths, DROP COLUMN elective_tenths,
        DROP COLUMN finished_study_at, DROP COLUMN passed_at`);
  },
};
