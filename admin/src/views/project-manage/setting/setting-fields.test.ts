import { DEFAULT_PROJECT_SETTINGS, type ProjectSettings } from '@px/config';
import { changedSettings, SETTING_GROUPS, settingKeyOf } from './setting-fields';

describe('SETTING_GROUPS', () => {
  it('holds every setting of the schema exactly once, each with a title and a meaning', () => {
    const keys = SETTING_GROUPS.flatMap((group) => group.fields.map(settingKeyOf));
    expect([...keys].sort()).toEqual(Object.keys(DEFAULT_PROJECT_SETTINGS).sort());
    for (const field of SETTING_GROUPS.flatMap((group) => group.fields)) {
      expect(field.label).toMatch(/\p{Script=Han}/u);
      expect(field.help.length).toBeGreaterThan(4);
    }
  });

  it('groups the settings as the screen shows them', () => {
    expect(SETTING_GROUPS.map((group) => group.title)).toEqual([
      '基本信息',
      '登录与注册',
      '学习',
      '视频',
      '退款与转班',
      '证书与菜单',
    ]);
  });
});

describe('changedSettings', () => {
  const before = DEFAULT_PROJECT_SETTINGS;

  it('is empty when nothing changed (text compared trimmed)', () => {
    expect(changedSettings(before, { ...before, title: ` ${before.title} ` })).toEqual({});
  });

  it('keeps only the changed keys, text trimmed, nested objects whole', () => {
    const values: ProjectSettings = {
      ...before,
      title: ' 新平台 ',
      videoCanSeek: 1,
      loginType: ['password'],
      h5Config: { showClassType: ['specialized'] },
    };
    expect(changedSettings(before, values)).toEqual({
      title: '新平台',
      videoCanSeek: 1,
      loginType: ['password'],
      h5Config: { showClassType: ['specialized'] },
    });
  });
});
