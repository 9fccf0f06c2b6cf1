import type { ProjectSettingsAnswer, RegionNode } from '@px/api/contract';
import { DEFAULT_PROJECT_SETTINGS } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getRegionalTree } from '../../../api/dictionary';
import { getProjectSetting, saveProjectSetting } from '../../../api/project';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen } from '../../../testing/render-screen';
import { ProjectSettingPage } from './ProjectSettingPage';
import { SETTING_GROUPS } from './setting-fields';

jest.mock('../../../api/project', () => ({
  getProjectSetting: jest.fn(),
  saveProjectSetting: jest.fn(),
  getSystemInfo: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../../../api/dictionary', () => ({ getRegionalTree: jest.fn() }));
// 学时上报 below the settings has tests of its own (RegulatorPushCard.test.tsx).
jest.mock('../../../api/regulator', () => ({
  getRegulatorPushConfig: jest.fn(() => new Promise(() => undefined)),
  saveRegulatorPushConfig: jest.fn(),
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });

const getMock = jest.mocked(getProjectSetting);
const saveMock = jest.mocked(saveProjectSetting);
const regionMock = jest.mocked(getRegionalTree);

const PLATFORM_ADMIN = buildAccountInfo(['/home', '/project-manage/list', '/project-manage/setting'], {
  roleSystem: 1,
});

const COUNTRY: RegionNode[] = [
  {
    code: '370000',
    name: '山东省',
    children: [
      { code: '370100', name: '济南市', children: [{ code: '370102', name: '历下区', children: [] }] },
      { code: '370200', name: '青岛市', children: [] },
    ],
  },
  { code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市', children: [] }] },
];

function answer(overrides: Partial<ProjectSettingsAnswer['settings']> = {}): ProjectSettingsAnswer {
  return { projectId: 7, projectName: '山东项目', settings: { ...DEFAULT_PROJECT_SETTINGS, ...overrides } };
}

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
/** A form item by its label. */
const item = (label: string) =>
  screen
    .getByText(label, { selector: '.ant-form-item-label label' })
    .closest('.ant-form-item') as HTMLElement;
const input = (label: string) => item(label).querySelector('input, textarea') as HTMLInputElement;
const saveButton = () => screen.getAllByText('保存设置', { selector: 'button span' })[0] as HTMLElement;

async function openPage(path = '/project-manage/setting?projectId=7') {
  const rendered = renderScreen(<ProjectSettingPage />, PLATFORM_ADMIN, path);
  await screen.findByText('项目设置 · 山东项目');
  return rendered;
}

beforeEach(() => {
  getMock.mockReset().mockResolvedValue(answer({ projectArea: 370100 }));
  saveMock.mockReset();
  regionMock.mockReset().mockResolvedValue(COUNTRY);
});

describe('ProjectSettingPage', () => {
  it('loads the settings of the project of the address and shows every setting with its meaning', async () => {
    await openPage();
    expect(getMock).toHaveBeenCalledWith(7);
    expect(regionMock).toHaveBeenCalledWith('100000');
    for (const group of SETTING_GROUPS) {
      expect(screen.getByText(group.title, { selector: '.ant-card-head-title' })).toBeTruthy();
      for (const field of group.fields) {
        const formItem = item(field.label);
        expect(within(formItem).getByText(field.help)).toBeTruthy();
      }
    }
    expect(input('平台名称').value).toBe(DEFAULT_PROJECT_SETTINGS.title);
    expect(input('防挂机提醒间隔').value).toBe('15');
    expect(within(item('学习模式')).getByText('班级套餐').closest('label')?.className).toMatch(/checked/);
    expect(item('允许试看').querySelector('button[role="switch"]')?.getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(item('允许拖动进度').querySelector('button[role="switch"]')?.getAttribute('aria-checked')).toBe(
      'false',
    );
    await waitFor(() => expect(within(item('项目区域')).getByText('山东省 / 济南市')).toBeTruthy());
  });

  it('asks for a project when the address names none', async () => {
    renderScreen(<ProjectSettingPage />, PLATFORM_ADMIN, '/project-manage/setting');
    expect(await screen.findByText('未指定项目')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('saves only the settings that changed', async () => {
    saveMock.mockImplementation(async (_id, changes) => answer({ projectArea: 370100, ...changes }));
    await openPage();
    fireEvent.change(input('平台名称'), { target: { value: ' 济南继续教育 ' } });
    fireEvent.click(item('允许拖动进度').querySelector('button[role="switch"]') as HTMLElement);
    fireEvent.click(within(item('学员登录方式')).getByText('微信'));
    fireEvent.click(within(item('学习模式')).getByText('自由选课'));
    fireEvent.change(input('退款进度上限'), { target: { value: '30' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(7, {
        title: '济南继续教育',
        videoCanSeek: 1,
        loginType: ['password', 'sms'],
        studyModel: 2,
        refundClassProcess: 30,
      }),
    );
    expect(await screen.findByText('设置已保存')).toBeTruthy();
  });

  it('sends nothing when nothing changed', async () => {
    await openPage();
    fireEvent.click(saveButton());
    expect(await screen.findByText('没有修改任何设置')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('checks the fields with Chinese messages before sending', async () => {
    await openPage();
    fireEvent.change(input('平台名称'), { target: { value: '  ' } });
    for (const type of ['密码', '短信', '微信'])
      fireEvent.click(within(item('学员登录方式')).getByText(type));
    fireEvent.change(input('防挂机提醒间隔'), { target: { value: '' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('请先改正标红的设置项')).toBeTruthy();
    // antd shows a field's messages a moment after marking the field: wait for each.
    expect(await within(item('平台名称')).findByText('请填写平台名称', FIELD_ERROR)).toBeTruthy();
    expect(
      await within(item('学员登录方式')).findByText('请至少选择一种学员登录方式', FIELD_ERROR),
    ).toBeTruthy();
    expect(await within(item('防挂机提醒间隔')).findByText('请填写防挂机提醒间隔', FIELD_ERROR)).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('shows the server refusals on their fields, and the others above the form', async () => {
    saveMock.mockRejectedValue(
      buildFieldsError([
        { field: 'settings.customerPhone', message: '太长了' },
        { field: 'settings.h5Config.showClassType.0', message: '班级类型不正确' },
        { field: 'settings.projectArea', message: '项目区域须为省或市的行政区划代码' },
        { field: 'settings.unknownKey', message: '未知的设置项' },
      ]),
    );
    await openPage();
    fireEvent.change(input('客服电话'), { target: { value: '0531-1234567' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveMock).toHaveBeenCalledWith(7, { customerPhone: '0531-1234567' }));
    expect(await within(item('客服电话')).findByText('太长了', FIELD_ERROR)).toBeTruthy();
    expect(within(item('选课中心班级类型')).getByText('班级类型不正确', FIELD_ERROR)).toBeTruthy();
    expect(within(item('项目区域')).getByText('项目区域须为省或市的行政区划代码', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('以下设置未能保存')).toBeTruthy();
    expect(screen.getByText('未知的设置项')).toBeTruthy();
  });
});
