import { DataTypes, literal } from 'sequelize';
import type { Migration } from '../migrate';

/**
 * Tenants: projects with their settings (spec section 3, stored as JSONB validated by
 * `projectSettingsSchema` in config), and units (training institutions / employers) that belong
 * to a project, so `system-info?unitId=` can resolve the unit's project.
 */
export const m0001Projects: Migration = {
  name: '0001-projects',
  async up(queryInterface) {
    await queryInterface.createTable('project', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      code: { type: DataTypes.STRING(32), allowNull: false, unique: true },
      name: { type: DataTypes.STRING(60), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
      is_default: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      domains: { type: DataTypes.ARRAY(DataTypes.STRING(253)), allowNull: false, defaultValue: [] },
      settings: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
      updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
    });
    await queryInterface.sequelize.query(
      `ALTER TABLE project ADD CONSTRAINT project_status_check CHECK (status IN ('ENABLED', 'DISABLED'))`,
    );
    // At most one default project: the one served when neither a unit nor a domain names another.
    await queryInterface.addIndex('project', ['is_default'], {
      name: 'project_single_default',
      unique: true,
      where: { is_default: true },
    });
    await queryInterface.addIndex('project', ['domains'], { name: 'project_domains_gin', using: 'GIN' });

    await queryInterface.createTable('unit', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      project_id: {
        type: DataTypes.INTEGER,
        allowNull: false,
        references: { model: 'project', key: 'id' },
        onDelete: 'RESTRICT',
      },
      name: { type: DataTypes.STRING(100), allowNull: false },
      credit_code: { type: DataTypes.STRING(18), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
      created_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
      updated_at: { type: DataTypes.DATE, allowNull: false, defaultValue: literal('CURRENT_TIMESTAMP') },
    });
    await queryInterface.addIndex('unit', ['project_id', 'name'], {
      name: 'unit_project_name',
      unique: true,
    });
    // NULLs never collide in a unique index, so units without a code are allowed.
    await queryInterface.addIndex('unit', ['project_id', 'credit_code'], {
      name: 'unit_project_credit_code',
      unique: true,
    });
  },
  async down(queryInterface) {
    await queryInterface.dropTable('unit');
    await queryInterface.dropTable('project');
  },
};
