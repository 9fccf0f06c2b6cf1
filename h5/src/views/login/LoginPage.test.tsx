import type { SliderCaptcha } from '@px/api/contract';
import { ApiError, encryptLoginField } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { checkSliderCaptcha, getSliderCaptcha } from '../../api/captcha';
import { checkAccountBeforeLogin, login, loginByMobile, sendMsgCodeByLogin } from '../../api/login';
import { getSystemInfo } from '../../api/project';
import { getOauthUrl } from '../../api/wechat';
import { unitIdAtom } from '../../store/project';
import { tokenAtom } from '../../store/session';
import type * as FakeEncryption from '../../testing/fake-encryption';
import { fakeUserAgent, muteToast, probedLocation, setTokenCookie, WECHAT_UA } from '../../testing/fixtures';
import { buildFieldsError, FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { browserLocation } from '../../wechat/oauth';
import { LoginPage } from './LoginPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/login', () => ({
  checkAccountBeforeLogin: jest.fn(),
  login: jest.fn(),
  sendMsgCodeByLogin: jest.fn(),
  loginByMobile: jest.fn(),
}));
jest.mock('../../api/captcha', () => ({ getSliderCaptcha: jest.fn(), checkSliderCaptcha: jest.fn() }));
jest.mock('../../api/wechat', () => ({ getOauthUrl: jest.fn() }));
jest.mock('@px/config', () =>
  jest.requireActual<typeof FakeEncryption>('../../testing/fake-encryption').configWithFakeEncryption(),
);

const check = jest.mocked(checkAccountBeforeLogin);
const loginMock = jest.mocked(login);
const sendCode = jest.mocked(sendMsgCodeByLogin);
const byMobile = jest.mocked(loginByMobile);
const puzzle = jest.mocked(getSliderCaptcha);
const checkPuzzle = jest.mocked(checkSliderCaptcha);
const oauthUrl = jest.mocked(getOauthUrl);
const encrypt = jest.mocked(encryptLoginField);

const KEY = 'PEM';
const OPEN = { needCaptcha: false, captchaType: 'slider' as const, lockedUntil: null };
const PUZZLE: SliderCaptcha = {
  token: '0b0f3c2e-8d4a-4c1b-9f3e-2a1d5c6b7e80',
  backgroundImage: 'data:image/jpeg;base64,QkE=',
  pieceImage: 'data:image/png;base64,UEk=',
  width: 310,
  height: 155,
  pieceWidth: 47,
  pieceHeight: 47,
  y: 40,
  expiresIn: 300,
};

function renderLogin(path = '/login?redirect=/switch-login', store = createStore()) {
  return renderScreen(<LoginPage />, path, store);
}

async function fillPassword(account: string, password: string) {
  await fillFields({ 账号: account, 密码: password });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));

beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ loginPublicKey: KEY }));
  check.mockReset().mockResolvedValue(OPEN);
  loginMock.mockReset().mockResolvedValue({ tokenCode: 'student-token', roleSystem: 3 });
  sendCode.mockReset().mockResolvedValue({ resendSeconds: 60 });
  byMobile.mockReset().mockResolvedValue({ tokenCode: 'sms-token', roleSystem: 3 });
  puzzle.mockReset().mockResolvedValue(PUZZLE);
  checkPuzzle.mockReset().mockResolvedValue({ verified: true });
  oauthUrl.mockReset();
  encrypt.mockClear();
  setTokenCookie(undefined);
});

