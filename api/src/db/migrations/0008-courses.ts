import type { Migration } from '../migrate';
import { categoryTreeSql, TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * Courses: the course category tree of each project, courses, their lessons (ordered videos of the
 * same project with hours in tenths and trial seconds) and the pop-up questions on videos.
 * A category holding courses cannot be deleted (RESTRICT); a video used by a lesson cannot be
 * deleted (RESTRICT); a video's questions go with it (CASCADE).
 */
export const m0008Courses: Migration = {
  name: '0008-courses',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    for (const statement of categoryTreeSql('course_category')) await sql(statement);
    await sql(`
      CREATE TABLE course (
        ${TENANT_KEY_COLUMNS},
        category_id INTEGER NOT NULL REFERENCES course_category (id) ON DELETE RESTRICT,
        name VARCHAR(100) NOT NULL,
        teacher_name VARCHAR(50),
        description TEXT,
        status VARCHAR(16) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED')),
        hours_tenths INTEGER NOT NULL DEFAULT 0 CHECK (hours_tenths >= 0),
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX course_project ON course (project_id, created_at DESC)');
    await sql('CREATE INDEX course_category_ref ON course (category_id)');
    await sql(`
      CREATE TABLE course_lesson (
        ${TENANT_KEY_COLUMNS},
        course_id INTEGER NOT NULL REFERENCES course (id) ON DELETE CASCADE,
        resource_id INTEGER NOT NULL REFERENCES resource (id) ON DELETE RESTRICT,
        sort INTEGER NOT NULL,
        hours_tenths INTEGER NOT NULL CHECK (hours_tenths > 0),
        trial_seconds INTEGER NOT NULL DEFAULT 0 CHECK (trial_seconds >= 0),
        UNIQUE (course_id, resource_id),
        UNIQUE (course_id, sort)
      )`);
    await sql('CREATE INDEX course_lesson_resource ON course_lesson (resource_id)');
    await sql(`
      CREATE TABLE resource_question (
        ${TENANT_KEY_COLUMNS},
        resource_id INTEGER NOT NULL REFERENCES resource (id) ON DELETE CASCADE,
        mark_second INTEGER NOT NULL CHECK (mark_second > 0),
        type VARCHAR(12) NOT NULL CHECK (type IN ('SINGLE', 'MULTIPLE', 'JUDGE')),
        content VARCHAR(500) NOT NULL,
        options JSONB NOT NULL,
        answer VARCHAR(6) NOT NULL,
        explanation VARCHAR(1000),
        ${TIMESTAMP_COLUMNS},
        UNIQUE (resource_id, mark_second)
      )`);
  },
  async down(queryInterface) {
    for (const table of ['resource_question', 'course_lesson', 'course', 'course_category']) {
      await queryInterface.sequelize.query(`DROP TABLE ${table}`);
    }
  },
};
