import { DataTypes, literal, type QueryInterface } from 'sequelize';
import type { Migration } from '../migrate';

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
const bigId = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true };
const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
  updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
};
const createdAt = {
  created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
};
const projectRef = (allowNull: boolean) => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model: 'project', key: 'id' },
  onDelete: 'RESTRICT',
});

async function check(queryInterface: QueryInterface, table: string, name: string, condition: string) {
  await queryInterface.sequelize.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${condition})`);
}

/**
 * Accounts and sign-in: roles (role system + granted menu URLs), accounts of all four role systems,
 * database sessions, sign-in attempts for captcha and lockout rules, captcha and SMS-code
 * challenges, the SMS outbox, server key pairs, and the audit log.
 */
export const m0002Accounts: Migration = {
  name: '0002-accounts',
  async up(queryInterface) {
    // Units gain the fields of the unit screens.
    await queryInterface.addColumn('unit', 'contact_name', { type: DataTypes.STRING(50), allowNull: true });
    await queryInterface.addColumn('unit', 'contact_mobile', { type: DataTypes.STRING(20), allowNull: true });
    await queryInterface.addColumn('unit', 'region_code', { type: DataTypes.STRING(12), allowNull: true });
    await queryInterface.addColumn('unit', 'address', { type: DataTypes.STRING(200), allowNull: true });
    await queryInterface.addColumn('unit', 'train_types', {
      type: DataTypes.ARRAY(DataTypes.STRING(32)),
      allowNull: false,
      defaultValue: [],
    });
    await queryInterface.addColumn('unit', 'remark', { type: DataTypes.STRING(500), allowNull: true });
    await check(queryInterface, 'unit', 'unit_status_check', `status IN ('ENABLED', 'DISABLED')`);

    await queryInterface.createTable('role', {
      id,
      // NULL for platform roles (role system 1), which span projects.
      project_id: projectRef(true),
      code: { type: DataTypes.STRING(40), allowNull: true },
      name: { type: DataTypes.STRING(40), allowNull: false },
      role_system: { type: DataTypes.SMALLINT, allowNull: false },
      menu: { type: DataTypes.ARRAY(DataTypes.STRING(100)), allowNull: false, defaultValue: [] },
      remark: { type: DataTypes.STRING(200), allowNull: true },
      ...timestamps,
    });
    await check(queryInterface, 'role', 'role_system_check', 'role_system BETWEEN 1 AND 4');
    await check(
      queryInterface,
      'role',
      'role_platform_scope_check',
      '(role_system = 1) = (project_id IS NULL)',
    );
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX role_project_name ON role (COALESCE(project_id, 0), name)',
    );
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX role_project_code ON role (COALESCE(project_id, 0), code) WHERE code IS NOT NULL',
    );

    await queryInterface.createTable('account', {
      id,
      project_id: projectRef(true),
      unit_id: {
        type: DataTypes.INTEGER,
        allowNull: true,
        references: { model: 'unit', key: 'id' },
        onDelete: 'RESTRICT',
      },
      role_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        references: { model: 'role', key: 'id' },
        onDelete: 'RESTRICT',
      },
      role_system: { type: DataTypes.SMALLINT, allowNull: false },
      // Staff sign in with the account name; students with their ID number or mobile.
      account_name: { type: DataTypes.STRING(40), allowNull: true },
      real_name: { type: DataTypes.STRING(50), allowNull: false },
      id_card_no: { type: DataTypes.STRING(18), allowNull: true },
      mobile: { type: DataTypes.STRING(11), allowNull: true },
      email: { type: DataTypes.STRING(100), allowNull: true },
      password_hash: { type: DataTypes.STRING(200), allowNull: true },
      image_path: { type: DataTypes.STRING(300), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
      need_complete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      last_login_at: { type: DataTypes.DATE, allowNull: true },
      password_changed_at: { type: DataTypes.DATE, allowNull: true },
      deleted_at: { type: DataTypes.DATE, allowNull: true },
      ...timestamps,
    });
    await check(queryInterface, 'account', 'account_status_check', `status IN ('ENABLED', 'DISABLED')`);
    await check(queryInterface, 'account', 'account_role_system_check', 'role_system BETWEEN 1 AND 4');
    await check(
      queryInterface,
      'account',
      'account_platform_scope_check',
      '(role_system = 1) = (project_id IS NULL)',
    );
    await check(
      queryInterface,
      'account',
      'account_unit_manager_check',
      'role_system <> 4 OR unit_id IS NOT NULL',
    );
    await check(
      queryInterface,
      'account',
      'account_sign_in_name_check',
      'account_name IS NOT NULL OR id_card_no IS NOT NULL OR mobile IS NOT NULL',
    );
    // Sign-in names are unique among living accounts of a project (platform staff: project 0).
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX account_name_unique ON account (COALESCE(project_id, 0), lower(account_name)) WHERE account_name IS NOT NULL AND deleted_at IS NULL',
    );
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX account_id_card_unique ON account (project_id, id_card_no) WHERE id_card_no IS NOT NULL AND deleted_at IS NULL',
    );
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX account_student_mobile_unique ON account (project_id, mobile) WHERE role_system = 3 AND mobile IS NOT NULL AND deleted_at IS NULL',
    );
    await queryInterface.addIndex('account', ['project_id', 'role_system', 'status'], {
      name: 'account_project_system',
    });
    await queryInterface.addIndex('account', ['unit_id'], { name: 'account_unit' });
    await queryInterface.addIndex('account', ['role_id'], { name: 'account_role' });

    await queryInterface.createTable('session', {
      id: bigId,
      // sha256 of the token; the token itself is never stored.
      token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      account_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        references: { model: 'account', key: 'id' },
        onDelete: 'CASCADE',
      },
      project_id: projectRef(true),
      role_system: { type: DataTypes.SMALLINT, allowNull: false },
      // Set when platform staff signed in as this account (super account).
      impersonator_id: {
        type: DataTypes.INTEGER,
        allowNull: true,
        references: { model: 'account', key: 'id' },
        onDelete: 'CASCADE',
      },
      ip: { type: DataTypes.STRING(64), allowNull: true },
      user_agent: { type: DataTypes.STRING(300), allowNull: true },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      last_seen_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
      revoked_at: { type: DataTypes.DATE, allowNull: true },
      ...createdAt,
    });
    await queryInterface.addIndex('session', ['account_id'], { name: 'session_account' });
    await queryInterface.addIndex('session', ['expires_at'], { name: 'session_expires' });

    await queryInterface.createTable('sign_in_attempt', {
      id: bigId,
      // The project and the account name as typed (normalised), whether or not an account exists.
      account_key: { type: DataTypes.STRING(120), allowNull: false },
      ip: { type: DataTypes.STRING(64), allowNull: false },
      succeeded: { type: DataTypes.BOOLEAN, allowNull: false },
      ...createdAt,
    });
    await queryInterface.addIndex('sign_in_attempt', ['account_key', 'created_at'], {
      name: 'sign_in_attempt_account',
    });
    await queryInterface.addIndex('sign_in_attempt', ['ip', 'created_at'], { name: 'sign_in_attempt_ip' });

    await queryInterface.createTable('captcha', {
      // The codeToken handed to the client.
      id: { type: DataTypes.UUID, primaryKey: true },
      kind: { type: DataTypes.STRING(16), allowNull: false },
      answer: { type: DataTypes.STRING(64), allowNull: false },
      attempts: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 0 },
      // Slider: set when the puzzle was solved; the login then consumes it.
      verified_at: { type: DataTypes.DATE, allowNull: true },
      used_at: { type: DataTypes.DATE, allowNull: true },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      ...createdAt,
    });
    await check(queryInterface, 'captcha', 'captcha_kind_check', `kind IN ('image', 'slider')`);
    await queryInterface.addIndex('captcha', ['expires_at'], { name: 'captcha_expires' });

    await queryInterface.createTable('sms_code', {
      id: bigId,
      project_id: projectRef(false),
      mobile: { type: DataTypes.STRING(11), allowNull: false },
      purpose: { type: DataTypes.STRING(20), allowNull: false },
      code_hash: { type: DataTypes.STRING(64), allowNull: false },
      attempts: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 0 },
      ip: { type: DataTypes.STRING(64), allowNull: true },
      used_at: { type: DataTypes.DATE, allowNull: true },
      expires_at: { type: DataTypes.DATE, allowNull: false },
      ...createdAt,
    });
    await queryInterface.addIndex('sms_code', ['project_id', 'mobile', 'created_at'], {
      name: 'sms_code_mobile',
    });

    await queryInterface.createTable('sms_outbox', {
      id: bigId,
      project_id: projectRef(false),
      mobile: { type: DataTypes.STRING(11), allowNull: false },
      content: { type: DataTypes.STRING(500), allowNull: false },
      ...createdAt,
    });
    await queryInterface.addIndex('sms_outbox', ['project_id', 'created_at'], { name: 'sms_outbox_project' });
    await queryInterface.addIndex('sms_outbox', ['mobile', 'created_at'], { name: 'sms_outbox_mobile' });

    await queryInterface.createTable('system_key', {
      name: { type: DataTypes.STRING(40), primaryKey: true },
      public_pem: { type: DataTypes.TEXT, allowNull: false },
      private_pem: { type: DataTypes.TEXT, allowNull: false },
      ...createdAt,
    });

    await queryInterface.createTable('audit_log', {
      id: bigId,
      project_id: projectRef(true),
      actor_id: {
        type: DataTypes.INTEGER,
        allowNull: true,
        references: { model: 'account', key: 'id' },
        onDelete: 'SET NULL',
      },
      action: { type: DataTypes.STRING(60), allowNull: false },
      target_type: { type: DataTypes.STRING(40), allowNull: true },
      target_id: { type: DataTypes.STRING(40), allowNull: true },
      detail: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
      ip: { type: DataTypes.STRING(64), allowNull: true },
      ...createdAt,
    });
    await queryInterface.addIndex('audit_log', ['project_id', 'created_at'], { name: 'audit_log_project' });
    await queryInterface.addIndex('audit_log', ['target_type', 'target_id'], { name: 'audit_log_target' });

    await queryInterface.createTable('dictionary', {
      id,
      // NULL: shared by every project.
      project_id: projectRef(true),
      type: { type: DataTypes.STRING(40), allowNull: false },
      code: { type: DataTypes.STRING(40), allowNull: false },
      label: { type: DataTypes.STRING(100), allowNull: false },
      parent_code: { type: DataTypes.STRING(40), allowNull: true },
      sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      ...timestamps,
    });
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX dictionary_type_code ON dictionary (COALESCE(project_id, 0), type, code)',
    );
  },
  async down(queryInterface) {
    for (const table of [
      'dictionary',
      'audit_log',
      'system_key',
      'sms_outbox',
      'sms_code',
      'captcha',
      'sign_in_attempt',
      'session',
      'account',
      'role',
    ]) {
      await queryInterface.dropTable(table);
    }
    for (const column of [
      'contact_name',
      'contact_mobile',
      'region_code',
      'address',
      'train_types',
      'remark',
    ]) {
      await queryInterface.removeColumn('unit', column);
    }
    await queryInterface.sequelize.query('ALTER TABLE unit DROP CONSTRAINT unit_status_check');
  },
};
