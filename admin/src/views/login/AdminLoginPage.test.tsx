import { ApiError, encryptLoginField } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { checkAccountBeforeLogin, getLoginVcode, login } from '../../api/login';
import { getSystemInfo } from '../../api/project';
import { tokenAtom } from '../../store/session';
import { LocationProbe, setTokenCookie } from '../../testing/render-app';
import { AdminLoginPage, REMEMBERED_ACCOUNT_KEY } from './AdminLoginPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/login', () => ({
  checkAccountBeforeLogin: jest.fn(),
  login: jest.fn(),
  getLoginVcode: jest.fn(),
  getAccountInfo: jest.fn(),
  loginOut: jest.fn(),
}));
jest.mock('@px/config', () => ({
  ...jest.requireActual('@px/config'),
  encryptLoginField: jest.fn(async (value: string, key: string) => `enc[${key}](${value.trim()})`),
}));

const check = jest.mocked(checkAccountBeforeLogin);
const loginMock = jest.mocked(login);
const vcode = jest.mocked(getLoginVcode);
const encrypt = jest.mocked(encryptLoginField);

const KEY = 'PEM';
const OPEN = { needCaptcha: false, captchaType: 'image' as const, lockedUntil: null };

function renderLogin(path = '/admin-login?redirect=/account-manage/role') {
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin-login" element={<AdminLoginPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

async function fillIn(account: string, password: string) {
  fireEvent.change(await screen.findByLabelText('账号'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

/** A validation message under a field (not an antd message toast with the same text). */
const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };

const submit = () => fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ loginPublicKey: KEY }));
  check.mockReset().mockResolvedValue(OPEN);
  loginMock.mockReset().mockResolvedValue({ tokenCode: 'new-token', roleSystem: 2 });
  vcode
    .mockReset()
    .mockResolvedValue({ codeToken: 'code-1', image: 'data:image/png;base64,AAA=', expiresIn: 300 });
  encrypt.mockClear();
  setTokenCookie(undefined);
  window.localStorage.clear();
});

