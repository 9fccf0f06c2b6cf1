import type { Migration } from '../migrate';

/** The page where a project's staff change their project's own settings (账号管理 → 项目设置). */
const PAGES = ['/account-manage', '/account-manage/project-setting'];

/**
 * The built-in 项目管理员 role of every existing project gains 项目设置 (its calls
 * `project/own-setting`, `project/save-own-setting`), as new projects' roles have it from
 * builtin-roles.ts (docs/product-decisions.md "Who changes which setting"). Roles people made are
 * left as they are. Down takes the page away again (the section stays: other pages hold it).
 */
export const m0025ProjectSettingMenu: Migration = {
  name: '0025-project-setting-menu',
  async up(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = menu || ARRAY(SELECT url FROM unnest(CAST(ARRAY[:pages] AS VARCHAR(100)[])) AS url
         WHERE url <> ALL (menu))
       WHERE code = 'project-admin' AND role_system = 2`,
      { replacements: { pages: PAGES } },
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query(
      `UPDATE role SET menu = array_remove(menu, '/account-manage/project-setting')
       WHERE code = 'project-admin' AND role_system = 2`,
    );
  },
};
