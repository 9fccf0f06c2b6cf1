import type { ProjectSettingsAnswer } from '@px/api/contract';
import { DEFAULT_PROJECT_SETTINGS, isProjectStaffSetting } from '@px/config';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { getRegionalTree } from '../../../api/dictionary';
import { getOwnProjectSetting, saveOwnProjectSetting } from '../../../api/project';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen } from '../../../testing/render-screen';
import { SETTING_GROUPS, settingKeyOf } from '../../project-manage/setting/setting-fields';
import { OwnProjectSettingPage } from './OwnProjectSettingPage';

jest.mock('../../../api/project', () => ({
  getOwnProjectSetting: jest.fn(),
  saveOwnProjectSetting: jest.fn(),
  getSystemInfo: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../../../api/dictionary', () => ({ getRegionalTree: jest.fn() }));

configure({ defaultHidden: true });

const getMock = jest.mocked(getOwnProjectSetting);
const saveMock = jest.mocked(saveOwnProjectSetting);

const PROJECT_ADMIN = buildAccountInfo(['/home', '/account-manage/project-setting']);

function answer(overrides: Partial<ProjectSettingsAnswer['settings']> = {}): ProjectSettingsAnswer {
  return { projectId: 3, projectName: '演示项目', settings: { ...DEFAULT_PROJECT_SETTINGS, ...overrides } };
}

const item = (label: string) =>
  screen
    .getByText(label, { selector: '.ant-form-item-label label' })
    .closest('.ant-form-item') as HTMLElement;
const input = (label: string) => item(label).querySelector('input, textarea') as HTMLInputElement;
const saveButton = () => screen.getAllByText('保存设置', { selector: 'button span' })[0] as HTMLElement;

beforeEach(() => {
  getMock.mockReset().mockResolvedValue(answer());
  saveMock.mockReset().mockImplementation(async (changes) => answer(changes));
  jest.mocked(getRegionalTree).mockReset().mockResolvedValue([]);
});

it("lets a project admin change their own project's title, pay note and trial; the platform's settings are read-only", async () => {
  renderScreen(<OwnProjectSettingPage />, PROJECT_ADMIN, '/account-manage/project-setting');
  await screen.findByText('项目设置 · 演示项目');
  expect(getMock).toHaveBeenCalledTimes(1);
  for (const field of SETTING_GROUPS.flatMap((group) => group.fields)) {
    const controls = item(field.label).querySelectorAll('input, textarea, button[role="switch"]');
    const disabled = [...controls].every(
      (control) => (control as HTMLInputElement).disabled || control.closest('.ant-switch-disabled') !== null,
    );
    expect([field.label, disabled]).toEqual([field.label, !isProjectStaffSetting(settingKeyOf(field))]);
  }
  expect(item('学员登录方式').textContent).toContain('由平台管理员设置');

  fireEvent.change(input('平台名称'), { target: { value: '济南职业培训' } });
  fireEvent.change(input('支付提示'), { target: { value: '支付后七日内可申请退款' } });
  fireEvent.click(item('允许试看').querySelector('button[role="switch"]') as HTMLElement);
  fireEvent.click(saveButton());
  await waitFor(() =>
    expect(saveMock).toHaveBeenCalledWith({
      title: '济南职业培训',
      payTip: '支付后七日内可申请退款',
      trySeeVideo: 0,
    }),
  );
  expect(await screen.findByText('设置已保存')).toBeTruthy();
});
