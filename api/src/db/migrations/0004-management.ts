import { DataTypes } from 'sequelize';
import type { Migration } from '../migrate';

/** Shared dictionary entries (project NULL) every project starts with; projects may override them by code. */
const ENTRIES: { type: string; code: string; label: string }[][] = [
  [
    { type: 'train-type', code: 'public', label: '公需科目' },
    { type: 'train-type', code: 'specialized', label: '专业科目' },
    { type: 'train-type', code: 'vocational', label: '职业技能' },
    { type: 'train-type', code: 'safety', label: '安全生产' },
  ],
  [
    { type: 'education', code: 'junior', label: '初中及以下' },
    { type: 'education', code: 'senior', label: '高中/中专' },
    { type: 'education', code: 'college', label: '大专' },
    { type: 'education', code: 'bachelor', label: '本科' },
    { type: 'education', code: 'master', label: '硕士及以上' },
  ],
];
const TYPES = ENTRIES.map((entries) => entries[0].type);

/**
 * Management of accounts, roles, projects and units:
 * - roles are soft-deleted (deleted accounts keep pointing at their role), so role names are
 *   unique among living roles only;
 * - the shared dictionary entries of training types (the units' `trainTypes`) and education
 *   levels (data, not code).
 */
export const m0004Management: Migration = {
  name: '0004-management',
  async up(queryInterface) {
    await queryInterface.addColumn('role', 'deleted_at', { type: DataTypes.DATE, allowNull: true });
    await queryInterface.sequelize.query('DROP INDEX role_project_name');
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX role_project_name ON role (COALESCE(project_id, 0), name) WHERE deleted_at IS NULL',
    );
    await queryInterface.bulkInsert(
      'dictionary',
      ENTRIES.flatMap((entries) =>
        entries.map((entry, index) => ({ ...entry, project_id: null, parent_code: null, sort: index + 1 })),
      ),
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query(
      'DELETE FROM dictionary WHERE project_id IS NULL AND type IN (:types)',
      { replacements: { types: TYPES } },
    );
    await queryInterface.sequelize.query('DELETE FROM role WHERE deleted_at IS NOT NULL');
    await queryInterface.sequelize.query('DROP INDEX role_project_name');
    await queryInterface.sequelize.query(
      'CREATE UNIQUE INDEX role_project_name ON role (COALESCE(project_id, 0), name)',
    );
    await queryInterface.removeColumn('role', 'deleted_at');
  },
};