describe('AdminLoginPage', () => {
  it('shows the project title and sets the document title', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训管理后台' })).toBeTruthy();
    expect(screen.getByText('管理后台登录')).toBeTruthy();
    expect(document.title).toBe('登录 - 山东职业技能培训管理后台');
    expect(screen.queryByLabelText('验证码')).toBeNull();
  });

  it('signs in in two steps with the encrypted, trimmed account and password, keeps the token and goes to redirect', async () => {
    const store = renderLogin();
    await fillIn('  admin ', ' Admin123 ');
    submit();
    expect(await screen.findByTestId('location')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/account-manage/role');

    expect(encrypt).toHaveBeenCalledWith('  admin ', KEY);
    expect(encrypt).toHaveBeenCalledWith(' Admin123 ', KEY);
    expect(check).toHaveBeenCalledWith({ account: 'enc[PEM](admin)', roleType: 1 });
    expect(loginMock).toHaveBeenCalledWith({
      account: 'enc[PEM](admin)',
      password: 'enc[PEM](Admin123)',
      roleType: 1,
    });
    expect(check.mock.invocationCallOrder[0]).toBeLessThan(loginMock.mock.invocationCallOrder[0] as number);
    expect(document.cookie).toContain('token=new-token');
    expect(store.get(tokenAtom)).toBe('new-token');
  });

  it.each([
    ['/admin-login', '/home'],
    ['/admin-login?redirect=https://evil.example.com/', '/home'],
    ['/admin-login?redirect=/project-manage/list?pageNum=2', '/project-manage/list?pageNum=2'],
  ])('from %p goes to %p', async (path, target) => {
    renderLogin(path);
    await fillIn('admin', 'Admin123');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe(target);
  });

  it('asks for the account and password before calling anything', async () => {
    renderLogin();
    await screen.findByLabelText('账号');
    submit();
    expect(await screen.findByText('请输入账号', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请输入密码', FIELD_ERROR)).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('shows the image code when the check asks for it, and sends it with its token', async () => {
    check.mockResolvedValue({ ...OPEN, needCaptcha: true });
    renderLogin();
    await fillIn('admin', 'Admin123');
    submit();
    const image = await screen.findByAltText('验证码，点击刷新');
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAA=');
    expect(loginMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: ' ab12 ' } });
    submit();
    await waitFor(() => expect(loginMock).toHaveBeenCalledTimes(1));
    expect(loginMock).toHaveBeenCalledWith({
      account: 'enc[PEM](admin)',
      password: 'enc[PEM](Admin123)',
      roleType: 1,
      vcode: 'ab12',
      codeToken: 'code-1',
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/account-manage/role');
  });

  it('requires the image code once it is shown', async () => {
    check.mockResolvedValue({ ...OPEN, needCaptcha: true });
    renderLogin();
    await fillIn('admin', 'Admin123');
    submit();
    await screen.findByAltText('验证码，点击刷新');
    submit();
    expect(await screen.findByText('请输入验证码', FIELD_ERROR)).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('loads a new image code on click, and after a failed sign-in', async () => {
    check.mockResolvedValue({ ...OPEN, needCaptcha: true });
    loginMock.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '验证码错误' }));
    renderLogin();
    await fillIn('admin', 'Admin123');
    submit();
    const image = await screen.findByAltText('验证码，点击刷新');
    vcode.mockResolvedValueOnce({
      codeToken: 'code-2',
      image: 'data:image/png;base64,BBB=',
      expiresIn: 300,
    });
    fireEvent.click(image);
    await waitFor(() => expect(image.getAttribute('src')).toBe('data:image/png;base64,BBB='));

    vcode.mockResolvedValueOnce({
      codeToken: 'code-3',
      image: 'data:image/png;base64,CCC=',
      expiresIn: 300,
    });
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'xxxx' } });
    submit();
    await waitFor(() => expect(image.getAttribute('src')).toBe('data:image/png;base64,CCC='));
    expect(loginMock).toHaveBeenCalledWith(expect.objectContaining({ vcode: 'xxxx', codeToken: 'code-2' }));
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('');
    expect(document.cookie).not.toContain('token=');
  });

  it('shows when a locked account may try again, without sending the password', async () => {
    check.mockResolvedValue({ ...OPEN, lockedUntil: '2030-05-06T07:08:09.000Z' });
    renderLogin();
    await fillIn('admin', 'Admin123');
    submit();
    expect(await screen.findByText(/登录失败次数过多，账号已被锁定，请于 \d\d:\d\d:09 后再试/)).toBeTruthy();
    expect(loginMock).not.toHaveBeenCalled();
    expect(encrypt).toHaveBeenCalledTimes(1);
  });

  it('stays on the page when the password is wrong (the request client shows why)', async () => {
    loginMock.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '账号或密码错误' }));
    renderLogin();
    await fillIn('admin', 'wrong1');
    submit();
    await waitFor(() => expect(loginMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('location')).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
  });

  it('shows the image code right after a refused password when the account now needs one', async () => {
    loginMock.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '账号或密码错误' }));
    check.mockResolvedValueOnce(OPEN).mockResolvedValueOnce({ ...OPEN, needCaptcha: true });
    renderLogin();
    await fillIn('admin', 'wrong3');
    submit();
    expect(await screen.findByAltText('验证码，点击刷新')).toBeTruthy();
    expect(check).toHaveBeenLastCalledWith({ account: 'enc[PEM](admin)', roleType: 1 }, { quiet: true });

    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Admin123' } });
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'ab12' } });
    check.mockResolvedValueOnce({ ...OPEN, needCaptcha: true });
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/account-manage/role');
    expect(loginMock).toHaveBeenLastCalledWith(
      expect.objectContaining({ vcode: 'ab12', codeToken: 'code-1' }),
    );
  });

  it('shows the lock right after the refused password that caused it', async () => {
    loginMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '登录失败次数过多，请15分钟后再试' }),
    );
    check
      .mockResolvedValueOnce(OPEN)
      .mockResolvedValueOnce({ ...OPEN, lockedUntil: '2030-05-06T07:08:09.000Z' });
    renderLogin();
    await fillIn('admin', 'wrong10');
    submit();
    expect(await screen.findByText(/账号已被锁定/)).toBeTruthy();
  });

  it('shows why when the browser cannot encrypt', async () => {
    encrypt.mockRejectedValueOnce(
      new Error('当前浏览器环境不支持加密登录，请使用 HTTPS 地址或新版浏览器访问'),
    );
    renderLogin();
    await fillIn('admin', 'Admin123');
    submit();
    expect(await screen.findByText(/当前浏览器环境不支持加密登录/)).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('remembers the account when asked, and fills it in next time', async () => {
    renderLogin();
    await fillIn(' admin ', 'Admin123');
    fireEvent.click(screen.getByLabelText('记住账号'));
    submit();
    await screen.findByTestId('location');
    expect(window.localStorage.getItem(REMEMBERED_ACCOUNT_KEY)).toBe('admin');
  });

  it('starts with the remembered account, and forgets it when unticked', async () => {
    window.localStorage.setItem(REMEMBERED_ACCOUNT_KEY, 'unit');
    renderLogin();
    const account = (await screen.findByLabelText('账号')) as HTMLInputElement;
    expect(account.value).toBe('unit');
    const remember = screen.getByLabelText('记住账号') as HTMLInputElement;
    expect(remember.checked).toBe(true);
    fireEvent.click(remember);
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Unit1234' } });
    submit();
    await screen.findByTestId('location');
    expect(window.localStorage.getItem(REMEMBERED_ACCOUNT_KEY)).toBeNull();
  });

  it('passes the unitId of the address to both steps', async () => {
    window.history.replaceState(null, '', '/?unitId=5');
    try {
      renderLogin();
      await fillIn('admin', 'Admin123');
      submit();
      await screen.findByTestId('location');
      expect(check).toHaveBeenCalledWith(expect.objectContaining({ unitId: 5 }));
      expect(loginMock).toHaveBeenCalledWith(expect.objectContaining({ unitId: 5 }));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('offers to load the settings again when they fail', async () => {
    jest
      .mocked(getSystemInfo)
      .mockReset()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }))
      .mockResolvedValueOnce(buildSystemInfo());
    renderLogin();
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByLabelText('账号')).toBeTruthy();
  });
});
