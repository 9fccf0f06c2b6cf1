import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getSystemInfo } from '../../api/project';
import { doRegister, getRegisterConfigByUnit, sendRegisterMsgCode } from '../../api/register';
import { getOauthUrl } from '../../api/wechat';
import { tokenAtom } from '../../store/session';
import type * as FakeEncryption from '../../testing/fake-encryption';
import { fakeUserAgent, muteToast, probedLocation, setTokenCookie, WECHAT_UA } from '../../testing/fixtures';
import { buildFieldsError, FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { browserLocation } from '../../wechat/oauth';
import { RegisterPage, rulesFor } from './RegisterPage';
import { REGISTER_VARIANTS, type RegisterVariantName } from './register-variants';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/wechat', () => ({ getOauthUrl: jest.fn() }));
jest.mock('../../api/register', () => ({
  doRegister: jest.fn(),
  getRegisterConfigByUnit: jest.fn(),
  sendRegisterMsgCode: jest.fn(),
}));
jest.mock('@px/config', () =>
  jest.requireActual<typeof FakeEncryption>('../../testing/fake-encryption').configWithFakeEncryption(),
);

const register = jest.mocked(doRegister);
const unitConfig = jest.mocked(getRegisterConfigByUnit);
const sendCode = jest.mocked(sendRegisterMsgCode);

const VALID = {
  姓名: '王五',
  身份证号: '370102199003071238',
  手机号: '13900000002',
  验证码: '246810',
  密码: 'Study123',
  确认密码: 'Study123',
};

function renderRegister(name: RegisterVariantName, search = '') {
  const variant = REGISTER_VARIANTS[name];
  return renderScreen(<RegisterPage variant={variant} />, `${variant.path}${search}`);
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '注册' }));

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM' }));
  register.mockReset().mockResolvedValue({ tokenCode: 'new-student', roleSystem: 3 });
  unitConfig.mockReset().mockResolvedValue({ unitId: 5, unitName: '演示培训单位', projectName: '演示项目' });
  sendCode.mockReset().mockResolvedValue({ resendSeconds: 60 });
  toastSuccess = muteToast('success');
  setTokenCookie(undefined);
});
afterEach(() => toastSuccess.mockRestore());

describe('the register variants', () => {
  it('are the four registration routes, each with its own title', () => {
    expect(Object.values(REGISTER_VARIANTS).map((variant) => [variant.path, variant.title])).toEqual([
      ['/register', '学员注册'],
      ['/industryRegister', '企业职工注册'],
      ['/vocRegister', '职业院校学生注册'],
      ['/registerNew', '快速注册'],
    ]);
  });

  it('decide the e-mail and unit per variant', () => {
    expect(
      Object.fromEntries(Object.entries(REGISTER_VARIANTS).map(([name, v]) => [name, [v.email, v.unit]])),
    ).toEqual({
      register: ['optional', 'optional'],
      industryRegister: ['optional', 'required'],
      vocRegister: ['required', 'optional'],
      registerNew: ['hidden', 'optional'],
    });
  });

  it('turn a mode into rules', () => {
    const rule = { pattern: /x/ };
    expect(rulesFor('hidden', '请输入邮箱', rule)).toEqual([]);
    expect(rulesFor('optional', '请输入邮箱', rule)).toEqual([rule]);
    expect(rulesFor('required', '请输入邮箱', rule)).toEqual([
      { required: true, whitespace: true, message: '请输入邮箱' },
      rule,
    ]);
  });
});

