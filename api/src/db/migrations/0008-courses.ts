import type { Migration } from '../migrate';

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
    await sql(`
      CREATE TABLE course_category (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        parent_id INTEGER REFERENCES course_category (id) ON DELETE RESTRICT,
        name VARCHAR(50) NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await sql('CREATE INDEX course_category_tree ON course_category (project_id, parent_id, sort)');
    await sql(
      'CREATE UNIQUE INDEX course_category_name ON course_category (project_id, COALESCE(parent_id, 0), name)',
    );
    await sql(`
      CREATE TABLE course (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        category_id INTEGER NOT NULL REFERENCES course_category (id) ON DELETE RESTRICT,
        name VARCHAR(100) NOT NULL,
        teacher_name VARCHAR(50),
        description TEXT,
        status VARCHAR(16) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED')),
        hours_tenths INTEGER NOT NULL DEFAULT 0 CHECK (hours_tenths >= 0),
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP
      )`);
    await sql('CREATE INDEX course_project ON course (project_id, created_at DESC)');
    await sql('CREATE INDEX course_category_ref ON course (category_id)');
    await sql(`
      CREATE TABLE course_lesson (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
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
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id) ON DELETE CASCADE,
        resource_id INTEGER NOT NULL REFERENCES resource (id) ON DELETE CASCADE,
        mark_second INTEGER NOT NULL CHECK (mark_second > 0),
        type VARCHAR(12) NOT NULL CHECK (type IN ('SINGLE', 'MULTIPLE', 'JUDGE')),
        content VARCHAR(500) NOT NULL,
        options JSONB NOT NULL,
        answer VARCHAR(6) NOT NULL,
        explanation VARCHAR(1000),
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        UNIQUE (resource_id, mark_second)
      )`);
  },
  async down(queryInterface) {
    for (const table of ['resource_question', 'course_lesson', 'course', 'course_category']) {
      await queryInterface.sequelize.query(`DROP TABLE ${table}`);
    }
  },
};