describe('LoginPage: the page', () => {
  it('shows the project title, a tab per form sign-in method and the account links', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: '山东职业技能培训平台' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '密码登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByLabelText('账号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '微信一键登录' })).toBeNull();
    expect(screen.getByRole('link', { name: '注册账号' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe('/reset-pwd');
  });

  it('lets a visitor browse the classes without signing in (先看看课程), also when the form is closed', async () => {
    renderLogin();
    expect((await screen.findByRole('link', { name: '先看看课程' })).getAttribute('href')).toBe(
      '/classSelectCenter',
    );
    cleanup();
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideStudentLoginPage: 1 }));
    const store = createStore();
    store.set(unitIdAtom, 5);
    renderLogin('/login', store);
    expect((await screen.findByRole('link', { name: '先看看课程' })).getAttribute('href')).toBe(
      '/classSelectCenter?unitId=5',
    );
  });

  it('switches to the SMS form', async () => {
    renderLogin();
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));
    expect(screen.getByLabelText('手机号')).toBeTruthy();
    expect(screen.queryByLabelText('账号')).toBeNull();
  });

  it('follows the project order and shows no tabs for a single method', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ loginType: ['sms', 'wechat'] }));
    renderLogin();
    expect(await screen.findByLabelText('手机号')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByLabelText('账号')).toBeNull();
  });

  it('keeps the unit in the account links', async () => {
    const store = createStore();
    store.set(unitIdAtom, 5);
    renderLogin('/login', store);
    expect((await screen.findByRole('link', { name: '注册账号' })).getAttribute('href')).toBe(
      '/register?unitId=5',
    );
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

describe('LoginPage: password sign-in in two steps', () => {
  it('checks the encrypted account, then signs in, keeps the token and goes to redirect', async () => {
    const { store } = renderLogin();
    await fillPassword(' 370102199003071238 ', 'Study123');
    submit();
    expect(await probedLocation()).toBe('/switch-login');
    expect(check).toHaveBeenCalledWith({ account: 'enc[PEM](370102199003071238)', roleType: 3 });
    expect(loginMock).toHaveBeenCalledWith({
      account: 'enc[PEM](370102199003071238)',
      password: 'enc[PEM](Study123)',
      roleType: 3,
    });
    expect(check.mock.invocationCallOrder[0]).toBeLessThan(loginMock.mock.invocationCallOrder[0] as number);
    expect(store.get(tokenAtom)).toBe('student-token');
    expect(document.cookie).toContain('token=student-token');
  });

  it.each([
    ['/login', '/my'],
    ['/login?redirect=https://evil.example.com/', '/my'],
    ['/login?redirect=//evil.example.com/', '/my'],
    ['/login?redirect=%2Fmy%3Ftab%3D1', '/my?tab=1'],
  ])('from %p goes to %p', async (path, target) => {
    renderLogin(path);
    await fillPassword('13800000000', 'Study123');
    submit();
    expect(await probedLocation()).toBe(target);
  });

  it('passes the unit of the site to both steps', async () => {
    const store = createStore();
    store.set(unitIdAtom, 9);
    renderLogin('/login', store);
    await fillPassword('13800000000', 'Study123');
    submit();
    await probedLocation();
    expect(check).toHaveBeenCalledWith(expect.objectContaining({ unitId: 9 }));
    expect(loginMock).toHaveBeenCalledWith(expect.objectContaining({ unitId: 9 }));
  });

  it('asks for the account and password before calling anything', async () => {
    renderLogin();
    await screen.findByLabelText('账号');
    submit();
    expect(await screen.findByText('请输入身份证号或手机号', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请输入密码', FIELD_ERROR)).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('shows when a locked account may try again, without sending the password', async () => {
    check.mockResolvedValue({ ...OPEN, lockedUntil: '2030-05-06T07:08:09.000Z' });
    renderLogin();
    await fillPassword('13800000000', 'Study123');
    submit();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^登录失败次数过多，账号已被锁定，请于 \d\d:08 后再试$/,
    );
    expect(loginMock).not.toHaveBeenCalled();
    expect(encrypt).toHaveBeenCalledTimes(1);
  });

  it('stays on the page after a refused password and shows a lock it caused', async () => {
    loginMock.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '账号或密码错误' }));
    check
      .mockResolvedValueOnce(OPEN)
      .mockResolvedValueOnce({ ...OPEN, lockedUntil: '2030-05-06T07:08:09.000Z' });
    renderLogin();
    await fillPassword('13800000000', 'wrong1');
    submit();
    expect(await screen.findByText(/账号已被锁定/)).toBeTruthy();
    expect(check).toHaveBeenLastCalledWith(
      { account: 'enc[PEM](13800000000)', roleType: 3 },
      { quiet: true },
    );
    expect(screen.queryByTestId('location')).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it('shows why when the browser cannot encrypt', async () => {
    const toast = muteToast('info');
    encrypt.mockRejectedValueOnce(
      new Error('当前浏览器环境不支持加密登录，请使用 HTTPS 地址或新版浏览器访问'),
    );
    renderLogin();
    await fillPassword('13800000000', 'Study123');
    submit();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        message: '当前浏览器环境不支持加密登录，请使用 HTTPS 地址或新版浏览器访问',
        duration: 5000,
      }),
    );
    expect(check).not.toHaveBeenCalled();
    toast.mockRestore();
  });
});

