import type { SuperAccountAccount } from '@px/api/contract';
import { ApiError } from '@px/config';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSuperAccountAccounts, getSuperAccountProjects, signInAs } from '../../../api/super-account';
import { tokenAtom } from '../../../store/session';
import { buildAccountInfo, setTokenCookie } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import { reloadIntoHome } from './reload';
import { SuperAccountPage } from './SuperAccountPage';

jest.mock('../../../api/super-account', () => ({
  getSuperAccountProjects: jest.fn(),
  getSuperAccountAccounts: jest.fn(),
  signInAs: jest.fn(),
}));
jest.mock('./reload', () => ({ reloadIntoHome: jest.fn() }));

// Role queries with names compute accessible names against every antd style: slow in jsdom.
// Screens load lazily and antd renders slowly in jsdom: give async queries time on a busy machine.
configure({ defaultHidden: true });
stubComputedStyles();

const projectsMock = jest.mocked(getSuperAccountProjects);
const accountsMock = jest.mocked(getSuperAccountAccounts);
const signInMock = jest.mocked(signInAs);

const PLATFORM_ADMIN = buildAccountInfo(['/home', '/super-account/index'], {
  roleSystem: 1,
  roleName: '平台管理员',
  userName: '平台运营',
});

const PROJECTS = [
  { id: 1, name: '演示项目', code: 'demo' },
  { id: 2, name: '山东项目', code: 'sd' },
];
const ADMIN: SuperAccountAccount = {
  accountId: 41,
  accountName: 'projectadmin',
  realName: '项目管理员甲',
  roleSystem: 2,
  roleName: '项目管理员',
  unitName: null,
};
const UNIT: SuperAccountAccount = {
  accountId: 42,
  accountName: 'unit',
  realName: '单位管理员乙',
  roleSystem: 4,
  roleName: '单位管理员',
  unitName: '演示培训单位',
};

const filters = () => document.querySelector<HTMLElement>('#super-account-filters') as HTMLElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const clickButton = (container: HTMLElement, text: RegExp) =>
  fireEvent.click(within(container).getByText(text, { selector: 'button span' }));

/** Renders the page and lets the project list and the (empty) first page arrive. */
async function renderPage() {
  const rendered = renderScreen(<SuperAccountPage />, PLATFORM_ADMIN);
  await act(() => Promise.resolve());
  expect(projectsMock).toHaveBeenCalledTimes(1);
  return rendered;
}

async function chooseProject(name: string) {
  fireEvent.mouseDown(within(filters()).getByLabelText('项目'));
  const option = await screen.findByText(name, { selector: '.ant-select-item-option-content' });
  // Choosing loads the accounts at once: let the answer arrive inside act.
  await act(async () => {
    fireEvent.click(option);
  });
}

beforeEach(() => {
  projectsMock.mockReset().mockResolvedValue({ list: PROJECTS });
  accountsMock.mockReset().mockResolvedValue({ list: [ADMIN, UNIT], total: 2, pageNum: 1, pageSize: 10 });
  signInMock.mockReset();
  jest.mocked(reloadIntoHome).mockReset();
  setTokenCookie('platform-token');
});

describe('SuperAccountPage', () => {
  it('warns that the session lasts two hours and is audited, and asks for a project first', async () => {
    renderScreen(<SuperAccountPage />, PLATFORM_ADMIN);
    expect(screen.getByText('以所选账号身份登录，会话有效期 2 小时，到期需重新进入')).toBeTruthy();
    expect(screen.getByText(/均记录审计日志/)).toBeTruthy();
    expect(await screen.findByText('请先选择项目')).toBeTruthy();
    expect(accountsMock).not.toHaveBeenCalled();
  });

  it('lists the staff accounts of the chosen project and searches them', async () => {
    await renderPage();
    await chooseProject('山东项目（sd）');
    await screen.findByText('单位管理员乙');
    expect(accountsMock).toHaveBeenCalledWith({ projectId: 2, pageNum: 1, pageSize: 10 });
    const unit = rowOf('单位管理员乙');
    for (const text of ['unit', '单位管理员', '单位管理', '演示培训单位']) {
      expect(within(unit).getByText(text)).toBeTruthy();
    }
    expect(within(rowOf('项目管理员甲')).getByText('项目后台')).toBeTruthy();

    fireEvent.change(within(filters()).getByLabelText('账号'), { target: { value: ' 单位 ' } });
    clickButton(filters(), /查\s*询/);
    await waitFor(() =>
      expect(accountsMock).toHaveBeenLastCalledWith({
        projectId: 2,
        keyword: '单位',
        pageNum: 1,
        pageSize: 10,
      }),
    );
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('chooses the only project by itself', async () => {
    projectsMock.mockResolvedValue({ list: [PROJECTS[0] as (typeof PROJECTS)[number]] });
    renderScreen(<SuperAccountPage />, PLATFORM_ADMIN);
    await waitFor(() =>
      expect(accountsMock).toHaveBeenCalledWith({ projectId: 1, pageNum: 1, pageSize: 10 }),
    );
    expect(await screen.findByText('项目管理员甲')).toBeTruthy();
  });

  it('signs in as the account after confirmation: keeps its token as the session and reloads into home', async () => {
    signInMock.mockResolvedValue({ tokenCode: 'impersonated-token', roleSystem: 2 });
    const { store } = await renderPage();
    await chooseProject('演示项目（demo）');
    await screen.findByText('项目管理员甲');
    clickButton(rowOf('项目管理员甲'), /以此账号登录/);
    expect(
      await screen.findByText(
        '确定以 项目管理员甲（projectadmin） 的身份登录吗？会话有效 2 小时，操作将被审计。',
      ),
    ).toBeTruthy();
    clickButton(document.querySelector('.ant-popconfirm') as HTMLElement, /登\s*录/);
    await waitFor(() => expect(signInMock).toHaveBeenCalledWith(41));
    await waitFor(() => expect(reloadIntoHome).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('token=impersonated-token');
    expect(store.get(tokenAtom)).toBe('impersonated-token');
  });

  it('stays signed in as itself when the server refuses', async () => {
    signInMock.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '该账号已停用' }));
    const { store } = await renderPage();
    await chooseProject('演示项目（demo）');
    await screen.findByText('单位管理员乙');
    clickButton(rowOf('单位管理员乙'), /以此账号登录/);
    await screen.findByText(/确定以 单位管理员乙（unit）/);
    clickButton(document.querySelector('.ant-popconfirm') as HTMLElement, /登\s*录/);
    await waitFor(() => expect(signInMock).toHaveBeenCalledWith(42));
    expect(reloadIntoHome).not.toHaveBeenCalled();
    expect(store.get(tokenAtom)).toBe('platform-token');
  });
});
