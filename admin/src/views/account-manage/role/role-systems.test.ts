import { buildAccountInfo } from '../../../testing/render-app';
import { roleSystemOptions, roleSystemsFor } from './role-systems';

describe('role systems of the role screen', () => {
  it('offers project staff, unit managers and students within a project', () => {
    expect(roleSystemOptions(roleSystemsFor(buildAccountInfo(['/account-manage/role'])))).toEqual([
      { value: 2, label: '项目后台' },
      { value: 4, label: '单位管理' },
      { value: 3, label: '学员' },
    ]);
  });

  it('offers the platform role system to platform staff outside a project', () => {
    const info = { ...buildAccountInfo(['/account-manage/role'], { roleSystem: 1 }), projectId: null };
    expect(roleSystemsFor(info)).toEqual([1]);
  });
});