describe('RegisterPage', () => {
  it('registers with the encrypted password, signs in and goes to /my', async () => {
    const { store } = renderRegister('register');
    expect(await screen.findByRole('heading', { name: '学员注册' })).toBeTruthy();
    await fillFields({ ...VALID, 身份证号: '11010519491231002x', 邮箱: ' wang@example.com ' });
    submit();
    expect(await probedLocation()).toBe('/my');
    expect(register).toHaveBeenCalledWith({
      realName: '王五',
      idCardNo: '11010519491231002X',
      mobile: '13900000002',
      msgCode: '246810',
      password: 'enc[PEM](Study123)',
      email: 'wang@example.com',
    });
    expect(store.get(tokenAtom)).toBe('new-student');
    expect(toastSuccess).toHaveBeenCalledWith('注册成功');
  });

  it('leaves the optional e-mail out when empty', async () => {
    renderRegister('register');
    await fillFields(VALID);
    submit();
    await probedLocation();
    expect(register.mock.calls[0]?.[0]).not.toHaveProperty('email');
  });

  it('checks every field with the spec validators before calling the server', async () => {
    renderRegister('register');
    await fillFields({
      ...VALID,
      身份证号: '370102199003071239',
      手机号: '12800000000',
      验证码: '12345',
      密码: '1abcdef',
      确认密码: 'other1',
      邮箱: 'a@b',
    });
    submit();
    expect(await screen.findByText('身份证号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('短信验证码为6位数字', FIELD_ERROR)).toBeTruthy();
    expect(
      screen.getByText('密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字', FIELD_ERROR),
    ).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('邮箱格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('refuses a password with surrounding spaces with its own message', async () => {
    renderRegister('register');
    await fillFields({ ...VALID, 密码: ' Study123', 确认密码: ' Study123' });
    submit();
    expect(await screen.findByText('密码首尾不能包含空格', FIELD_ERROR)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('asks for every required field', async () => {
    renderRegister('register');
    await screen.findByLabelText('姓名');
    submit();
    for (const message of [
      '请输入姓名',
      '请输入身份证号',
      '请输入手机号',
      '请输入短信验证码',
      '请设置密码',
      '请再次输入密码',
    ]) {
      expect(await screen.findByText(message, FIELD_ERROR)).toBeTruthy();
    }
    expect(screen.queryByText('请输入邮箱', FIELD_ERROR)).toBeNull();
  });

  it('shows the fields the server refused on those fields', async () => {
    register.mockRejectedValueOnce(
      buildFieldsError([
        { field: 'mobile', message: '该手机号已注册' },
        { field: 'idCardNo', message: '该身份证号已注册' },
      ]),
    );
    renderRegister('register');
    await fillFields(VALID);
    submit();
    expect(await screen.findByText('该手机号已注册', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('该身份证号已注册', FIELD_ERROR)).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it('with 实名核验 says so, and shows the identity refusal on both fields', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM', idCardVerify: 1 }));
    register.mockRejectedValueOnce(
      buildFieldsError([
        { field: 'realName', message: '姓名与身份证号不一致，请核对' },
        { field: 'idCardNo', message: '姓名与身份证号不一致，请核对' },
      ]),
    );
    renderRegister('register');
    expect(await screen.findByText(/注册时将进行实名核验/)).toBeTruthy();
    await fillFields(VALID);
    submit();
    expect(await screen.findAllByText('姓名与身份证号不一致，请核对', FIELD_ERROR)).toHaveLength(2);
  });

  it('without 实名核验 says nothing of it', async () => {
    renderRegister('register');
    expect(await screen.findByRole('heading', { name: '学员注册' })).toBeTruthy();
    expect(screen.queryByText(/实名核验/)).toBeNull();
  });

  it('stays on the page after a business refusal (the request client said why)', async () => {
    register.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '验证码错误' }));
    renderRegister('register');
    await fillFields(VALID);
    submit();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: '注册' })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('sends the registration code for the unit, after checking the mobile', async () => {
    renderRegister('register', '?unitId=5');
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '139' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(sendCode).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900000002' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
    expect(sendCode).toHaveBeenCalledWith({ mobile: '13900000002', unitId: 5 });
  });

  it('names the unit of the link and records it with the registration', async () => {
    renderRegister('register', '?unitId=5');
    expect(await screen.findByText('报名单位：演示培训单位')).toBeTruthy();
    expect(unitConfig).toHaveBeenCalledWith(5);
    await fillFields(VALID);
    submit();
    await probedLocation();
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ unitId: 5 }));
  });

  it('offers to load the unit again when it fails', async () => {
    unitConfig.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '单位不存在' }));
    renderRegister('register', '?unitId=5');
    expect(await screen.findByText('单位不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('报名单位：演示培训单位')).toBeTruthy();
  });

  it('passes the WeChat scene through and links to binding an existing account', async () => {
    renderRegister('register', '?scene=abcdefghijklmnop1234');
    expect((await screen.findByRole('link', { name: '绑定已有账号' })).getAttribute('href')).toBe(
      '/login-wx-binding?scene=abcdefghijklmnop1234',
    );
    await fillFields(VALID);
    submit();
    await probedLocation();
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ scene: 'abcdefghijklmnop1234' }));
  });

  it('links to the sign-in page without a scene', async () => {
    renderRegister('register');
    expect((await screen.findByRole('link', { name: '去登录' })).getAttribute('href')).toBe('/login');
  });
});

