import type { RegulatorPushConfigAnswer } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { getRegulatorPushConfig, saveRegulatorPushConfig } from '../../../../api/regulator';
import { buildFieldsError } from '../../../../testing/field-errors';
import { buildAccountInfo } from '../../../../testing/render-app';
import { renderScreen } from '../../../../testing/render-screen';
import { RegulatorPushCard, SECRET_SET_PLACEHOLDER } from './RegulatorPushCard';

jest.mock('../../../../api/regulator', () => ({
  getRegulatorPushConfig: jest.fn(),
  saveRegulatorPushConfig: jest.fn(),
}));

configure({ defaultHidden: true });

const getMock = jest.mocked(getRegulatorPushConfig);
const saveMock = jest.mocked(saveRegulatorPushConfig);
const PLATFORM_ADMIN = buildAccountInfo(['/home', '/project-manage/setting'], { roleSystem: 1 });

function config(overrides: Partial<RegulatorPushConfigAnswer> = {}): RegulatorPushConfigAnswer {
  return {
    projectId: 7,
    projectName: '山东项目',
    enabled: false,
    endpoint: null,
    appId: '',
    secretSet: false,
    baseTypes: [],
    pushMode: 'AUTO',
    mode: 'live',
    effectiveEndpoint: null,
    updatedAt: null,
    ...overrides,
  };
}

const item = (label: string) =>
  screen
    .getByText(label, { selector: '.ant-form-item-label label' })
    .closest('.ant-form-item') as HTMLElement;
const input = (label: string) => item(label).querySelector('input') as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const saveButton = () => screen.getByText('保存上报配置', { selector: 'button span' });

async function open(answer = config()) {
  getMock.mockResolvedValue(answer);
  renderScreen(<RegulatorPushCard projectId={7} />, PLATFORM_ADMIN);
  await screen.findByText('学时上报', { selector: '.ant-card-head-title' });
  await waitFor(() => expect(input('应用 ID')).toBeTruthy());
}

beforeEach(() => {
  getMock.mockReset();
  saveMock.mockReset();
});

describe('RegulatorPushCard', () => {
  it('turns reporting on with the app the regulator handed out, and never shows the secret again', async () => {
    await open();
    expect(getMock).toHaveBeenCalledWith(7);
    expect(screen.getByText('学时记录上报到：未配置（请填写上报地址）')).toBeTruthy();
    saveMock.mockResolvedValue(
      config({
        enabled: true,
        endpoint: 'https://xxjy.example.gov.cn',
        appId: 'px-app-001',
        secretSet: true,
        baseTypes: ['public'],
        effectiveEndpoint: 'https://xxjy.example.gov.cn',
      }),
    );
    fireEvent.click(item('启用学时上报').querySelector('button') as HTMLElement);
    type('上报地址', 'https://xxjy.example.gov.cn');
    type('应用 ID', 'px-app-001');
    type('应用密钥', 'regulator-secret-0123456789');
    fireEvent.click(screen.getByText('公需科目'));
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 7,
        enabled: true,
        endpoint: 'https://xxjy.example.gov.cn',
        appId: 'px-app-001',
        appSecret: 'regulator-secret-0123456789',
        baseTypes: ['public'],
        pushMode: 'AUTO',
      }),
    );
    await screen.findByText('学时记录上报到：https://xxjy.example.gov.cn', {}, { timeout: 5000 });
    expect(input('应用密钥').value).toBe('');
    expect(input('应用密钥').placeholder).toBe(SECRET_SET_PLACEHOLDER);
  });

  it('asks for the app id, secret and a base type before turning reporting on', async () => {
    await open();
    fireEvent.click(item('启用学时上报').querySelector('button') as HTMLElement);
    fireEvent.click(saveButton());
    expect(await screen.findByText('开启上报须填写应用 ID', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('开启上报须填写应用密钥')).toBeTruthy();
    expect(screen.getByText('开启上报须至少选择一种基础类型')).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it("keeps a stored secret when left empty, and shows the server's refusal on its field", async () => {
    await open(
      config({
        enabled: true,
        appId: 'px-app-001',
        secretSet: true,
        baseTypes: ['public'],
        mode: 'simulator',
      }),
    );
    expect(screen.getByText(/当前为模拟模式/)).toBeTruthy();
    saveMock.mockRejectedValue(buildFieldsError([{ field: 'endpoint', message: '开启上报须填写上报地址' }]));
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(expect.objectContaining({ appId: 'px-app-001', appSecret: '' })),
    );
    expect(await screen.findByText('开启上报须填写上报地址', {}, { timeout: 5000 })).toBeTruthy();
  });
});
