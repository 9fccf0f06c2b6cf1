import { definePolicy, refuse } from '../../core/policy';

/**
 * The roles' policy: nobody grants a role a page they do not hold themselves (a project admin
 * cannot make a role mightier than their own); the pages the role already has may stay.
 */

/** The pages a role is saved with, and those it had before (none for a new role). */
export interface RoleGrantFacts {
  menu: readonly string[];
  kept: readonly string[];
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'role.grant-menu': RoleGrantFacts;
  }
}

/** The pages of `facts.menu` the caller would newly grant without holding them. */
export function pagesNotHeld(menu: ReadonlySet<string>, facts: RoleGrantFacts): string[] {
  const kept = new Set(facts.kept);
  return facts.menu.filter((url) => !menu.has(url) && !kept.has(url));
}

export const rolePolicy = definePolicy({
  'role.grant-menu': (scope, facts) => {
    const notHeld = pagesNotHeld(scope.principal.menu, facts);
    return notHeld.length ? refuse(`不能授予自己没有的菜单权限：${notHeld.join('、')}`) : null;
  },
});