describe('LoginPage: the slider captcha', () => {
  async function openCaptcha() {
    check.mockResolvedValue({ ...OPEN, needCaptcha: true });
    renderLogin();
    await fillPassword('13800000000', 'Study123');
    submit();
    return screen.findByRole('slider', { name: '拖动滑块完成拼图' });
  }

  /** Drags the handle by `dx` pixels with the mouse (jsdom lays nothing out: scale 1). */
  function drag(handle: HTMLElement, dx: number) {
    fireEvent.mouseDown(handle, { clientX: 10 });
    fireEvent.mouseMove(document, { clientX: 10 + dx / 2 });
    fireEvent.mouseMove(document, { clientX: 10 + dx });
    fireEvent.mouseUp(document, { clientX: 10 + dx });
  }

  it('asks for the slider when the check says so, and signs in with its token', async () => {
    const handle = await openCaptcha();
    expect(loginMock).not.toHaveBeenCalled();
    expect(screen.getByAltText('拼图背景').getAttribute('src')).toBe(PUZZLE.backgroundImage);
    drag(handle, 123);
    await waitFor(() => expect(checkPuzzle).toHaveBeenCalledWith(PUZZLE.token, 123));
    expect(await probedLocation()).toBe('/switch-login');
    expect(loginMock).toHaveBeenCalledWith({
      account: 'enc[PEM](13800000000)',
      password: 'enc[PEM](Study123)',
      roleType: 3,
      captchaVO: { token: PUZZLE.token },
    });
  });

  it('keeps the piece inside the picture', async () => {
    const handle = await openCaptcha();
    fireEvent.mouseDown(handle, { clientX: 0 });
    fireEvent.mouseMove(document, { clientX: 1000 });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(PUZZLE.width - PUZZLE.pieceWidth));
    fireEvent.mouseMove(document, { clientX: -50 });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
  });

  it('can be solved with the keyboard', async () => {
    const handle = await openCaptcha();
    for (let i = 0; i < 5; i += 1) fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(checkPuzzle).toHaveBeenCalledWith(PUZZLE.token, 8));
    await probedLocation();
  });

  it('loads a new puzzle after a miss and does not sign in', async () => {
    checkPuzzle.mockResolvedValueOnce({ verified: false });
    const second = { ...PUZZLE, token: '1c1f3c2e-8d4a-4c1b-9f3e-2a1d5c6b7e81' };
    puzzle.mockResolvedValueOnce(PUZZLE).mockResolvedValueOnce(second);
    const handle = await openCaptcha();
    drag(handle, 40);
    expect(await screen.findByText('验证未通过，请重新拖动滑块')).toBeTruthy();
    await waitFor(() => expect(puzzle).toHaveBeenCalledTimes(2));
    expect(loginMock).not.toHaveBeenCalled();
    const next = await screen.findByRole('slider', { name: '拖动滑块完成拼图' });
    await waitFor(() => expect(next.getAttribute('aria-valuenow')).toBe('0'));
    drag(next, 200);
    await waitFor(() => expect(checkPuzzle).toHaveBeenLastCalledWith(second.token, 200));
    await waitFor(() =>
      expect(loginMock).toHaveBeenCalledWith(expect.objectContaining({ captchaVO: { token: second.token } })),
    );
  });

  it('offers to load the puzzle again when it fails', async () => {
    puzzle.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    check.mockResolvedValue({ ...OPEN, needCaptcha: true });
    renderLogin();
    await fillPassword('13800000000', 'Study123');
    submit();
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('slider', { name: '拖动滑块完成拼图' })).toBeTruthy();
  });
});

