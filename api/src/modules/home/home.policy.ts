import { isMenuGranted, type PageUrl, ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { definePolicy, forbid } from '../../core/policy';

/**
 * The home page's policy: which counts of waiting work a caller gets. A count is of a list: the
 * caller gets it when their role system is one it is for and their role holds the list's page; a
 * unit manager only when the count can be narrowed to their unit (as their list is).
 */

/** What the policy reads of one kind of work the home page counts. */
export interface TodoFacts {
  roles: readonly RoleSystem[];
  page: PageUrl;
  /** The unit column its count filters by for unit managers; absent when they never get it. */
  unitColumn?: string;
  /** Other pages the role must hold too (证书待补打: 证书打印 beside 证书管理). */
  alsoRequires?: readonly PageUrl[];
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'home.todo': TodoFacts;
  }
}

export const homePolicy = definePolicy({
  /** The caller sees the count: their role system is listed, their role holds the page (unit managers: of their unit). */
  'home.todo': (scope, todo) => {
    const { roleSystem, menu } = scope.principal;
    if (!todo.roles.includes(roleSystem)) return forbid();
    if (roleSystem === ROLE_SYSTEM.UNIT && todo.unitColumn === undefined) return forbid();
    const pages = [todo.page, ...(todo.alsoRequires ?? [])];
    return pages.every((page) => isMenuGranted(menu, page)) ? null : forbid();
  },
});
