import type { PageAnswer, SmsOutboxItem, StaffAccountItem } from '@px/api/contract';
import { encryptLoginField } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deleteAccount,
  getUnitOptions,
  queryAccounts,
  resetAccountPassword,
  saveAccount,
  setAccountStatus,
} from '../../../api/account';
import { getSystemInfo } from '../../../api/project';
import { queryRoles } from '../../../api/role';
import { getSmsOutbox } from '../../../api/sms';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import { AdministratorListPage } from './AdministratorListPage';

jest.mock('../../../api/account', () => ({
  queryAccounts: jest.fn(),
  saveAccount: jest.fn(),
  setAccountStatus: jest.fn(),
  deleteAccount: jest.fn(),
  resetAccountPassword: jest.fn(),
  getUnitOptions: jest.fn(),
}));
jest.mock('../../../api/role', () => ({ queryRoles: jest.fn() }));
jest.mock('../../../api/sms', () => ({ getSmsOutbox: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('@px/config', () => ({
  ...jest.requireActual('@px/config'),
  encryptLoginField: jest.fn(async (value: string, key: string) => `enc[${key.length}](${value.trim()})`),
}));

// Role queries with names compute accessible names against every antd style: slow in jsdom.
// Screens load lazily and antd renders slowly in jsdom: give async queries time on a busy machine.
configure({ defaultHidden: true });
stubComputedStyles();

const queryMock = jest.mocked(queryAccounts);
const saveMock = jest.mocked(saveAccount);
const statusMock = jest.mocked(setAccountStatus);
const deleteMock = jest.mocked(deleteAccount);
const resetMock = jest.mocked(resetAccountPassword);
const outboxMock = jest.mocked(getSmsOutbox);

const KEY = buildSystemInfo().loginPublicKey;
const enc = (value: string) => `enc[${KEY.length}](${value})`;

/** The signed-in project admin is account 3 (buildAccountInfo). */
const PROJECT_ADMIN = buildAccountInfo([
  '/home',
  '/account-manage/role',
  '/account-manage/administrator-list',
]);

function buildAccount(overrides: Partial<StaffAccountItem> = {}): StaffAccountItem {
  return {
    id: 5,
    accountName: 'service',
    realName: '王客服',
    mobile: '13900000001',
    roleId: 22,
    roleName: '客服',
    roleSystem: 2,
    unitId: null,
    unitName: null,
    status: 'ENABLED',
    lastLoginAt: null,
    createdAt: '2024-05-01T02:03:04.000Z',
    ...overrides,
  };
}

const SELF = buildAccount({
  id: 3,
  accountName: 'projectadmin',
  realName: '李管理',
  roleId: 21,
  roleName: '项目管理员',
});
const SERVICE = buildAccount();
const UNIT = buildAccount({
  id: 6,
  accountName: 'unit',
  realName: '赵单位',
  mobile: null,
  roleId: 23,
  roleName: '单位管理员',
  roleSystem: 4,
  unitId: 31,
  unitName: '演示培训单位',
  status: 'DISABLED',
  lastLoginAt: '2024-06-01T01:00:00.000Z',
});

function page<T>(list: T[]): PageAnswer<T> {
  return { list, total: list.length, pageNum: 1, pageSize: 10 };
}

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
/** The open dialog titled `title`. */
const dialog = (title: string | RegExp) =>
  screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal-container') as HTMLElement;
const ADD = '添加管理员';
const EDIT = '编辑管理员';
const RESET = /^重置密码：/;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const clickButton = (container: HTMLElement, text: RegExp) =>
  fireEvent.click(within(container).getByText(text, { selector: 'button span' }));
const filters = () => document.querySelector<HTMLElement>('#account-filters') as HTMLElement;

async function choose(container: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(container).getByLabelText(label));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items[items.length - 1] as HTMLElement);
}

async function openPage(info = PROJECT_ADMIN) {
  const rendered = renderScreen(<AdministratorListPage />, info);
  await screen.findByText('王客服');
  return rendered;
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('account-manage/administrator-list');
  queryMock.mockReset().mockResolvedValue(page([SELF, SERVICE, UNIT]));
  saveMock.mockReset().mockResolvedValue(SERVICE);
  statusMock.mockReset().mockResolvedValue(undefined);
  deleteMock.mockReset().mockResolvedValue(undefined);
  resetMock.mockReset();
  outboxMock.mockReset();
  jest.mocked(encryptLoginField).mockClear();
  jest.mocked(getSystemInfo).mockReset().mockResolvedValue(buildSystemInfo());
  jest
    .mocked(queryRoles)
    .mockReset()
    .mockResolvedValue([
      { id: 21, name: '项目管理员', roleSystem: 2 },
      { id: 22, name: '客服', roleSystem: 2 },
      { id: 23, name: '单位管理员', roleSystem: 4 },
      { id: 24, name: '学员', roleSystem: 3 },
    ]);
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([{ id: 31, name: '演示培训单位' }]);
});

