import { getMyProfile } from './account';
import { checkSliderCaptcha, getSliderCaptcha } from './captcha';
import { forgetPassword, sendForgetMsgCode } from './forget';
import {
  checkAccountBeforeLogin,
  getAccountInfo,
  listSwitchAccounts,
  login,
  loginByMobile,
  loginOut,
  modifyMobile,
  modifyPassword,
  modifyPasswordByMobile,
  sendMsgCodeByLogin,
  switchAccount,
} from './login';
import { doRegister, getRegisterConfigByUnit, sendRegisterMsgCode } from './register';
import { request } from './request';
import { sendSignedInMsgCode } from './sms';
import { checkFollow, getJsSdkConfig, getOauthUrl, oauthLogin } from './wechat';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve({})) }));

const requestMock = jest.mocked(request);
beforeEach(() => requestMock.mockClear());

const ENC = 'x'.repeat(344);
const quiet = { quiet: true };

// Each call: its function, the path of the API (api/src/modules/*/*.actions.ts), method, body, options.
it.each<[string, () => Promise<unknown>, string, string, unknown, unknown]>([
  [
    'check',
    () => checkAccountBeforeLogin({ account: ENC, roleType: 3 }),
    '/login/check-account-before-login.action',
    'post',
    { account: ENC, roleType: 3 },
    undefined,
  ],
  [
    'check quietly',
    () => checkAccountBeforeLogin({ account: ENC, roleType: 3 }, quiet),
    '/login/check-account-before-login.action',
    'post',
    { account: ENC, roleType: 3 },
    quiet,
  ],
  [
    'login',
    () => login({ account: ENC, password: ENC, roleType: 3, scene: 's' }),
    '/login/login.action',
    'post',
    { account: ENC, password: ENC, roleType: 3, scene: 's' },
    undefined,
  ],
  [
    'sms code',
    () => sendMsgCodeByLogin({ mobile: '13800000000' }),
    '/login/send-msg-code-by-login.action',
    'post',
    { mobile: '13800000000' },
    undefined,
  ],
  [
    'sms login',
    () => loginByMobile({ mobile: '13800000000', msgCode: '123456' }),
    '/login/login-by-mobile.action',
    'post',
    { mobile: '13800000000', msgCode: '123456' },
    undefined,
  ],
  ['account info', () => getAccountInfo(), '/login/get-account-info.action', 'get', undefined, undefined],
  ['logout', () => loginOut(), '/login/login-out.action', 'post', undefined, quiet],
  [
    'password',
    () => modifyPassword({ oldPassword: ENC, newPassword: ENC }),
    '/login/modify-password.action',
    'post',
    { oldPassword: ENC, newPassword: ENC },
    undefined,
  ],
  [
    'password by sms',
    () => modifyPasswordByMobile({ msgCode: '123456', password: ENC }),
    '/login/modify-password-by-mobile.action',
    'post',
    { msgCode: '123456', password: ENC },
    undefined,
  ],
  [
    'mobile',
    () => modifyMobile({ mobile: '13900000000', msgCode: '123456' }),
    '/login/modify-mobile.action',
    'post',
    { mobile: '13900000000', msgCode: '123456' },
    undefined,
  ],
  ['switch list', () => listSwitchAccounts(), '/login/switch-login.action', 'post', {}, undefined],
  ['switch', () => switchAccount(35), '/login/switch-login.action', 'post', { accountId: 35 }, undefined],
  ['slider', () => getSliderCaptcha(), '/captcha/get.action', 'post', undefined, undefined],
  [
    'slider check',
    () => checkSliderCaptcha('t', 12),
    '/captcha/check.action',
    'post',
    { token: 't', x: 12 },
    undefined,
  ],
  [
    'register code',
    () => sendRegisterMsgCode({ mobile: '13800000000', unitId: 5 }),
    '/register/send-msg-code.action',
    'post',
    { mobile: '13800000000', unitId: 5 },
    undefined,
  ],
  [
    'register',
    () => doRegister({ realName: '王五', idCardNo: 'X', mobile: 'm', msgCode: 'c', password: ENC }),
    '/register/do-register.action',
    'post',
    { realName: '王五', idCardNo: 'X', mobile: 'm', msgCode: 'c', password: ENC },
    undefined,
  ],
  [
    'unit config',
    () => getRegisterConfigByUnit(5),
    '/unit/register-config-by-unit.action',
    'post',
    { unitId: 5 },
    undefined,
  ],
  [
    'forget code',
    () => sendForgetMsgCode({ mobile: '13800000000' }),
    '/forget/send-msg-code-by-forget.action',
    'post',
    { mobile: '13800000000' },
    undefined,
  ],
  [
    'forget',
    () => forgetPassword({ mobile: 'm', msgCode: 'c', password: ENC }),
    '/forget/forget-password.action',
    'post',
    { mobile: 'm', msgCode: 'c', password: ENC },
    undefined,
  ],
  [
    'signed-in code',
    () => sendSignedInMsgCode({ purpose: 'modify-password' }),
    '/sms/send-msg-code.action',
    'post',
    { purpose: 'modify-password' },
    undefined,
  ],
  [
    'oauth url',
    () => getOauthUrl({ redirect: '/my' }),
    '/wechat/oauth-url.action',
    'post',
    { redirect: '/my' },
    undefined,
  ],
  [
    'oauth login',
    () => oauthLogin({ code: 'c', state: 's' }),
    '/wechat/oauth-login.action',
    'post',
    { code: 'c', state: 's' },
    undefined,
  ],
  [
    'js-sdk',
    () => getJsSdkConfig({ url: 'http://localhost/my' }),
    '/wechat/js-sdk-config.action',
    'post',
    { url: 'http://localhost/my' },
    quiet,
  ],
  ['follow', () => checkFollow(), '/wechat/check-follow.action', 'post', undefined, quiet],
  ['profile', () => getMyProfile(), '/account/my-profile.action', 'post', undefined, undefined],
])('%s calls %p', async (_name, call, url, method, data, options) => {
  await call();
  expect(requestMock).toHaveBeenCalledTimes(1);
  const [config, passedOptions] = requestMock.mock.calls[0] ?? [];
  expect(config).toEqual(data === undefined ? { url, method } : { url, method, data });
  expect(passedOptions).toEqual(options);
});
