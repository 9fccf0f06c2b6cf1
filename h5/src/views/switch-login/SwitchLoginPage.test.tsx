import { ApiError } from '@px/config';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'react-vant';
import { listSwitchAccounts, loginOut, switchAccount } from '../../api/login';
import { tokenAtom } from '../../store/session';
import { muteToast, probedLocation, setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { SwitchLoginPage } from './SwitchLoginPage';

jest.mock('../../api/login', () => ({
  listSwitchAccounts: jest.fn(),
  switchAccount: jest.fn(),
  loginOut: jest.fn(() => Promise.resolve()),
  getAccountInfo: jest.fn(),
}));

const list = jest.mocked(listSwitchAccounts);
const switchTo = jest.mocked(switchAccount);
const CURRENT = {
  accountId: 21,
  projectId: 7,
  projectName: '山东项目',
  title: '山东职业技能培训平台',
  realName: '张三',
  current: true,
};
const OTHER = {
  accountId: 35,
  projectId: 9,
  projectName: '济南项目',
  title: '济南继续教育平台',
  realName: '张三',
  current: false,
};

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  list.mockReset().mockResolvedValue({ list: [CURRENT, OTHER] });
  switchTo.mockReset().mockResolvedValue({ tokenCode: 'other-token', roleSystem: 3 });
  jest.mocked(loginOut).mockClear();
  setTokenCookie('tok');
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('SwitchLoginPage', () => {
  it('lists the accounts of the same person with the current one marked', async () => {
    renderScreen(<SwitchLoginPage />, '/switch-login');
    expect(await screen.findByText('济南继续教育平台')).toBeTruthy();
    expect(screen.getByText('山东职业技能培训平台')).toBeTruthy();
    expect(screen.getByText('当前账号')).toBeTruthy();
    expect(screen.getByText('张三 · 济南项目')).toBeTruthy();
  });

  it('switches to another account: new token, then /my', async () => {
    const { store } = renderScreen(<SwitchLoginPage />, '/switch-login');
    fireEvent.click(await screen.findByText('济南继续教育平台'));
    expect(await probedLocation()).toBe('/my');
    expect(switchTo).toHaveBeenCalledWith(35);
    expect(store.get(tokenAtom)).toBe('other-token');
    expect(toastSuccess).toHaveBeenCalledWith('已切换到济南继续教育平台');
  });

  it('does nothing for the current account', async () => {
    renderScreen(<SwitchLoginPage />, '/switch-login');
    fireEvent.click(await screen.findByText('山东职业技能培训平台'));
    expect(switchTo).not.toHaveBeenCalled();
  });

  it('says when there is no other account, and signs out to use another one', async () => {
    list.mockResolvedValue({ list: [CURRENT] });
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    const { store } = renderScreen(<SwitchLoginPage />, '/switch-login');
    expect(await screen.findByText('没有其他可切换的账号')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '退出并使用其他账号登录' }));
    expect(await probedLocation()).toBe('/login');
    expect(loginOut).toHaveBeenCalledTimes(1);
    expect(store.get(tokenAtom)).toBeUndefined();
    confirm.mockRestore();
  });

  it('keeps the session when signing out is not confirmed', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockRejectedValue(new Error('cancel'));
    renderScreen(<SwitchLoginPage />, '/switch-login');
    fireEvent.click(await screen.findByRole('button', { name: '退出并使用其他账号登录' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(loginOut).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
    confirm.mockRestore();
  });

  it('offers to load the list again when it fails', async () => {
    list.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderScreen(<SwitchLoginPage />, '/switch-login');
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('济南继续教育平台')).toBeTruthy();
  });
});
