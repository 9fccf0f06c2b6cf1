import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { CLASS_EVALUATION_SCREENS } from '../../contract/train-class';
import { judge, type PolicyScope } from '../../core/policy';
import { NOT_CLASS_STAFF } from './class-evaluation.policy';

const scopeOf = (roleSystem: RoleSystem, menu: readonly string[]): PolicyScope => ({
  project: { id: 1 },
  principal: { accountId: 9, roleSystem, unitId: null, menu: new Set(menu) },
});

describe('class evaluation policy', () => {
  test('project staff holding a class screen read every evaluation of their project', () => {
    for (const screen of CLASS_EVALUATION_SCREENS)
      expect(
        judge(scopeOf(ROLE_SYSTEM.PROJECT, [screen]), 'class-evaluation.staff-view', { projectId: 1 }),
      ).toBeNull();
  });

  test('staff without a class screen, another project, students and unit managers read the visible ones', () => {
    const refusal = { reason: NOT_CLASS_STAFF };
    expect(judge(scopeOf(ROLE_SYSTEM.PROJECT, []), 'class-evaluation.staff-view', { projectId: 1 })).toEqual(
      refusal,
    );
    expect(
      judge(scopeOf(ROLE_SYSTEM.PROJECT, CLASS_EVALUATION_SCREENS), 'class-evaluation.staff-view', {
        projectId: 2,
      }),
    ).toEqual(refusal);
    expect(
      judge(scopeOf(ROLE_SYSTEM.STUDENT, CLASS_EVALUATION_SCREENS), 'class-evaluation.staff-view', {
        projectId: 1,
      }),
    ).toEqual(refusal);
    expect(
      judge(scopeOf(ROLE_SYSTEM.UNIT, CLASS_EVALUATION_SCREENS), 'class-evaluation.staff-view', {
        projectId: 1,
      }),
    ).toEqual(refusal);
  });
});
