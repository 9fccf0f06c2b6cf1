import { ROLE_SYSTEM } from '@px/config';
import type { SharedResourceItem } from '../../contract/shared-resource';
import { abilitiesOf, definePolicy, forbid, type PolicyScope, type Verdict } from '../../core/policy';

/**
 * The shared library's policy (docs/product-decisions.md "Shared resource library"): platform staff
 * fill it (share, rename, delete); project staff read it and use it (copy a shared resource into
 * their project, where the copy is theirs to change). Nobody else does either.
 */

/** A row of the library; its facts are only that it is one (shared rows belong to no project). */
export interface SharedResourceFacts {
  id: number;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'shared-resource.manage': SharedResourceFacts;
    'shared-resource.use': SharedResourceFacts;
  }
}

export const SHARED_READ_ONLY = '共享资源只读：使用后可在「视频资源」中修改本项目的副本';
export const SHARED_USE_PROJECT_ONLY = '平台账号不属于任何项目，不能复制到项目';

export const sharedResourcePolicy = definePolicy({
  /** Rename and delete (and share into the library): platform staff. */
  'shared-resource.manage': (scope: PolicyScope): Verdict =>
    scope.principal.roleSystem === ROLE_SYSTEM.PLATFORM ? null : forbid(SHARED_READ_ONLY),
  /** Copy into the caller's project: project staff. */
  'shared-resource.use': (scope: PolicyScope): Verdict =>
    scope.principal.roleSystem === ROLE_SYSTEM.PROJECT ? null : forbid(SHARED_USE_PROJECT_ONLY),
});

/** What the caller may do to a row of the library: 编辑 and 删除 (platform staff), 使用 (project staff). */
export const sharedResourceAbilities = (
  scope: PolicyScope,
  facts: SharedResourceFacts,
): SharedResourceItem['abilities'] =>
  abilitiesOf(scope, {
    edit: ['shared-resource.manage', facts],
    delete: ['shared-resource.manage', facts],
    use: ['shared-resource.use', facts],
  });
