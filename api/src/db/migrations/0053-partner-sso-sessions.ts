import type { Migration } from '../migrate';

/**
 * Sessions opened by a partner's single-sign-on ticket (docs/partner-api.md "Single sign-on"): a
 * session may name the partner app and the enrolment it was opened for. Such a session is limited
 * to that student's study of that enrolment (the calls of the embedded study page, see
 * `api/src/core/embedded-session.ts`); it ends with the app (deleted) or the enrolment.
 */
export const m0053PartnerSsoSessions: Migration = {
  name: '0053-partner-sso-sessions',
  async up(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql(`
      ALTER TABLE session
        ADD COLUMN partner_app_id INTEGER REFERENCES partner_app (id) ON DELETE CASCADE,
        ADD COLUMN my_class_id INTEGER REFERENCES my_class (id) ON DELETE CASCADE,
        ADD CONSTRAINT session_partner_check CHECK ((partner_app_id IS NULL) = (my_class_id IS NULL))`);
    await sql(
      'CREATE INDEX session_partner_app ON session (partner_app_id) WHERE partner_app_id IS NOT NULL',
    );
  },
  async down(queryInterface) {
    const sql = (text: string) => queryInterface.sequelize.query(text);
    await sql('DROP INDEX IF EXISTS session_partner_app');
    await sql(`
      ALTER TABLE session
        DROP CONSTRAINT IF EXISTS session_partner_check,
        DROP COLUMN IF EXISTS my_class_id,
        DROP COLUMN IF EXISTS partner_app_id`);
  },
};
