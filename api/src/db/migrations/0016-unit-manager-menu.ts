import type { Migration } from '../migrate';

/** The pages of 学员管理, which serve project staff only (docs/product-decisions.md "Students"). */
const STUDENT_PAGES = ['/student-manage', '/student-manage/student', '/student-manage/student-detail'];

/**
 * The built-in 单位管理员 role no longer holds 学员管理: its calls serve project staff (role system
 * 2) only, so a unit manager holding the pages would see a menu whose every call is refused. Unit
 * managers see the students registered through their unit on 本单位信息. Roles people made are left
 * as they are. Down gives the pages back.
 */
export const m0016UnitManagerMenu: Migration = {
  name: '0016-unit-manager-menu',
  async up(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = ARRAY(SELECT url FROM unnest(menu) AS url WHERE url NOT IN (:pages))
       WHERE code = 'unit-manager' AND role_system = 4`,
      { replacements: { pages: STUDENT_PAGES } },
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'unit-manager' AND role_system = 4`,
      { replacements: { pages: STUDENT_PAGES } },
    );
  },
};
