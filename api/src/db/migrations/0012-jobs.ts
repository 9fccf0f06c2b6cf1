import PgBoss from 'pg-boss';
import type { Migration } from '../migrate';

/**
 * The job queue's tables (pg-boss, schema `pgboss`): timeouts, reconciliation, imports, pushes and
 * sweeps run as jobs on the product's own PostgreSQL. pg-boss upgrades its schema itself at start.
 */
export const m0012Jobs: Migration = {
  name: '0012-jobs',
  async up(queryInterface) {
    await queryInterface.sequelize.query(PgBoss.getConstructionPlans('pgboss'));
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('DROP SCHEMA pgboss CASCADE');
  },
};
