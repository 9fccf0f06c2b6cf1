import type { Migration } from '../migrate';
import { TENANT_KEY_COLUMNS, TIMESTAMP_COLUMNS } from '../migration-sql';

/**
 * Classes and what hangs on them (docs/product-decisions.md "Classes", "Cart"):
 * - `certificate_template`: a project's certificate layouts (background image, positioned fields),
 *   referenced by classes and used when certificates are issued;
 * - `train_class`: a class of a train plan, in the class-type tree, price in fen (never negative),
 *   enrol and study windows, shelf state and display order; a plan, category or template in use by
 *   a class is not deleted (RESTRICT);
 * - `train_class_course`: its required and elective courses with the hours credited (tenths); a
 *   course in a class is not deleted (RESTRICT);
 * - `my_class`: enrolments (states of the domain; written by the payment issue); a class with
 *   enrolments is not deleted (RESTRICT);
 * - `class_evaluation`: one evaluation (1..5 and a comment) per student and class;
 * - `shop_cart_item`: a student's cart, one row per class.
 */
export const m0010Classes: Migration = {
  name: '0010-classes',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      CREATE TABLE certificate_template (
        ${TENANT_KEY_COLUMNS},
        name VARCHAR(50) NOT NULL,
        status VARCHAR(16) NOT NULL DEFAULT 'ENABLED' CHECK (status IN ('ENABLED', 'DISABLED')),
        background_image VARCHAR(100),
        width INTEGER NOT NULL DEFAULT 1123 CHECK (width > 0),
        height INTEGER NOT NULL DEFAULT 794 CHECK (height > 0),
        fields JSONB NOT NULL DEFAULT '[]',
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE UNIQUE INDEX certificate_template_name ON certificate_template (project_id, name)');
    await sql(`
      CREATE TABLE train_class (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        plan_id INTEGER NOT NULL REFERENCES train_plan (id) ON DELETE RESTRICT,
        category_id INTEGER NOT NULL REFERENCES class_category (id) ON DELETE RESTRICT,
        certificate_template_id INTEGER REFERENCES certificate_template (id) ON DELETE RESTRICT,
        name VARCHAR(100) NOT NULL,
        year SMALLINT NOT NULL,
        amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
        enrol_start_date DATE NOT NULL,
        enrol_end_date DATE NOT NULL,
        study_start_date DATE NOT NULL,
        study_end_date DATE NOT NULL,
        elective_hours_tenths INTEGER NOT NULL DEFAULT 0 CHECK (elective_hours_tenths >= 0),
        study_in_order BOOLEAN NOT NULL DEFAULT FALSE,
        exam_required BOOLEAN NOT NULL DEFAULT FALSE,
        exam_pass_score SMALLINT NOT NULL DEFAULT 60 CHECK (exam_pass_score BETWEEN 0 AND 100),
        teacher_name VARCHAR(50),
        description TEXT,
        on_shelf BOOLEAN NOT NULL DEFAULT FALSE,
        shelved_at TIMESTAMPTZ,
        sort INTEGER NOT NULL DEFAULT 0,
        created_by INTEGER REFERENCES account (id) ON DELETE SET NULL,
        ${TIMESTAMP_COLUMNS},
        CHECK (enrol_end_date >= enrol_start_date),
        CHECK (study_end_date >= study_start_date),
        CHECK (study_end_date >= enrol_start_date)
      )`);
    await sql('CREATE INDEX train_class_list ON train_class (project_id, sort, created_at DESC)');
    await sql('CREATE INDEX train_class_offer ON train_class (project_id, on_shelf, year)');
    await sql('CREATE INDEX train_class_plan ON train_class (plan_id)');
    await sql('CREATE INDEX train_class_category ON train_class (category_id)');
    await sql(`
      CREATE TABLE train_class_course (
        ${TENANT_KEY_COLUMNS},
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE CASCADE,
        course_id INTEGER NOT NULL REFERENCES course (id) ON DELETE RESTRICT,
        kind VARCHAR(12) NOT NULL CHECK (kind IN ('REQUIRED', 'ELECTIVE')),
        hours_tenths INTEGER NOT NULL CHECK (hours_tenths >= 0),
        sort INTEGER NOT NULL,
        UNIQUE (class_id, course_id)
      )`);
    await sql('CREATE INDEX train_class_course_course ON train_class_course (course_id)');
    await sql(`
      CREATE TABLE my_class (
        id SERIAL PRIMARY KEY,
        project_id INTEGER NOT NULL REFERENCES project (id),
        account_id INTEGER NOT NULL REFERENCES account (id),
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE RESTRICT,
        status VARCHAR(16) NOT NULL CHECK (status IN
          ('PENDING_PAY', 'STUDYING', 'FINISHED_STUDY', 'PASSED', 'EXPIRED', 'REFUNDED', 'CHANGED_OUT')),
        ${TIMESTAMP_COLUMNS}
      )`);
    await sql('CREATE INDEX my_class_class ON my_class (class_id, status)');
    await sql('CREATE INDEX my_class_account ON my_class (account_id, project_id)');
    await sql(`
      CREATE TABLE class_evaluation (
        ${TENANT_KEY_COLUMNS},
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE CASCADE,
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        score SMALLINT NOT NULL CHECK (score BETWEEN 1 AND 5),
        content VARCHAR(500),
        status VARCHAR(16) NOT NULL DEFAULT 'VISIBLE' CHECK (status IN ('VISIBLE', 'HIDDEN')),
        ${TIMESTAMP_COLUMNS},
        UNIQUE (class_id, account_id)
      )`);
    await sql('CREATE INDEX class_evaluation_list ON class_evaluation (class_id, status, created_at DESC)');
    await sql(`
      CREATE TABLE shop_cart_item (
        ${TENANT_KEY_COLUMNS},
        account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
        class_id INTEGER NOT NULL REFERENCES train_class (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP,
        UNIQUE (account_id, project_id, class_id)
      )`);
  },
  async down(queryInterface) {
    for (const table of [
      'shop_cart_item',
      'class_evaluation',
      'my_class',
      'train_class_course',
      'train_class',
      'certificate_template',
    ]) {
      await queryInterface.sequelize.query(`DROP TABLE ${table}`);
    }
  },
};