describe('LoginPage: SMS sign-in', () => {
  async function openSms(store = createStore()) {
    renderLogin('/login?redirect=/switch-login', store);
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));
  }

  it('sends a code to a valid mobile and counts 60 s down before another', async () => {
    jest.useFakeTimers({ now: new Date('2030-01-01T08:00:00Z') });
    try {
      await openSms();
      fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000000' } });
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      const waiting = await screen.findByRole('button', { name: '60秒后重新获取' });
      expect(sendCode).toHaveBeenCalledWith({ mobile: '13800000000' });
      expect(waiting.hasAttribute('disabled')).toBe(true);
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('button', { name: '59秒后重新获取' })).toBeTruthy();
      act(() => jest.advanceTimersByTime(59_000));
      const again = screen.getByRole('button', { name: '获取验证码' });
      expect(again.hasAttribute('disabled')).toBe(false);
      fireEvent.click(again);
      await screen.findByRole('button', { name: '60秒后重新获取' });
      expect(sendCode).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits as long as the server says', async () => {
    sendCode.mockResolvedValue({ resendSeconds: 42 });
    await openSms();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '42秒后重新获取' })).toBeTruthy();
  });

  it('sends no code to an invalid mobile, and allows a retry after a failed send', async () => {
    await openSms();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(sendCode).not.toHaveBeenCalled();

    sendCode.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '发送过于频繁' }));
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('signs in with mobile and code', async () => {
    const { store } = { store: createStore() };
    await openSms(store);
    await fillFields({ 手机号: ' 13800000000 ', 验证码: '123456' });
    submit();
    expect(await probedLocation()).toBe('/switch-login');
    expect(byMobile).toHaveBeenCalledWith({ mobile: '13800000000', msgCode: '123456' });
    expect(store.get(tokenAtom)).toBe('sms-token');
  });

  it('checks the code format first', async () => {
    await openSms();
    await fillFields({ 手机号: '13800000000', 验证码: '12a' });
    submit();
    expect(await screen.findByText('短信验证码为6位数字', FIELD_ERROR)).toBeTruthy();
    expect(byMobile).not.toHaveBeenCalled();
  });

  it('asks an unknown mobile for name and ID number when the project signs it up', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ loginAsRegister: 1 }));
    byMobile.mockRejectedValueOnce(
      buildFieldsError([
        { field: 'idCardNo', message: '首次登录请填写身份证号' },
        { field: 'realName', message: '首次登录请填写姓名' },
      ]),
    );
    await openSms();
    await fillFields({ 手机号: '13900000001', 验证码: '654321' });
    submit();
    expect(await screen.findByText('首次登录请填写身份证号', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('首次登录请填写姓名', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText(/该手机号尚未注册/)).toBeTruthy();

    await fillFields({ 姓名: '李四', 身份证号: '11010519491231002x' });
    submit();
    expect(await probedLocation()).toBe('/switch-login');
    expect(byMobile).toHaveBeenLastCalledWith({
      mobile: '13900000001',
      msgCode: '654321',
      realName: '李四',
      idCardNo: '11010519491231002X',
    });
  });

  it('checks the ID number of a first sign-in on the client', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ loginAsRegister: 1 }));
    byMobile.mockRejectedValueOnce(
      buildFieldsError([{ field: 'idCardNo', message: '首次登录请填写身份证号' }]),
    );
    await openSms();
    await fillFields({ 手机号: '13900000001', 验证码: '654321' });
    submit();
    await screen.findByLabelText('身份证号');
    await fillFields({ 姓名: '李四', 身份证号: '110105194912310021' });
    submit();
    expect(await screen.findByText('身份证号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(byMobile).toHaveBeenCalledTimes(1);
  });

  it('does not ask for identity when the project does not sign unknown mobiles up', async () => {
    byMobile.mockRejectedValueOnce(
      buildFieldsError([{ field: 'idCardNo', message: '首次登录请填写身份证号' }]),
    );
    await openSms();
    await fillFields({ 手机号: '13900000001', 验证码: '654321' });
    submit();
    await waitFor(() => expect(byMobile).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText('身份证号')).toBeNull();
  });
});

describe('LoginPage: WeChat', () => {
  let restoreUserAgent: () => void = () => undefined;
  let replace: jest.SpyInstance;
  beforeEach(() => {
    replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  });
  afterEach(() => {
    restoreUserAgent();
    restoreUserAgent = () => undefined;
    replace.mockRestore();
  });

  it('offers WeChat inside the WeChat browser and starts OAuth back to the redirect target', async () => {
    restoreUserAgent = fakeUserAgent(WECHAT_UA);
    oauthUrl.mockResolvedValue({
      url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect',
    });
    renderLogin('/login?redirect=%2Fmy%3Ftab%3D1');
    fireEvent.click(await screen.findByRole('button', { name: '微信一键登录' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(expect.stringContaining('open.weixin.qq.com')));
    expect(oauthUrl).toHaveBeenCalledWith({ redirect: '/my?tab=1' });
    expect(screen.getByLabelText('账号')).toBeTruthy();
  });

  it('does not offer WeChat when the project does not sign in by WeChat', async () => {
    restoreUserAgent = fakeUserAgent(WECHAT_UA);
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ loginType: ['password'] }));
    renderLogin();
    await screen.findByLabelText('账号');
    expect(screen.queryByRole('button', { name: '微信一键登录' })).toBeNull();
  });

  it('hides the forms with hideStudentLoginPage: the WeChat button inside WeChat', async () => {
    restoreUserAgent = fakeUserAgent(WECHAT_UA);
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideStudentLoginPage: 1 }));
    renderLogin();
    expect(await screen.findByRole('button', { name: '微信一键登录' })).toBeTruthy();
    expect(screen.getByText('请使用微信授权登录')).toBeTruthy();
    expect(screen.queryByLabelText('账号')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('link', { name: '注册账号' })).toBeNull();
  });

  it('hides the forms with hideStudentLoginPage: a message elsewhere', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideStudentLoginPage: 1 }));
    renderLogin();
    expect(await screen.findByText('本平台请通过微信公众号进入学习，请在微信中打开本页面')).toBeTruthy();
    expect(screen.queryByLabelText('账号')).toBeNull();
    expect(screen.queryByRole('button', { name: '微信一键登录' })).toBeNull();
  });
});
