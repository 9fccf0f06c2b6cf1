import { ROLE_SYSTEM } from '@px/config';
import { CERTIFICATE_MANAGE_PAGE, CERTIFICATE_PRINT_PAGE } from '../../contract/my-certificate';
import { judge, type PolicyScope } from '../../core/policy';
import { KIND_HIDDEN } from './certificate.policy';

const scope: PolicyScope = {
  project: { id: 1 },
  principal: { accountId: 5, roleSystem: ROLE_SYSTEM.STUDENT, unitId: null, menu: new Set() },
};

describe('certificate policy', () => {
  test('a kind the project hides is not shown; skill certificates always are', () => {
    expect(judge(scope, 'certificate.show', { kind: 'CLASS', hiddenKinds: [] })).toBeNull();
    expect(judge(scope, 'certificate.show', { kind: 'CLASS', hiddenKinds: ['CLASS'] })?.reason).toBe(
      KIND_HIDDEN.CLASS,
    );
    expect(judge(scope, 'certificate.show', { kind: 'YEAR', hiddenKinds: ['YEAR'] })?.reason).toBe(
      KIND_HIDDEN.YEAR,
    );
    expect(judge(scope, 'certificate.show', { kind: 'SKILL', hiddenKinds: ['CLASS', 'YEAR'] })).toBeNull();
  });

  test('staff granted 证书打印 reprint, not a disabled certificate; anyone else: 403', () => {
    const printer: PolicyScope = {
      project: { id: 1 },
      principal: {
        accountId: 9,
        roleSystem: ROLE_SYSTEM.PROJECT,
        unitId: null,
        menu: new Set([CERTIFICATE_PRINT_PAGE]),
      },
    };
    expect(judge(printer, 'certificate.reprint', { status: 'VALID' })).toBeNull();
    expect(judge(printer, 'certificate.reprint', { status: 'DISABLED' })?.reason).toBe(
      '证书已停用，不能补打',
    );
    expect(judge(scope, 'certificate.reprint', { status: 'VALID' })).toMatchObject({ forbidden: true });
  });

  test('staff granted 证书管理 edit, stop or restart and delete; a print-only role and students: 403', () => {
    const staffWith = (...pages: string[]): PolicyScope => ({
      project: { id: 1 },
      principal: { accountId: 9, roleSystem: ROLE_SYSTEM.PROJECT, unitId: null, menu: new Set(pages) },
    });
    const manager = staffWith(CERTIFICATE_MANAGE_PAGE);
    const printer = staffWith(CERTIFICATE_PRINT_PAGE);
    for (const verb of ['certificate.edit', 'certificate.toggle', 'certificate.delete'] as const) {
      expect(judge(manager, verb, { status: 'VALID' })).toBeNull();
      expect(judge(manager, verb, { status: 'DISABLED' })).toBeNull();
      expect(judge(printer, verb, { status: 'VALID' })).toMatchObject({ forbidden: true });
      expect(judge(scope, verb, { status: 'VALID' })).toMatchObject({ forbidden: true });
    }
    expect(judge(manager, 'certificate.reprint', { status: 'VALID' })).toMatchObject({ forbidden: true });
  });
});
