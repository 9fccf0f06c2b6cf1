import type { ProjectItem, WxappBindingItem, WxappItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listProjects } from '../../../api/project';
import {
  bindWxappOpenId,
  checkWxappFollow,
  configWxappProjects,
  getWxapp,
  getWxappQrCode,
  listWxappBindings,
  saveWxapp,
  unbindWxappOpenId,
} from '../../../api/wxapp';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { WxappSettingPage } from './WxappSettingPage';
import { AES_KEY_REQUIRED, SECRET_SET_PLACEHOLDER } from './wxapp-form';

jest.mock('../../../api/wxapp', () => ({
  getWxapp: jest.fn(),
  saveWxapp: jest.fn(),
  configWxappProjects: jest.fn(),
  getWxappQrCode: jest.fn(),
  listWxappBindings: jest.fn(),
  checkWxappFollow: jest.fn(),
  bindWxappOpenId: jest.fn(),
  unbindWxappOpenId: jest.fn(),
}));
jest.mock('../../../api/project', () => ({ listProjects: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getWxapp);
const saveMock = jest.mocked(saveWxapp);
const configMock = jest.mocked(configWxappProjects);
const qrMock = jest.mocked(getWxappQrCode);
const bindingsMock = jest.mocked(listWxappBindings);
const followMock = jest.mocked(checkWxappFollow);
const bindMock = jest.mocked(bindWxappOpenId);
const unbindMock = jest.mocked(unbindWxappOpenId);
const projectsMock = jest.mocked(listProjects);

const PLATFORM_ADMIN = buildAccountInfo(['/home', '/wxapp-manage/list', '/wxapp-manage/setting'], {
  roleSystem: 1,
  roleName: '平台管理员',
});

// From WeChat's documents: the WXBizMsgCrypt sample (AppID, token, EncodingAESKey).
const APP_ID = 'wxb11529c136998cb6';
const TOKEN = 'pamtest';
const AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const SECRET = 'a1'.repeat(16);
const OPEN_ID = 'oWx2_abcdefghijklmnopqrstu';

function buildWxapp(overrides: Partial<WxappItem> = {}): WxappItem {
  return {
    id: 4,
    name: '演示服务号',
    appId: APP_ID,
    pushMode: 'safe',
    status: 'ENABLED',
    appSecretSet: true,
    pushTokenSet: true,
    encodingAesKeySet: true,
    mchId: '1900009191',
    mchSerialNo: null,
    platformSerialNo: null,
    paymentReady: false,
    mchPrivateKeySet: false,
    apiV3KeySet: false,
    platformPublicKeySet: false,
    projects: [{ id: 1, name: '演示项目' }],
    serverUrl: `http://localhost:8080/api/wechat/push/${APP_ID}`,
    bindingCount: 1,
    createdAt: '2024-05-01T02:03:04.000Z',
    ...overrides,
  };
}

function buildProject(id: number, name: string): ProjectItem {
  return {
    id,
    code: `p${id}`,
    name,
    status: 'ENABLED',
    isDefault: id === 1,
    domains: [],
    accountCount: 0,
    staffCount: 0,
    unitCount: 0,
    createdAt: '2024-05-01T02:03:04.000Z',
  };
}

const BINDING: WxappBindingItem = {
  openId: OPEN_ID,
  nickname: '小王',
  accountId: 31,
  realName: '王同学',
  idCardNo: '370102********1238',
  projectName: '演示项目',
  unitName: '演示培训单位',
  createdAt: '2024-06-01T02:03:04.000Z',
};

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const item = (id: string) => field(id).closest('.ant-form-item') as HTMLElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
/** A button by its text (antd spaces out two-character labels of some buttons: 解 绑). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const location = () => screen.getByTestId('location').textContent;

async function openEditor(wxapp = buildWxapp()) {
  getMock.mockResolvedValue(wxapp);
  const rendered = renderScreen(<WxappSettingPage />, PLATFORM_ADMIN, `/wxapp-manage/setting?id=${wxapp.id}`);
  await screen.findByText(`公众号设置 · ${wxapp.name}`);
  return rendered;
}

beforeEach(() => {
  getMock.mockReset();
  saveMock.mockReset();
  configMock.mockReset();
  qrMock.mockReset();
  bindingsMock.mockReset().mockResolvedValue({ list: [BINDING], total: 1, pageNum: 1, pageSize: 10 });
  followMock.mockReset();
  bindMock.mockReset().mockResolvedValue(null);
  unbindMock.mockReset().mockResolvedValue(null);
  projectsMock.mockReset().mockResolvedValue({
    list: [buildProject(1, '演示项目'), buildProject(3, '济南项目')],
    total: 2,
    pageNum: 1,
    pageSize: 100,
  });
});

describe('WxappSettingPage: creating', () => {
  it('checks the form, sends only what was typed, then goes on editing the new account', async () => {
    const created = buildWxapp({ id: 9, name: '济南服务号', projects: [], bindingCount: 0 });
    saveMock.mockResolvedValue(created);
    renderScreen(<WxappSettingPage />, PLATFORM_ADMIN, '/wxapp-manage/setting');
    await screen.findByText('新增公众号');
    expect(screen.getByText('保存后生成')).toBeTruthy();
    expect(screen.queryByText('服务项目', { selector: '.ant-card-head-title' })).toBeNull();

    fireEvent.click(button(document.body, '创建公众号'));
    expect(
      await within(item('wxapp-form_appSecret')).findByText('请输入 AppSecret', FIELD_ERROR),
    ).toBeTruthy();
    expect(within(item('wxapp-form_encodingAesKey')).getByText(AES_KEY_REQUIRED, FIELD_ERROR)).toBeTruthy();
    expect(within(item('wxapp-form_name')).getByText('请填写公众号名称', FIELD_ERROR)).toBeTruthy();
    type('wxapp-form_appId', 'wx123');
    expect(
      await within(item('wxapp-form_appId')).findByText('AppID 应为 wx 开头的18位字符', FIELD_ERROR),
    ).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();

    type('wxapp-form_name', ' 济南服务号 ');
    type('wxapp-form_appId', ` ${APP_ID} `);
    type('wxapp-form_appSecret', SECRET);
    type('wxapp-form_pushToken', TOKEN);
    type('wxapp-form_encodingAesKey', AES_KEY);
    type('wxapp-form_mchId', '1900009191');
    fireEvent.click(button(document.body, '创建公众号'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        name: '济南服务号',
        appId: APP_ID,
        appSecret: SECRET,
        pushToken: TOKEN,
        pushMode: 'safe',
        encodingAesKey: AES_KEY,
        mchId: '1900009191',
      }),
    );
    expect(await screen.findByText('公众号设置 · 济南服务号')).toBeTruthy();
    expect(location()).toBe('/wxapp-manage/setting?id=9');
    expect(card('服务项目')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('needs no EncodingAESKey in plain mode', async () => {
    saveMock.mockResolvedValue(buildWxapp({ id: 9, pushMode: 'plain' }));
    renderScreen(<WxappSettingPage />, PLATFORM_ADMIN, '/wxapp-manage/setting');
    await screen.findByText('新增公众号');
    fireEvent.click(screen.getByText('明文模式'));
    type('wxapp-form_name', '济南服务号');
    type('wxapp-form_appId', APP_ID);
    type('wxapp-form_appSecret', SECRET);
    type('wxapp-form_pushToken', TOKEN);
    fireEvent.click(button(document.body, '创建公众号'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(expect.objectContaining({ pushMode: 'plain' })),
    );
    expect(saveMock.mock.calls[0]?.[0]).not.toHaveProperty('encodingAesKey');
  });

  it('says an address with a malformed id names no account', async () => {
    renderScreen(<WxappSettingPage />, PLATFORM_ADMIN, '/wxapp-manage/setting?id=abc');
    expect(await screen.findByText('公众号编号无效')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });
});

describe('WxappSettingPage: editing', () => {
  it('shows the stored values, "已设置" for stored secrets, and leaves empty secrets out of the save', async () => {
    saveMock.mockImplementation(async (payload) => buildWxapp({ name: payload.name }));
    await openEditor();
    expect(getMock).toHaveBeenCalledWith(4);
    expect(field('wxapp-form_name').value).toBe('演示服务号');
    expect(field('wxapp-form_appId').value).toBe(APP_ID);
    expect(field('wxapp-form_mchId').value).toBe('1900009191');
    expect(field('wxapp-form_appSecret').placeholder).toBe(SECRET_SET_PLACEHOLDER);
    expect(field('wxapp-form_encodingAesKey').placeholder).toBe(SECRET_SET_PLACEHOLDER);
    expect(field('wxapp-form_pushToken').placeholder).toBe(SECRET_SET_PLACEHOLDER);
    expect(field('wxapp-form_apiV3Key').placeholder).toBe('32位字母或数字');
    expect(field('wxapp-form_appSecret').value).toBe('');
    expect(screen.getByText(`http://localhost:8080/api/wechat/push/${APP_ID}`)).toBeTruthy();
    expect(within(card('基本信息')).getByRole('button', { name: /copy|复制/i })).toBeTruthy();

    type('wxapp-form_name', '改名服务号');
    type('wxapp-form_mchId', '');
    fireEvent.click(button(document.body, '保存设置'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 4,
        name: '改名服务号',
        appId: APP_ID,
        pushMode: 'safe',
      }),
    );
    expect(await screen.findByText('公众号设置 · 改名服务号')).toBeTruthy();
  });

  it('marks each stored payment secret as set', async () => {
    await openEditor(buildWxapp({ mchPrivateKeySet: true, apiV3KeySet: true, platformPublicKeySet: true }));
    for (const id of ['apiV3Key', 'mchPrivateKey', 'platformPublicKey'])
      expect(field(`wxapp-form_${id}`).placeholder).toBe(SECRET_SET_PLACEHOLDER);
  });

  it('shows the server refusals on their fields', async () => {
    saveMock.mockRejectedValue(
      buildFieldsError([
        { field: 'appId', message: '该 AppID 已存在' },
        { field: 'mchPrivateKey', message: '商户私钥应为 PEM 格式' },
      ]),
    );
    await openEditor();
    type('wxapp-form_pushToken', TOKEN);
    fireEvent.click(button(document.body, '保存设置'));
    expect(await within(item('wxapp-form_appId')).findByText('该 AppID 已存在', FIELD_ERROR)).toBeTruthy();
    expect(
      within(item('wxapp-form_mchPrivateKey')).getByText('商户私钥应为 PEM 格式', FIELD_ERROR),
    ).toBeTruthy();
  });

  it('saves the projects served, and shows a refusal on the select', async () => {
    configMock
      .mockRejectedValueOnce(
        buildFieldsError([{ field: 'projectIds', message: '项目已由其他公众号服务：济南项目' }]),
      )
      .mockResolvedValueOnce(buildWxapp({ projects: [{ id: 3, name: '济南项目' }] }));
    await openEditor();
    const projects = card('服务项目');
    await waitFor(() => expect(projectsMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 100 }));
    fireEvent.mouseDown(field('wxapp-projects_projectIds'));
    fireEvent.click(await screen.findByText('济南项目', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(projects, '保存服务项目'));
    await waitFor(() => expect(configMock).toHaveBeenCalledWith(4, [1, 3]));
    expect(await within(projects).findByText('项目已由其他公众号服务：济南项目', FIELD_ERROR)).toBeTruthy();
    fireEvent.click(button(projects, '保存服务项目'));
    await waitFor(() => expect(configMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('服务项目已保存')).toBeTruthy();
  });

  it('shows the follow QR code after the click', async () => {
    qrMock.mockResolvedValue({ imageUrl: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T1' });
    await openEditor();
    expect(document.querySelector('img[alt="公众号关注二维码"]')).toBeNull();
    fireEvent.click(button(card('关注二维码'), '获取二维码'));
    await waitFor(() => expect(qrMock).toHaveBeenCalledWith(4));
    const image = await waitFor(() => {
      const found = document.querySelector<HTMLImageElement>('img[alt="公众号关注二维码"]');
      if (!found) throw new Error('no QR image yet');
      return found;
    });
    expect(image.getAttribute('src')).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T1');
  });

  it('lists the bindings; unbinding asks for confirmation first', async () => {
    await openEditor();
    const row = (await screen.findByText(OPEN_ID)).closest('tr') as HTMLElement;
    for (const text of ['小王', '王同学', '370102********1238', '演示项目', '演示培训单位'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(bindingsMock).toHaveBeenCalledWith({ id: 4, pageNum: 1, pageSize: 10 });
    fireEvent.click(button(row, '解绑'));
    expect(await screen.findByText('解除「王同学」的微信绑定？')).toBeTruthy();
    expect(unbindMock).not.toHaveBeenCalled();
    fireEvent.click(button(document.querySelector('.ant-popconfirm') as HTMLElement, '解绑'));
    await waitFor(() => expect(unbindMock).toHaveBeenCalledWith(4, OPEN_ID));
    await waitFor(() => expect(bindingsMock).toHaveBeenCalledTimes(2));
  });

  it('searches the bindings and shows whether a bound user follows the account', async () => {
    followMock.mockResolvedValue({
      openId: OPEN_ID,
      followed: true,
      followedAt: '2024-06-02T02:03:04.000Z',
      qrScene: 'unit_5',
    });
    await openEditor();
    const bindings = card('绑定用户');
    const row = (await within(bindings).findByText(OPEN_ID)).closest('tr') as HTMLElement;
    fireEvent.click(button(row, '查询关注'));
    await waitFor(() => expect(followMock).toHaveBeenCalledWith(4, 31));
    const dialog = (await screen.findByText('关注状态 · 王同学')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('已关注')).toBeTruthy();
    expect(within(dialog).getByText(/^2024-06-02 \d\d:03:04$/)).toBeTruthy();
    expect(within(dialog).getByText('unit_5')).toBeTruthy();

    fireEvent.change(within(bindings).getByPlaceholderText(/^姓名/), { target: { value: ' 王同 ' } });
    fireEvent.click(button(bindings, '查询'));
    await waitFor(() =>
      expect(bindingsMock).toHaveBeenLastCalledWith({ id: 4, keyword: '王同', pageNum: 1, pageSize: 10 }),
    );
  });

  it('binds an openid to a student by hand', async () => {
    await openEditor();
    fireEvent.click(button(card('绑定用户'), '手动绑定'));
    const dialog = (await screen.findByText('手动绑定', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    type('wxapp-bind_accountId', '0');
    type('wxapp-bind_openId', 'short');
    fireEvent.click(button(dialog, '绑定'));
    expect(await within(dialog).findByText('学员账号ID应为正整数', FIELD_ERROR)).toBeTruthy();
    expect(within(dialog).getByText('OpenID 格式不正确', FIELD_ERROR)).toBeTruthy();
    type('wxapp-bind_accountId', '31');
    type('wxapp-bind_openId', OPEN_ID);
    fireEvent.click(button(dialog, '绑定'));
    await waitFor(() => expect(bindMock).toHaveBeenCalledWith({ id: 4, accountId: 31, openId: OPEN_ID }));
    await waitFor(() => expect(bindingsMock).toHaveBeenCalledTimes(2));
  });
});
