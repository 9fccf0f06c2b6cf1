import type { StudentAbilities } from '../../contract/student';
import type { TenantScope } from '../../core/action';
import { abilitiesOf, definePolicy, type PolicyScope, refuse } from '../../core/policy';
import type { Account } from '../account/account.model';

/**
 * The student's record policy (back office): staff act on the students of their own project only
 * (another project's reads as missing); 实名核验 needs an ID number and a configured service.
 */

/** What the policy reads of a student. */
export interface StudentFacts {
  /** Null for platform accounts (never a student). */
  projectId: number | null;
  idCardNo: string | null;
  /** Whether the identity-verification service is configured (credentials, or the simulator). */
  identityServiceConfigured: boolean;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'student.id-card-check': StudentFacts;
  }
}

export const studentPolicy = definePolicy({
  'student.id-card-check': (scope, row) =>
    row.projectId !== scope.project.id
      ? refuse('学员不存在')
      : !row.idCardNo
        ? refuse('该学员未填写身份证号，不能核验')
        : !row.identityServiceConfigured
          ? refuse('未配置实名核验服务')
          : null,
});

/** The facts the student policy reads of a student. */
export const studentFacts = (scope: TenantScope, student: Account): StudentFacts => ({
  projectId: student.projectId,
  idCardNo: student.idCardNo,
  identityServiceConfigured: scope.providers.identity.configured,
});

/** The abilities of a student's detail. */
export const studentAbilities = (scope: TenantScope & PolicyScope, student: Account): StudentAbilities =>
  abilitiesOf(scope, { idCardCheck: ['student.id-card-check', studentFacts(scope, student)] });
