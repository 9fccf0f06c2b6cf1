import type { Migration } from '../migrate';
import { categoryTreeSql, TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';

/** The exam pages every project's 项目管理员 gets (new projects get them from the built-in roles). */
const EXAM_PAGES = [
  '/resource-manage/exam-question',
  '/resource-manage/exam-paper',
  '/train-manage/exam-score',
];

/**
 * Exams (docs/product-decisions.md "Exams"):
 * - `exam_category`: the exam type tree of each project (a category tree like the course one);
 * - `exam_question`: the question bank (SINGLE, MULTIPLE, JUDGE, FILL) with answers and analysis;
 * - `exam_paper`, `exam_paper_question`: papers, chosen by hand (questions with scores, RESTRICT:
 *   a question in a paper is not deleted) or drawn at random by `rules`; scores in tenths;
 * - `exam_setting`: the exam of a class beyond its own `exam_required` / `exam_pass_score` (paper,
 *   time limit, attempts, review policy, exercises); a paper used by a class is not deleted;
 * - `exam_attempt`: an exam or exercise of an enrolment, with the questions as they were drawn
 *   (answers included, never sent to the student before review), the answers saved, the deadline
 *   and the grade; at most one OPEN attempt of each kind per enrolment.
 * The existing 项目管理员 roles are granted the new pages.
 */
export const m0017Exams: Migration = {
  name: '0017-exams',
  async up(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, replacements ? { replacements } : {});
    for (const statement of categoryTreeSql('exam_category')) await sql(statement);
    await sql(`
      CREATE TABLE exam_question (
        ${TENANT_KEY_COLUMNS},
        category_id INTEGER REFERENCES exam_category (id) ON DELETE RESTRICT,
        type VARCHAR(12) NOT NULL CHECK (type IN ('SINGLE', 'MULTIPLE', 'JUDGE', 'FILL')),
        content VARCHAR(1000) NOT NULL,
        options JSONB NOT NULL DEFAULT '[]',
        answer VARCHAR(8) NOT NULL DEFAULT '',
        accepted_answers JSONB NOT NULL DEFAULT '[]',
        analysis TEXT,
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX exam_question_project ON exam_question (project_id, type, created_at DESC)');
    await sql('CREATE INDEX exam_question_category ON exam_question (category_id)');
    await sql(`
      CREATE TABLE exam_paper (
        ${TENANT_KEY_COLUMNS},
        name VARCHAR(100) NOT NULL,
        mode VARCHAR(8) NOT NULL CHECK (mode IN ('FIXED', 'RANDOM')),
        description VARCHAR(500),
        rules JSONB NOT NULL DEFAULT '[]',
        question_count INTEGER NOT NULL DEFAULT 0,
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX exam_paper_project ON exam_paper (project_id, created_at DESC)');
    await sql(`
      CREATE TABLE exam_paper_question (
        ${TENANT_KEY_COLUMNS},
        paper_id INTEGER NOT NULL REFERENCES exam_paper (id) ON DELETE CASCADE,
        question_id INTEGER NOT NULL REFERENCES exam_question (id) ON DELETE RESTRICT,
        score_tenths INTEGER NOT NULL CHECK (score_tenths > 0),
        sort INTEGER NOT NULL,
        UNIQUE (paper_id, question_id)
      )`);
    await sql('CREATE INDEX exam_paper_question_question ON exam_paper_question (question_id)');
    await sql(`
      CREATE TABLE exam_setting (
        ${TENANT_KEY_COLUMNS},
        class_id INTEGER NOT NULL UNIQUE REFERENCES train_class (id) ON DELETE CASCADE,
        paper_id INTEGER REFERENCES exam_paper (id) ON DELETE RESTRICT,
        time_limit_minutes INTEGER NOT NULL CHECK (time_limit_minutes BETWEEN 1 AND 600),
        attempts_allowed INTEGER NOT NULL CHECK (attempts_allowed BETWEEN 1 AND 100),
        review_policy VARCHAR(16) NOT NULL CHECK (review_policy IN ('NEVER', 'AFTER_SUBMIT', 'AFTER_PASS')),
        exercise_enabled BOOLEAN NOT NULL DEFAULT FALSE,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX exam_setting_paper ON exam_setting (paper_id)');
    await sql(`
      CREATE TABLE exam_attempt (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER NOT NULL REFERENCES account (id),
        my_class_id INTEGER NOT NULL REFERENCES my_class (id) ON DELETE CASCADE,
        class_id INTEGER NOT NULL,
        paper_id INTEGER,
        paper_name VARCHAR(100) NOT NULL,
        kind VARCHAR(8) NOT NULL CHECK (kind IN ('EXAM', 'EXERCISE')),
        status VARCHAR(10) NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SUBMITTED', 'TIMED_OUT')),
        questions JSONB NOT NULL,
        answers JSONB NOT NULL DEFAULT '{}',
        pass_score SMALLINT NOT NULL,
        started_at TIMESTAMPTZ NOT NULL,
        deadline TIMESTAMPTZ,
        submitted_at TIMESTAMPTZ,
        score_tenths INTEGER,
        passed BOOLEAN,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX exam_attempt_enrolment ON exam_attempt (my_class_id, kind, started_at DESC)');
    await sql('CREATE INDEX exam_attempt_project ON exam_attempt (project_id, class_id)');
    await sql(
      "CREATE UNIQUE INDEX exam_attempt_open ON exam_attempt (my_class_id, kind) WHERE status = 'OPEN'",
    );
    await sql(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'project-admin' AND role_system = 2`,
      { pages: EXAM_PAGES },
    );
  },
  async down(queryInterface) {
    const sql = (text: string, replacements?: Record<string, unknown>) =>
      queryInterface.sequelize.query(text, replacements ? { replacements } : {});
    await sql('UPDATE role SET menu = ARRAY(SELECT url FROM unnest(menu) AS url WHERE url NOT IN (:pages))', {
      pages: EXAM_PAGES,
    });
    for (const table of [
      'exam_attempt',
      'exam_setting',
      'exam_paper_question',
      'exam_paper',
      'exam_question',
      'exam_category',
    ])
      await sql(`DROP TABLE ${table}`);
  },
};