describe('AdministratorListPage', () => {
  it('shows the staff accounts of the answer', async () => {
    await openPage();
    expect(queryMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const service = rowOf('王客服');
    for (const text of ['service', '13900000001', '客服', '项目后台', '从未登录']) {
      expect(within(service).getByText(text)).toBeTruthy();
    }
    const unit = rowOf('赵单位');
    expect(within(unit).getByText('演示培训单位')).toBeTruthy();
    expect(within(unit).getByText('单位管理')).toBeTruthy();
    expect(within(unit).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(within(service).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    // Nobody disables or deletes their own account.
    const self = rowOf('李管理');
    expect((within(self).getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(self)
        .getByText(/删\s*除/)
        .closest('button')?.disabled,
    ).toBe(true);
    expect(screen.getByText('短信发件箱')).toBeTruthy();
  });

  it('filters by name, role and status from the first page', async () => {
    await openPage();
    fireEvent.change(within(filters()).getByLabelText('姓名/账号'), { target: { value: ' 王 ' } });
    await choose(filters(), '角色', '客服');
    await choose(filters(), '状态', '停用');
    clickButton(filters(), /查\s*询/);
    await waitFor(() =>
      expect(queryMock).toHaveBeenLastCalledWith({
        pageNum: 1,
        pageSize: 10,
        name: '王',
        roleId: 22,
        status: 'DISABLED',
        unitId: undefined,
      }),
    );
  });

  it('names the missing and malformed fields of a new account before calling anything', async () => {
    await openPage();
    clickButton(document.body, /添加管理员/);
    await screen.findByText(ADD, { selector: '.ant-modal-title' });
    clickButton(dialog(ADD), /保\s*存/);
    for (const text of ['请输入账号', '请输入姓名', '请选择角色', '请输入密码', '请再次输入密码']) {
      expect(await within(dialog(ADD)).findByText(text, FIELD_ERROR)).toBeTruthy();
    }

    const field = (label: string) => within(dialog(ADD)).getByLabelText(label);
    fireEvent.change(field('账号'), { target: { value: 'ab' } });
    fireEvent.change(field('手机号'), { target: { value: '12345' } });
    fireEvent.change(field('密码'), { target: { value: 'abcdef' } });
    fireEvent.change(field('确认密码'), { target: { value: 'abcdeg' } });
    clickButton(dialog(ADD), /保\s*存/);
    expect(
      await within(dialog(ADD)).findByText('账号须为 3-40 位字母、数字或 _ - . @', FIELD_ERROR),
    ).toBeTruthy();
    expect(within(dialog(ADD)).getByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(
      within(dialog(ADD)).getByText(
        '密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字',
        FIELD_ERROR,
      ),
    ).toBeTruthy();
    expect(within(dialog(ADD)).getByText('两次输入的密码不一致', FIELD_ERROR)).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('adds a unit manager: asks for the unit, encrypts the password, sends the account and reloads', async () => {
    await openPage();
    clickButton(document.body, /添加管理员/);
    await screen.findByText(ADD, { selector: '.ant-modal-title' });
    const field = (label: string) => within(dialog(ADD)).getByLabelText(label);
    fireEvent.change(field('账号'), { target: { value: 'qian.unit' } });
    fireEvent.change(field('姓名'), { target: { value: ' 钱单位 ' } });
    fireEvent.change(field('手机号'), { target: { value: '13700000002' } });
    fireEvent.change(field('密码'), { target: { value: 'Qian1234' } });
    fireEvent.change(field('确认密码'), { target: { value: 'Qian1234' } });
    await choose(dialog(ADD), '角色', '单位管理员');
    await within(dialog(ADD)).findByLabelText('所属单位');
    clickButton(dialog(ADD), /保\s*存/);
    expect(await within(dialog(ADD)).findByText('单位管理员须选择所属单位', FIELD_ERROR)).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();

    await choose(dialog(ADD), '所属单位', '演示培训单位');
    queryMock.mockClear();
    clickButton(dialog(ADD), /保\s*存/);
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        accountName: 'qian.unit',
        realName: '钱单位',
        mobile: '13700000002',
        roleId: 23,
        unitId: 31,
        password: enc('Qian1234'),
      }),
    );
    expect(encryptLoginField).toHaveBeenCalledWith('Qian1234', KEY);
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(1));
  });

  it('edits an account without a password field and sends its id', async () => {
    await openPage();
    clickButton(rowOf('王客服'), /编\s*辑/);
    await screen.findByText(EDIT, { selector: '.ant-modal-title' });
    await waitFor(() =>
      expect((within(dialog(EDIT)).getByLabelText('账号') as HTMLInputElement).value).toBe('service'),
    );
    expect(within(dialog(EDIT)).queryByLabelText('密码')).toBeNull();
    fireEvent.change(within(dialog(EDIT)).getByLabelText('手机号'), { target: { value: '' } });
    clickButton(dialog(EDIT), /保\s*存/);
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 5,
        accountName: 'service',
        realName: '王客服',
        mobile: '',
        roleId: 22,
      }),
    );
  });

  it('disables and enables by the switch, then reloads', async () => {
    await openPage();
    queryMock.mockClear();
    fireEvent.click(within(rowOf('王客服')).getByRole('switch'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(5, 'DISABLED'));
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(1));
    fireEvent.click(within(rowOf('赵单位')).getByRole('switch'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(6, 'ENABLED'));
  });

  it('deletes an account after confirmation and reloads', async () => {
    await openPage();
    clickButton(rowOf('王客服'), /删\s*除/);
    expect(await screen.findByText('确定删除 王客服（service） 吗？删除后该账号无法登录。')).toBeTruthy();
    queryMock.mockClear();
    clickButton(document.querySelector('.ant-popconfirm') as HTMLElement, /确\s*定/);
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(5));
    await waitFor(() => expect(queryMock).toHaveBeenCalledTimes(1));
  });

  it('resets to a random password and shows it once with a copy button', async () => {
    resetMock.mockResolvedValue({ password: 'Kx7pQ2mZ9a' });
    await openPage();
    clickButton(rowOf('王客服'), /重置密码/);
    await screen.findByText(RESET, { selector: '.ant-modal-title' });
    clickButton(dialog(RESET), /重\s*置/);
    await waitFor(() => expect(resetMock).toHaveBeenCalledWith(5, undefined));
    expect(await screen.findByText('Kx7pQ2mZ9a')).toBeTruthy();
    expect(screen.getByText('新密码只显示这一次，关闭后无法再次查看，请复制后告知本人。')).toBeTruthy();
    expect(document.querySelector('.ant-typography-copy')).toBeTruthy();
    clickButton(dialog('密码已重置'), /我已记下/);
    await waitFor(() => expect(screen.queryByText('Kx7pQ2mZ9a')).toBeNull());
  });

  it('resets to a typed password, encrypted', async () => {
    resetMock.mockResolvedValue({ password: null });
    await openPage();
    clickButton(rowOf('王客服'), /重置密码/);
    await screen.findByText(RESET, { selector: '.ant-modal-title' });
    fireEvent.change(within(dialog(RESET)).getByLabelText('新密码'), { target: { value: 'Wang2024' } });
    clickButton(dialog(RESET), /重\s*置/);
    expect(await within(dialog(RESET)).findByText('请再次输入新密码', FIELD_ERROR)).toBeTruthy();
    fireEvent.change(within(dialog(RESET)).getByLabelText('确认密码'), { target: { value: 'Wang2024' } });
    clickButton(dialog(RESET), /重\s*置/);
    await waitFor(() => expect(resetMock).toHaveBeenCalledWith(5, enc('Wang2024')));
    expect(await screen.findByText('密码已重置')).toBeTruthy();
  });

  it('reads the SMS outbox, newest first as answered, filtered by mobile', async () => {
    const sms: SmsOutboxItem = {
      id: 1,
      projectId: 7,
      mobile: '13800000000',
      content: '【培训平台】您的验证码为 123456，5分钟内有效。',
      createdAt: '2024-06-01T01:00:00.000Z',
    };
    outboxMock.mockResolvedValue(page([sms]));
    await openPage();
    fireEvent.click(screen.getByText('短信发件箱'));
    expect(await screen.findByText('【培训平台】您的验证码为 123456，5分钟内有效。')).toBeTruthy();
    expect(outboxMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const form = document.querySelector<HTMLElement>('#sms-outbox-filters') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('手机号'), { target: { value: '13a' } });
    clickButton(form, /查\s*询/);
    expect(await within(form).findByText('应为1-11位数字', FIELD_ERROR)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('手机号'), { target: { value: '1380' } });
    clickButton(form, /查\s*询/);
    await waitFor(() =>
      expect(outboxMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, mobile: '1380' }),
    );
  });

  it('offers no SMS outbox to a role that may not read it', async () => {
    await openPage(
      buildAccountInfo(['/home', '/account-manage/administrator-list'], {
        roleSystem: 4,
        roleName: '单位管理员',
      }),
    );
    expect(screen.queryByText('短信发件箱')).toBeNull();
  });
});
