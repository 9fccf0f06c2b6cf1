import type { WxappItem, WxappPage } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deleteWxapp, listWxapps, setWxappStatus } from '../../../api/wxapp';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { WxappListPage } from './WxappListPage';

jest.mock('../../../api/wxapp', () => ({
  listWxapps: jest.fn(),
  setWxappStatus: jest.fn(),
  deleteWxapp: jest.fn(),
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listWxapps);
const statusMock = jest.mocked(setWxappStatus);
const deleteMock = jest.mocked(deleteWxapp);

const PLATFORM_ADMIN = buildAccountInfo(['/home', '/wxapp-manage/list', '/wxapp-manage/setting'], {
  roleSystem: 1,
  roleName: '平台管理员',
});

function buildWxapp(overrides: Partial<WxappItem> = {}): WxappItem {
  return {
    id: 1,
    name: '演示服务号',
    appId: 'wxb11529c136998cb6',
    pushMode: 'safe',
    status: 'ENABLED',
    appSecretSet: true,
    pushTokenSet: true,
    encodingAesKeySet: true,
    mchId: '1900009191',
    mchSerialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    platformSerialNo: 'PUB_KEY_ID_00000000000000000000000000000000',
    paymentReady: true,
    mchPrivateKeySet: true,
    apiV3KeySet: true,
    platformPublicKeySet: true,
    projects: [
      { id: 1, name: '演示项目' },
      { id: 2, name: '山东项目' },
    ],
    serverUrl: 'http://localhost:8080/api/wechat/push/wxb11529c136998cb6',
    bindingCount: 12,
    createdAt: '2024-05-01T02:03:04.000Z',
    ...overrides,
  };
}

const DEMO = buildWxapp();
const SPARE = buildWxapp({
  id: 2,
  name: '备用订阅号',
  appId: 'wx0123456789abcdef',
  pushMode: 'plain',
  status: 'DISABLED',
  encodingAesKeySet: false,
  mchId: null,
  mchSerialNo: null,
  platformSerialNo: null,
  paymentReady: false,
  projects: [],
  bindingCount: 0,
});

function page(list: WxappItem[], total = list.length): WxappPage {
  return { list, total, pageNum: 1, pageSize: 10 };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const popconfirm = () => document.querySelector<HTMLElement>('.ant-popconfirm') as HTMLElement;
/** A button by its text (antd spaces out two-character labels of some buttons: 查 询). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

async function openPage() {
  const rendered = renderScreen(<WxappListPage />, PLATFORM_ADMIN, '/wxapp-manage/list');
  await screen.findByText('备用订阅号');
  return rendered;
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('wxapp-manage/list');
  listMock.mockReset().mockResolvedValue(page([DEMO, SPARE]));
  statusMock.mockReset().mockResolvedValue(null);
  deleteMock.mockReset().mockResolvedValue(null);
});

describe('WxappListPage', () => {
  it('shows each account: AppID, push mode, payment, projects, bindings, status and creation time', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const demo = rowOf('演示服务号');
    for (const text of ['wxb11529c136998cb6', '安全模式', '已配置', '演示项目', '山东项目', '12', '启用'])
      expect(within(demo).getByText(text)).toBeTruthy();
    expect(within(demo).getByText(/^2024-05-01 \d\d:03:04$/)).toBeTruthy();
    const spare = rowOf('备用订阅号');
    for (const text of ['明文模式', '未配置', '—', '停用'])
      expect(within(spare).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('filters by keyword and status from the first page', async () => {
    await openPage();
    fireEvent.change(screen.getByPlaceholderText('名称或 AppID'), { target: { value: ' wx0123 ' } });
    fireEvent.mouseDown(document.querySelector('#wxapp-filters_status') as HTMLElement);
    fireEvent.click(await screen.findByText('停用', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        keyword: 'wx0123',
        status: 'DISABLED',
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.click(button(document.body, '重置'));
    await waitFor(() => expect(listMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
  });

  it('opens the settings page to edit an account, and without an id to add one', async () => {
    await openPage();
    const edit = within(rowOf('备用订阅号')).getByText('编辑').closest('a') as HTMLAnchorElement;
    expect(edit.getAttribute('href')).toBe('/wxapp-manage/setting?id=2');
    fireEvent.click(button(document.body, '新增公众号'));
    expect(screen.getByTestId('location').textContent).toBe('/wxapp-manage/setting');
  });

  it('enables a disabled account and reloads the list', async () => {
    await openPage();
    fireEvent.click(button(rowOf('备用订阅号'), '启用'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(2, 'ENABLED'));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('disables an account after confirmation', async () => {
    await openPage();
    fireEvent.click(button(rowOf('演示服务号'), '停用'));
    expect(await screen.findByText('停用公众号「演示服务号」？')).toBeTruthy();
    expect(statusMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '停用'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(1, 'DISABLED'));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('deletes an unused account after confirmation; one in use cannot be deleted', async () => {
    await openPage();
    expect(button(rowOf('演示服务号'), '删除').disabled).toBe(true);
    fireEvent.click(button(rowOf('备用订阅号'), '删除'));
    expect(await screen.findByText('删除公众号「备用订阅号」？')).toBeTruthy();
    expect(deleteMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(2));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });
});
