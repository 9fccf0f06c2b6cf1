import { callUrl } from '@px/config';
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
import { listMyClasses } from './my-class';
import {
  cancelOrder,
  checkOrderPaid,
  checkWaitPay,
  findMyOrder,
  getPayQr,
  listMyOrders,
  payOrder,
  submitOrder,
} from './order';
import { doRegister, getRegisterConfigByUnit, sendRegisterMsgCode } from './register';
import { api } from './request';
import { sendSignedInMsgCode } from './sms';
import { checkFollow, getJsSdkConfig, getOauthUrl, oauthLogin } from './wechat';

// switch-login answers the list without an account id, a sign-in with one.
jest.mock('./request', () => ({
  api: {
    call: jest.fn((key: string, input?: { accountId?: number }) =>
      Promise.resolve(key === 'login/switch-login' && !input?.accountId ? { list: [] } : {}),
    ),
    download: jest.fn(() => Promise.resolve(new Blob())),
  },
}));

const callMock = jest.mocked(api.call);
const downloadMock = jest.mocked(api.download);
beforeEach(() => {
  callMock.mockClear();
  downloadMock.mockClear();
});

const ENC = 'x'.repeat(344);
const quiet = { quiet: true };

// Each call: its function, its path (docs/calls.md), its JSON body, options.
it.each<[string, () => Promise<unknown>, string, unknown, unknown]>([
  [
    'check',
    () => checkAccountBeforeLogin({ account: ENC, roleType: 3 }),
    '/login/check-account-before-login.action',
    { account: ENC, roleType: 3 },
    undefined,
  ],
  [
    'check quietly',
    () => checkAccountBeforeLogin({ account: ENC, roleType: 3 }, quiet),
    '/login/check-account-before-login.action',
    { account: ENC, roleType: 3 },
    quiet,
  ],
  [
    'login',
    () => login({ account: ENC, password: ENC, roleType: 3, scene: 's' }),
    '/login/login.action',
    { account: ENC, password: ENC, roleType: 3, scene: 's' },
    undefined,
  ],
  [
    'sms code',
    () => sendMsgCodeByLogin({ mobile: '13800000000' }),
    '/login/send-msg-code-by-login.action',
    { mobile: '13800000000' },
    undefined,
  ],
  [
    'sms login',
    () => loginByMobile({ mobile: '13800000000', msgCode: '123456' }),
    '/login/login-by-mobile.action',
    { mobile: '13800000000', msgCode: '123456' },
    undefined,
  ],
  ['account info', () => getAccountInfo(), '/login/get-account-info.action', undefined, undefined],
  ['logout', () => loginOut(), '/login/login-out.action', {}, quiet],
  [
    'password',
    () => modifyPassword({ oldPassword: ENC, newPassword: ENC }),
    '/login/modify-password.action',
    { oldPassword: ENC, newPassword: ENC },
    undefined,
  ],
  [
    'password by sms',
    () => modifyPasswordByMobile({ msgCode: '123456', password: ENC }),
    '/login/modify-password-by-mobile.action',
    { msgCode: '123456', password: ENC },
    undefined,
  ],
  [
    'mobile',
    () => modifyMobile({ mobile: '13900000000', msgCode: '123456' }),
    '/login/modify-mobile.action',
    { mobile: '13900000000', msgCode: '123456' },
    undefined,
  ],
  ['switch list', () => listSwitchAccounts(), '/login/switch-login.action', {}, undefined],
  ['switch', () => switchAccount(35), '/login/switch-login.action', { accountId: 35 }, undefined],
  ['slider', () => getSliderCaptcha(), '/captcha/get.action', undefined, undefined],
  [
    'slider check',
    () => checkSliderCaptcha('t', 12),
    '/captcha/check.action',
    { token: 't', x: 12 },
    undefined,
  ],
  [
    'register code',
    () => sendRegisterMsgCode({ mobile: '13800000000', unitId: 5 }),
    '/register/send-msg-code.action',
    { mobile: '13800000000', unitId: 5 },
    undefined,
  ],
  [
    'register',
    () => doRegister({ realName: '王五', idCardNo: 'X', mobile: 'm', msgCode: 'c', password: ENC }),
    '/register/do-register.action',
    { realName: '王五', idCardNo: 'X', mobile: 'm', msgCode: 'c', password: ENC },
    undefined,
  ],
  [
    'unit config',
    () => getRegisterConfigByUnit(5),
    '/unit/register-config-by-unit.action',
    { unitId: 5 },
    undefined,
  ],
  [
    'forget code',
    () => sendForgetMsgCode({ mobile: '13800000000' }),
    '/forget/send-msg-code-by-forget.action',
    { mobile: '13800000000' },
    undefined,
  ],
  [
    'forget',
    () => forgetPassword({ mobile: 'm', msgCode: 'c', password: ENC }),
    '/forget/forget-password.action',
    { mobile: 'm', msgCode: 'c', password: ENC },
    undefined,
  ],
  [
    'signed-in code',
    () => sendSignedInMsgCode({ purpose: 'modify-password' }),
    '/sms/send-msg-code.action',
    { purpose: 'modify-password' },
    undefined,
  ],
  [
    'oauth url',
    () => getOauthUrl({ redirect: '/my' }),
    '/wechat/oauth-url.action',
    { redirect: '/my' },
    undefined,
  ],
  [
    'oauth login',
    () => oauthLogin({ code: 'c', state: 's' }),
    '/wechat/oauth-login.action',
    { code: 'c', state: 's' },
    undefined,
  ],
  [
    'js-sdk',
    () => getJsSdkConfig({ url: 'http://localhost/my' }),
    '/wechat/js-sdk-config.action',
    { url: 'http://localhost/my' },
    quiet,
  ],
  ['follow', () => checkFollow(), '/wechat/check-follow.action', {}, quiet],
  ['profile', () => getMyProfile(), '/account/my-profile.action', undefined, undefined],
  ['submit order', () => submitOrder([31, 32]), '/order/submit.action', { cartItemIds: [31, 32] }, undefined],
  ['wait pay', () => checkWaitPay(), '/order/check-wait-pay.action', {}, undefined],
  ['my order', () => findMyOrder(7), '/order/my-order-detail.action', { id: 7 }, undefined],
  ['pay', () => payOrder(7, 'JSAPI'), '/order/pay.action', { id: 7, method: 'JSAPI' }, undefined],
  ['is paid', () => checkOrderPaid(7), '/order/is-paid.action', { id: 7 }, quiet],
  ['cancel order', () => cancelOrder(7), '/order/cancel.action', { id: 7 }, undefined],
  [
    'my orders',
    () => listMyOrders({ pageNum: 2, pageSize: 10, status: 'UNPAID' }),
    '/order/my-order-page.action',
    { pageNum: 2, pageSize: 10, status: 'UNPAID' },
    undefined,
  ],
  [
    'my classes',
    () => listMyClasses({ pageNum: 1, pageSize: 10 }),
    '/my-class/page.action',
    { pageNum: 1, pageSize: 10 },
    undefined,
  ],
])('%s calls %p', async (_name, call, url, data, options) => {
  await call();
  expect(callMock).toHaveBeenCalledTimes(1);
  const [key, body, passedOptions] = callMock.mock.calls[0] ?? [];
  expect(callUrl(String(key))).toBe(url);
  expect(body).toEqual(data);
  expect(passedOptions).toEqual(options);
});

it('downloads the QR code of a Native payment', async () => {
  await getPayQr(7);
  expect(downloadMock).toHaveBeenCalledTimes(1);
  const [key, body] = downloadMock.mock.calls[0] ?? [];
  expect(callUrl(String(key))).toBe('/order/pay-qr.action');
  expect(body).toEqual({ id: 7 });
});