describe('RegisterPage variants', () => {
  it('industryRegister needs a unit link: without one it says so and shows no form', async () => {
    renderRegister('industryRegister');
    expect(await screen.findByText('请使用单位提供的报名链接或二维码进行注册')).toBeTruthy();
    expect(screen.queryByLabelText('姓名')).toBeNull();
    expect(screen.getByRole('link', { name: '个人注册' }).getAttribute('href')).toBe('/register');
    expect(unitConfig).not.toHaveBeenCalled();
  });

  it('industryRegister with a unit registers for it', async () => {
    renderRegister('industryRegister', '?unitId=5');
    expect(await screen.findByRole('heading', { name: '企业职工注册' })).toBeTruthy();
    expect(await screen.findByText('报名单位：演示培训单位')).toBeTruthy();
    await fillFields(VALID);
    submit();
    await probedLocation();
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ unitId: 5 }));
  });

  it('vocRegister requires the e-mail', async () => {
    renderRegister('vocRegister');
    expect(await screen.findByRole('heading', { name: '职业院校学生注册' })).toBeTruthy();
    await fillFields(VALID);
    submit();
    expect(await screen.findByText('请输入邮箱', FIELD_ERROR)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'stu@school.edu.cn' } });
    submit();
    await probedLocation();
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ email: 'stu@school.edu.cn' }));
  });

  it('registerNew asks no e-mail at all', async () => {
    renderRegister('registerNew');
    expect(await screen.findByRole('heading', { name: '快速注册' })).toBeTruthy();
    expect(screen.queryByLabelText('邮箱')).toBeNull();
    await fillFields(VALID);
    submit();
    await probedLocation();
    expect(register.mock.calls[0]?.[0]).not.toHaveProperty('email');
  });
});

describe('inside WeChat', () => {
  let restoreUa: () => void;
  let replace: jest.SpyInstance;
  beforeEach(() => {
    restoreUa = fakeUserAgent(WECHAT_UA);
    replace = jest.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    jest
      .mocked(getOauthUrl)
      .mockReset()
      .mockResolvedValue({ url: 'https://open.weixin.qq.com/connect/oauth2/authorize?x#wechat_redirect' });
  });
  afterEach(() => {
    restoreUa();
    replace.mockRestore();
  });

  it('recognises the visitor through WeChat OAuth first, coming back to this page (with the unit)', async () => {
    renderRegister('register', '?unitId=5');
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(
        'https://open.weixin.qq.com/connect/oauth2/authorize?x#wechat_redirect',
      ),
    );
    expect(getOauthUrl).toHaveBeenCalledWith({ redirect: '/register?unitId=5', unitId: 5 });
    expect(screen.queryByLabelText('姓名')).toBeNull();
  });

  it('shows the form when it came back with a scene, and binds it on registering', async () => {
    renderRegister('register', '?unitId=5&scene=scene0123456789abcdef');
    await fillFields(VALID);
    submit();
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith(
        expect.objectContaining({ scene: 'scene0123456789abcdef', unitId: 5 }),
      ),
    );
    expect(getOauthUrl).not.toHaveBeenCalled();
  });

  it('shows the form when the project does not sign in with WeChat', async () => {
    jest
      .mocked(getSystemInfo)
      .mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM', loginType: ['password', 'sms'] }));
    renderRegister('register');
    expect(await screen.findByLabelText('姓名')).toBeTruthy();
    expect(getOauthUrl).not.toHaveBeenCalled();
  });

  it('shows the form to a signed-in visitor without going through OAuth again', async () => {
    setTokenCookie('student-token');
    renderRegister('register');
    expect(await screen.findByLabelText('姓名')).toBeTruthy();
    expect(getOauthUrl).not.toHaveBeenCalled();
  });

  it('shows the form when the authorize URL cannot be had', async () => {
    jest
      .mocked(getOauthUrl)
      .mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '当前项目未配置微信公众号' }));
    renderRegister('register');
    expect(await screen.findByLabelText('姓名')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });
});
