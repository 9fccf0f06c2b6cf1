import { isMenuGranted } from '@px/config';
import {
  CERTIFICATE_MANAGE_PAGE,
  CERTIFICATE_PRINT_PAGE,
  type CertificateKind,
} from '../../contract/my-certificate';
import { definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';

/**
 * The certificate's record policy (docs/product-decisions.md "Certificates"): which certificates a
 * student is shown (the project's settings hide class or year certificates; skill certificates
 * always show), who may reprint which (staff granted 证书打印; not a disabled one), and who may
 * edit, stop or restart and delete one (staff granted 证书管理). Rows are found in the caller's
 * project (and, for a student, among their own), so another's reads as missing before this runs.
 */

/** The kinds a project setting can hide from the student (skill certificates always show). */
export type HideableKind = Exclude<CertificateKind, 'SKILL'>;
export const KIND_HIDDEN: Readonly<Record<HideableKind, string>> = {
  CLASS: '班级证书暂未开放',
  YEAR: '年度学时证书暂未开放',
};

/** What the policy reads of a certificate shown to its student. */
export interface CertificateShowFacts {
  kind: CertificateKind;
  /** The kinds the project hides from students. */
  hiddenKinds: readonly HideableKind[];
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'certificate.show': CertificateShowFacts;
    'certificate.reprint': { status: string };
    'certificate.edit': { status: string };
    'certificate.toggle': { status: string };
    'certificate.delete': { status: string };
  }
}

/** Why the certificate is not shown to its student (a kind the project hides), or null. */
export function hiddenRefusal(facts: CertificateShowFacts): Verdict {
  return facts.kind !== 'SKILL' && facts.hiddenKinds.includes(facts.kind)
    ? refuse(KIND_HIDDEN[facts.kind])
    : null;
}

/** Staff granted 证书管理 (anyone else: 403; a role with 证书打印 alone only reads and reprints). */
const manager = (scope: PolicyScope): Verdict =>
  isMenuGranted(scope.principal.menu, CERTIFICATE_MANAGE_PAGE) ? null : forbid();

export const certificatePolicy = definePolicy({
  /** The student sees (and downloads) a certificate of a kind the project shows. */
  'certificate.show': (_scope, facts) => hiddenRefusal(facts),
  /** Staff granted 证书打印 reprint a certificate unless it is disabled (anyone else: 403). */
  'certificate.reprint': (scope, row) =>
    (isMenuGranted(scope.principal.menu, CERTIFICATE_PRINT_PAGE) ? null : forbid()) ??
    (row.status === 'DISABLED' ? refuse('证书已停用，不能补打') : null),
  /** Staff granted 证书管理 correct a certificate's snapshot (编辑). */
  'certificate.edit': (scope) => manager(scope),
  /** Staff granted 证书管理 stop a valid certificate or make a stopped one valid again (停用 / 启用). */
  'certificate.toggle': (scope) => manager(scope),
  /** Staff granted 证书管理 delete a certificate. */
  'certificate.delete': (scope) => manager(scope),
});
