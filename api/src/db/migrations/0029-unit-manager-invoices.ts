import type { Migration } from '../migrate';

/** The invoice page a unit manager uses for their own unit (发票管理 → 集体发票). */
const PAGES = ['/invoice-manage', '/invoice-manage/invoice-collective'];

/**
 * The built-in 单位管理员 role of every existing project gains 集体发票, as new projects' roles have it
 * from builtin-roles.ts: unit managers see and apply for invoices of their own unit's orders
 * (docs/product-decisions.md "Invoices"). Roles people made are left as they are. Down takes the
 * pages away again.
 */
export const m0029UnitManagerInvoices: Migration = {
  name: '0029-unit-manager-invoices',
  async up(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'unit-manager' AND role_system = 4`,
      { replacements: { pages: PAGES } },
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = ARRAY(SELECT url FROM unnest(menu) AS url WHERE url NOT IN (:pages))
       WHERE code = 'unit-manager' AND role_system = 4`,
      { replacements: { pages: PAGES } },
    );
  },
};
