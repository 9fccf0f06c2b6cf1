import type {
  ClassCenterItem,
  MyClassItem,
  MyPortfolio,
  MyProfile,
  OrderView,
  PageAnswer,
  RefundApplyData,
  RefundApplyView,
} from '@px/api/contract';
import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'react-vant';
import wx from 'weixin-js-sdk';
import { getMyProfile } from '../../api/account';
import { countCart } from '../../api/cart';
import { agreeToFaceAgreement, getFaceAgreement, getFacePhotoStatus, uploadFacePhoto } from '../../api/face';
import { loginOut, modifyMobile, modifyPassword, modifyPasswordByMobile } from '../../api/login';
import { listMyCertificates } from '../../api/my-certificate';
import {
  endMyClass,
  getMyPortfolio,
  listMyClasses,
  listMyPushStates,
  listRecommendedClasses,
} from '../../api/my-class';
import { cancelOrder, listMyOrders } from '../../api/order';
import { getSystemInfo } from '../../api/project';
import {
  cancelRefundApply,
  getRefundData,
  listMyRefundApplies,
  submitRefundApply,
} from '../../api/refund-apply';
import { sendSignedInMsgCode } from '../../api/sms';
import { checkFollow, getJsSdkConfig } from '../../api/wechat';
import { tokenAtom } from '../../store/session';
import type * as FakeEncryption from '../../testing/fake-encryption';
import {
  fakeUserAgent,
  LocationProbe,
  muteToast,
  probedLocation,
  setTokenCookie,
  WECHAT_UA,
} from '../../testing/fixtures';
import { buildFieldsError, FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { FOLLOW_PROMPT_TEXT } from './components/FollowPrompt';
import { MY_JS_API_LIST, MyPage } from './MyPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/account', () => ({ getMyProfile: jest.fn() }));
jest.mock('../../api/login', () => ({
  loginOut: jest.fn(() => Promise.resolve()),
  modifyPassword: jest.fn(),
  modifyPasswordByMobile: jest.fn(),
  modifyMobile: jest.fn(),
  getAccountInfo: jest.fn(),
}));
jest.mock('../../api/sms', () => ({ sendSignedInMsgCode: jest.fn() }));
jest.mock('../../api/cart', () => ({ countCart: jest.fn() }));
jest.mock('../../api/my-class', () => ({
  endMyClass: jest.fn(),
  listMyClasses: jest.fn(),
  getMyPortfolio: jest.fn(),
  listRecommendedClasses: jest.fn(),
  listMyPushStates: jest.fn(),
}));
jest.mock('../../api/face', () => ({
  getFacePhotoStatus: jest.fn(),
  uploadFacePhoto: jest.fn(),
  getFaceAgreement: jest.fn(),
  agreeToFaceAgreement: jest.fn(),
}));
jest.mock('../../api/my-certificate', () => ({
  listMyCertificates: jest.fn(),
  viewMyCertificate: jest.fn(),
  downloadMyCertificate: jest.fn(),
}));
jest.mock('../../api/order', () => ({ listMyOrders: jest.fn(), cancelOrder: jest.fn() }));
jest.mock('../../api/refund-apply', () => ({
  getRefundData: jest.fn(),
  submitRefundApply: jest.fn(),
  cancelRefundApply: jest.fn(),
  listMyRefundApplies: jest.fn(),
}));
jest.mock('../../api/wechat', () => ({ checkFollow: jest.fn(), getJsSdkConfig: jest.fn() }));
jest.mock('@px/config', () =>
  jest.requireActual<typeof FakeEncryption>('../../testing/fake-encryption').configWithFakeEncryption(),
);
jest.mock('weixin-js-sdk', () => ({
  __esModule: true,
  default: { config: jest.fn(), ready: jest.fn(), error: jest.fn() },
}));

const profile = jest.mocked(getMyProfile);
const follow = jest.mocked(checkFollow);
const sendCode = jest.mocked(sendSignedInMsgCode);
const byOldPassword = jest.mocked(modifyPassword);
const bySms = jest.mocked(modifyPasswordByMobile);
const newMobile = jest.mocked(modifyMobile);
const jsSdkConfig = jest.mocked(getJsSdkConfig);
const cartCount = jest.mocked(countCart);
const myClasses = jest.mocked(listMyClasses);
const portfolio = jest.mocked(getMyPortfolio);
const recommended = jest.mocked(listRecommendedClasses);
const myOrders = jest.mocked(listMyOrders);
const cancel = jest.mocked(cancelOrder);
const facePhoto = jest.mocked(getFacePhotoStatus);
const uploadPhoto = jest.mocked(uploadFacePhoto);

const PROFILE: MyProfile = {
  accountId: 21,
  realName: '张三',
  idCardNo: '370102********1238',
  mobile: '13800000000',
  email: null,
  unitName: '演示培训单位',
  wechat: { bound: true, nickname: '小张', avatarUrl: 'https://thirdwx.qlogo.cn/mmopen/avatar/132' },
};
const NOT_FOLLOWING = {
  bound: true,
  followed: false,
  qrCodeUrl: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=T1',
  appName: '演示公众号',
};

/** Renders the hub at `path` (default: the account tab, where the profile and settings are). */
function renderMy(path = '/my?tab=account') {
  return renderScreen(<MyPage />, path);
}

/** One page of `items`, all of them. */
function pageOf<T>(items: T[]): PageAnswer<T> {
  return { list: items, total: items.length, pageNum: 1, pageSize: 10 };
}

function buildMyClass(overrides: Partial<MyClassItem> = {}): MyClassItem {
  return {
    id: 41,
    classId: 5,
    className: '安全生产法专题班',
    year: 2025,
    status: 'STUDYING',
    studyStartDate: '2025-01-01',
    studyEndDate: '2026-12-31',
    requiredHours: 12,
    electiveHours: 4,
    baseType: 'public',
    creditedRequiredHours: 0,
    creditedElectiveHours: 0,
    studyEnded: false,
    endedAt: null,
    enrolledAt: '2025-03-01T08:00:00.000Z',
    corrections: [],
    canEnd: false,
    endRefusal: '班级合格后才能结束',
    canChangeClass: false,
    changeClassRefusal: '本项目未开放转班',
    ...overrides,
  };
}

const PORTFOLIO: MyPortfolio = {
  classCount: 3,
  countsByStatus: { STUDYING: 2, PASSED: 1 },
  hoursByBaseType: { public: 14.5, specialized: 6 },
  electiveHours: 2,
};

const RECOMMENDED: ClassCenterItem = {
  id: 9,
  name: '职业道德提升班',
  year: 2026,
  baseType: 'public',
  categoryPath: '公需科目',
  amount: 0,
  requiredHours: 6,
  electiveHours: 0,
  courseCount: 1,
  teacherName: null,
  enrolEndDate: '2026-12-31',
  studyStartDate: '2026-01-01',
  studyEndDate: '2026-12-31',
  rating: null,
  evaluationCount: 0,
};

/** An order's abilities as the server computes them (paid money: refund and invoice; unpaid: pay and cancel). */
function abilitiesFor(overrides: Partial<OrderView>): OrderView['abilities'] {
  const unpaid = (overrides.status ?? 'UNPAID') === 'UNPAID' && !overrides.byUnit;
  const paid = overrides.status === 'PAID' && !overrides.byUnit && (overrides.paidAmount ?? 0) > 0;
  return {
    canPay: unpaid,
    payRefusal: unpaid ? null : '订单已关闭，请重新下单',
    canCancel: unpaid,
    cancelRefusal: unpaid ? null : '只能取消待支付的订单',
    canRefund: paid,
    refundRefusal: paid ? null : '只能对已支付的订单申请退款',
    canInvoice: paid,
    invoiceRefusal: paid ? null : '仅已支付的订单可以开票',
  };
}

function buildOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    abilities: abilitiesFor(overrides),
    id: 77,
    orderNo: 'PX202503010800001',
    status: 'UNPAID',
    channel: null,
    totalAmount: 9800,
    paidAmount: 0,
    refundedAmount: 0,
    items: [{ id: 15, refunded: false, classId: 5, className: '安全生产法专题班', year: 2025, amount: 9800 }],
    createdAt: '2025-03-01T08:00:00',
    expiresAt: '2025-03-01T08:30:00',
    paidAt: null,
    closedAt: null,
    closeReason: null,
    byUnit: false,
    kind: 'CLASS',
    title: null,
    ...overrides,
  };
}

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM' }));
  profile.mockReset().mockResolvedValue(PROFILE);
  follow.mockReset().mockResolvedValue({ ...NOT_FOLLOWING, followed: true, qrCodeUrl: null });
  sendCode.mockReset().mockResolvedValue({ resendSeconds: 60 });
  byOldPassword.mockReset().mockResolvedValue(undefined);
  bySms.mockReset().mockResolvedValue(undefined);
  newMobile.mockReset().mockResolvedValue(undefined);
  jsSdkConfig
    .mockReset()
    .mockResolvedValue({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's', bridgeScript: null });
  jest.mocked(wx.config).mockClear();
  jest.mocked(loginOut).mockClear();
  cartCount.mockReset().mockResolvedValue({ count: 2 });
  myClasses.mockReset().mockResolvedValue(pageOf([buildMyClass()]));
  portfolio.mockReset().mockResolvedValue(PORTFOLIO);
  recommended.mockReset().mockResolvedValue([]);
  jest.mocked(listMyPushStates).mockReset().mockResolvedValue([]);
  myOrders.mockReset().mockResolvedValue(pageOf([buildOrder()]));
  cancel.mockReset();
  jest.mocked(listMyRefundApplies).mockReset().mockResolvedValue([]);
  jest.mocked(getRefundData).mockReset();
  jest.mocked(submitRefundApply).mockReset();
  jest.mocked(cancelRefundApply).mockReset();
  facePhoto
    .mockReset()
    .mockResolvedValue({ hasPhoto: false, updatedAt: null, agreedAt: '2025-03-01T07:59:00.000Z' });
  jest.mocked(listMyCertificates).mockReset().mockResolvedValue({ list: [], hiddenKinds: [] });
  uploadPhoto.mockReset();
  setTokenCookie('tok');
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('MyPage: the profile', () => {
  it('shows the student, the masked ID number and the WeChat nickname', async () => {
    renderMy();
    expect(await screen.findByRole('heading', { name: '张三' })).toBeTruthy();
    expect(screen.getByText('370102********1238')).toBeTruthy();
    expect(screen.getByText('13800000000')).toBeTruthy();
    expect(screen.getByText('未填写')).toBeTruthy();
    expect(screen.getByText('演示培训单位')).toBeTruthy();
    expect(screen.getByText('小张')).toBeTruthy();
    expect(screen.getByAltText('头像').getAttribute('src')).toBe(PROFILE.wechat.avatarUrl);
    expect(screen.getByText('修改密码')).toBeTruthy();
    expect(screen.getByText('修改手机号')).toBeTruthy();
  });

  it('says when WeChat is not bound and does not ask about following', async () => {
    profile.mockResolvedValue({ ...PROFILE, wechat: { bound: false, nickname: null, avatarUrl: null } });
    renderMy();
    expect(await screen.findByText('未绑定')).toBeTruthy();
    expect(follow).not.toHaveBeenCalled();
    expect(screen.queryByText(FOLLOW_PROMPT_TEXT)).toBeNull();
  });

  it('hides the account settings with hideAccountSettings, keeping account switching', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideAccountSettings: 1 }));
    renderMy();
    await screen.findByRole('heading', { name: '张三' });
    expect(screen.queryByText('修改密码')).toBeNull();
    expect(screen.queryByText('修改手机号')).toBeNull();
    fireEvent.click(screen.getByText('切换账号'));
    expect(await probedLocation()).toBe('/switch-login');
  });

  it('offers to load the profile again when it fails', async () => {
    profile.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    renderMy();
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: '张三' })).toBeTruthy();
  });
});

describe('MyPage: following the official account', () => {
  it('shows the QR code to a bound student who does not follow', async () => {
    follow.mockResolvedValue(NOT_FOLLOWING);
    renderMy();
    expect(await screen.findByText(FOLLOW_PROMPT_TEXT)).toBeTruthy();
    expect(screen.getByAltText('演示公众号二维码').getAttribute('src')).toBe(NOT_FOLLOWING.qrCodeUrl);
  });

  it('shows nothing to a follower', async () => {
    renderMy();
    await waitFor(() => expect(follow).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(FOLLOW_PROMPT_TEXT)).toBeNull();
  });
});

describe('MyPage: changing the password', () => {
  it('with the old password: both encrypted, then a toast and the popup closes', async () => {
    renderMy();
    fireEvent.click(await screen.findByText('修改密码'));
    await fillFields({ 原密码: 'Study123', 新密码: 'Better456', 确认密码: 'Better456' });
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(byOldPassword).toHaveBeenCalledWith({
        oldPassword: 'enc[PEM](Study123)',
        newPassword: 'enc[PEM](Better456)',
      }),
    );
    expect(toastSuccess).toHaveBeenCalledWith('密码已修改');
    await waitFor(() => expect(screen.queryByLabelText('原密码')).toBeNull());
  });

  it('with an SMS code to the own mobile', async () => {
    renderMy();
    fireEvent.click(await screen.findByText('修改密码'));
    fireEvent.click(await screen.findByRole('tab', { name: '短信验证' }));
    expect(screen.getByText('验证码将发送至 13800000000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
    expect(sendCode).toHaveBeenCalledWith({ purpose: 'modify-password' });
    await fillFields({ 验证码: '112233', 新密码: 'Better456', 确认密码: 'Better456' });
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(bySms).toHaveBeenCalledWith({ msgCode: '112233', password: 'enc[PEM](Better456)' }),
    );
    expect(byOldPassword).not.toHaveBeenCalled();
  });

  it('offers only the old password without a mobile', async () => {
    profile.mockResolvedValue({ ...PROFILE, mobile: null });
    renderMy();
    fireEvent.click(await screen.findByText('修改密码'));
    expect(await screen.findByLabelText('原密码')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '短信验证' })).toBeNull();
  });

  it('checks the new password rule, and shows server refusals on the field', async () => {
    bySms.mockRejectedValueOnce(buildFieldsError([{ field: 'password', message: '新密码不能与原密码相同' }]));
    renderMy();
    fireEvent.click(await screen.findByText('修改密码'));
    await fillFields({ 原密码: 'Study123', 新密码: 'abc', 确认密码: 'abc' });
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(
      await screen.findByText('密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字', FIELD_ERROR),
    ).toBeTruthy();
    expect(byOldPassword).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('tab', { name: '短信验证' }));
    await fillFields({ 验证码: '112233', 新密码: 'Study123', 确认密码: 'Study123' });
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('新密码不能与原密码相同', FIELD_ERROR)).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

describe('MyPage: changing the mobile', () => {
  it('sends a code to the new mobile, changes it and shows the new profile', async () => {
    profile.mockResolvedValueOnce(PROFILE).mockResolvedValueOnce({ ...PROFILE, mobile: '13900000009' });
    renderMy();
    fireEvent.click(await screen.findByText('修改手机号'));
    const popup = (await screen.findByLabelText('新手机号')).closest('.rv-popup') as HTMLElement;
    await fillFields({ 新手机号: '13900000009' });
    fireEvent.click(within(popup).getByRole('button', { name: '获取验证码' }));
    await within(popup).findByRole('button', { name: '60秒后重新获取' });
    expect(sendCode).toHaveBeenCalledWith({ purpose: 'modify-mobile', mobile: '13900000009' });
    await fillFields({ 验证码: '445566' });
    fireEvent.click(within(popup).getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(newMobile).toHaveBeenCalledWith({ mobile: '13900000009', msgCode: '445566' }));
    expect(await screen.findByText('13900000009')).toBeTruthy();
    expect(toastSuccess).toHaveBeenCalledWith('手机号已修改');
  });

  it('checks the new mobile before sending a code', async () => {
    renderMy();
    fireEvent.click(await screen.findByText('修改手机号'));
    await fillFields({ 新手机号: '1390000' });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(sendCode).not.toHaveBeenCalled();
  });
});

describe('MyPage: signing out', () => {
  it('asks, tells the server, clears the session and goes to /login', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    const { store } = renderMy();
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    expect(await probedLocation()).toBe('/login');
    expect(loginOut).toHaveBeenCalledTimes(1);
    expect(store.get(tokenAtom)).toBeUndefined();
    expect(document.cookie).not.toContain('token=');
    confirm.mockRestore();
  });
});

describe('MyPage: the WeChat JS-SDK', () => {
  it('is configured silently in the WeChat browser', async () => {
    const restore = fakeUserAgent(WECHAT_UA);
    try {
      renderMy();
      await screen.findByRole('heading', { name: '张三' });
      await waitFor(() => expect(wx.config).toHaveBeenCalledTimes(1));
      expect(jsSdkConfig).toHaveBeenCalledWith({ url: 'http://localhost/' });
      expect(wx.config).toHaveBeenCalledWith(
        expect.objectContaining({ appId: 'wx1', jsApiList: [...MY_JS_API_LIST] }),
      );
    } finally {
      restore();
    }
  });

  it('is left alone elsewhere', async () => {
    renderMy();
    await screen.findByRole('heading', { name: '张三' });
    expect(jsSdkConfig).not.toHaveBeenCalled();
  });
});

/** The hub's tab titled `title` (react-vant's tab titles carry aria-selected). */
const tabTitle = (title: string) => screen.getByText(title).closest('[aria-selected]') as HTMLElement;

describe('MyPage: the hub', () => {
  it('opens 我的班级 by default with the state, year, hours and study window of each class', async () => {
    myClasses.mockResolvedValue(
      pageOf([buildMyClass(), buildMyClass({ id: 42, className: '急救常识班', status: 'PENDING_PAY' })]),
    );
    renderMy('/my');
    expect(await screen.findByText('安全生产法专题班')).toBeTruthy();
    expect(myClasses).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, scope: 'current' });
    expect(tabTitle('我的班级').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('学习中')).toBeTruthy();
    expect(screen.getByText('待支付')).toBeTruthy();
    expect(screen.getAllByText('2025 年度 · 必修 12.0 学时 · 选修 4.0 学时')).toHaveLength(2);
    expect(screen.getAllByText('学习时间 2025-01-01 至 2026-12-31')).toHaveLength(2);
    expect(myOrders).not.toHaveBeenCalled();
    // The profile header stays above the tabs.
    expect(screen.getByRole('heading', { name: '张三' })).toBeTruthy();
  });

  it('leaves the elective hours out with hideElective', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideElective: 1 }));
    renderMy('/my?tab=classes');
    expect(await screen.findByText('2025 年度 · 必修 12.0 学时')).toBeTruthy();
  });

  it('leads each class that may be studied to its study page (去学习), an expired one to its record', async () => {
    myClasses.mockResolvedValue(
      pageOf([
        buildMyClass(),
        buildMyClass({ id: 42, className: '急救常识班', status: 'PENDING_PAY' }),
        buildMyClass({ id: 43, className: '往年公需班', status: 'EXPIRED' }),
      ]),
    );
    renderMy('/my');
    await screen.findByText('安全生产法专题班');
    expect(screen.getAllByRole('button', { name: /^去学习：/ }).map((button) => button.textContent)).toEqual([
      '去学习',
    ]);
    expect(screen.getByRole('button', { name: '学习记录：往年公需班' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /急救常识班/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去学习：安全生产法专题班' }));
    expect(await probedLocation()).toBe('/student/study-page?myClassId=41');
  });

  it('leads a class whose hours are credited to its exam (去考试 on the study page)', async () => {
    myClasses.mockResolvedValue(
      pageOf([buildMyClass({ id: 44, className: '安全生产考试体验班', status: 'FINISHED_STUDY' })]),
    );
    renderMy('/my');
    fireEvent.click(await screen.findByRole('button', { name: '去考试：安全生产考试体验班' }));
    expect(await probedLocation()).toBe('/student/study-page?myClassId=44');
  });

  it('shows the reporting of each class to the regulator: 已上报 with its time, 上报失败 with the reason', async () => {
    myClasses.mockResolvedValue(
      pageOf([
        buildMyClass({ status: 'PASSED' }),
        buildMyClass({ id: 42, className: '急救常识班', status: 'PASSED' }),
        buildMyClass({ id: 43, className: '往年公需班', status: 'STUDYING' }),
        buildMyClass({ id: 44, className: '待付班', status: 'PENDING_PAY' }),
      ]),
    );
    jest.mocked(listMyPushStates).mockResolvedValue([
      {
        myClassId: 41,
        state: 'PUSHED',
        label: '已上报',
        pushedAt: '2025-03-02T02:00:00.000Z',
        reason: null,
        receiptNo: 'R1',
      },
      {
        myClassId: 42,
        state: 'FAILED',
        label: '上报失败',
        pushedAt: null,
        reason: '监管平台退回：身份证号：身份证号与姓名不一致，请联系客服更正',
        receiptNo: null,
      },
      { myClassId: 43, state: 'NOT_PUSHED', label: '未上报', pushedAt: null, reason: null, receiptNo: null },
    ]);
    renderMy('/my');
    expect(await screen.findByText('已上报')).toBeTruthy();
    expect(jest.mocked(listMyPushStates)).toHaveBeenCalledWith([41, 42, 43]);
    const lines = screen.getAllByLabelText('学时上报').map((line) => line.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^学时上报 已上报 2025-03-02 \d\d:00$/),
      '学时上报 上报失败监管平台退回：身份证号：身份证号与姓名不一致，请联系客服更正',
      '学时上报 未上报',
    ]);
  });

  it('offers 去选课 when the student has no class', async () => {
    myClasses.mockResolvedValue(pageOf([]));
    renderMy('/my');
    expect(await screen.findByText('还没有进行中的班级')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去选课' }));
    expect(await probedLocation()).toBe('/classSelectCenter');
  });

  it('shows the 学习档案: hours credited per base type, elective hours and the number of classes', async () => {
    renderMy('/my');
    const strip = await screen.findByRole('region', { name: '学习档案' });
    await waitFor(() => expect(within(strip).getByText('14.5')).toBeTruthy());
    const figures = within(strip)
      .getAllByRole('term')
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual(['公需课学时=14.5', '专业课学时=6.0', '选修学时=2.0', '报名班级=3']);
  });

  it('leaves elective hours out of the 学习档案 with hideElective, and offers a retry when it fails', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ hideElective: 1 }));
    portfolio.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '网络异常，请稍后重试' }));
    renderMy('/my');
    const strip = await screen.findByRole('region', { name: '学习档案' });
    expect(await within(strip).findByText('网络异常，请稍后重试')).toBeTruthy();
    fireEvent.click(within(strip).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(within(strip).getByText('6.0')).toBeTruthy());
    expect(within(strip).queryByText('选修学时')).toBeNull();
    expect(portfolio).toHaveBeenCalledTimes(2);
  });

  it('shows what has been credited on each class, with a progress bar of the required hours', async () => {
    myClasses.mockResolvedValue(
      pageOf([
        buildMyClass({ creditedRequiredHours: 3, creditedElectiveHours: 1.5 }),
        buildMyClass({ id: 42, className: '急救常识班', status: 'PENDING_PAY' }),
      ]),
    );
    renderMy('/my');
    expect(await screen.findByText('已学 必修 3.0 / 12.0 学时 · 选修 1.5 / 4.0 学时')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: '安全生产法专题班 必修学习进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    // An unpaid enrolment has studied nothing.
    expect(screen.queryByRole('progressbar', { name: /急救常识班/ })).toBeNull();
  });

  it('shows a data correction beside what study credited: 原 → 更正后, why and when', async () => {
    myClasses.mockResolvedValue(
      pageOf([
        buildMyClass({
          creditedRequiredHours: 3,
          corrections: [
            {
              id: 5,
              target: 'HOURS',
              lessonName: null,
              before: '必修 3.0 / 选修 0.0',
              after: '必修 4.0 / 选修 0.0',
              reason: '线下集中培训签到表补录',
              createdAt: '2026-11-26T02:00:00.000Z',
            },
            {
              id: 4,
              target: 'LESSON',
              lessonName: '消防演练示范',
              before: '未完成',
              after: '已完成',
              reason: '断网导致最后两秒未计入',
              createdAt: '2026-11-25T02:00:00.000Z',
            },
          ],
        }),
      ]),
    );
    renderMy('/my');
    const list = await screen.findByRole('list', { name: '学习记录更正' });
    expect(screen.getByText(/^已学 必修 3\.0/)).toBeTruthy();
    const [hours, lesson] = within(list).getAllByRole('listitem');
    expect(hours?.textContent).toMatch(
      /^学时更正：必修 3\.0 \/ 选修 0\.0 → 必修 4\.0 \/ 选修 0\.0原因：线下集中培训签到表补录 · 2026-11-26/,
    );
    expect(within(hours as HTMLElement).getByText('必修 3.0 / 选修 0.0').tagName).toBe('DEL');
    expect(lesson?.textContent).toMatch(
      /^课时「消防演练示范」更正：未完成 → 已完成原因：断网导致最后两秒未计入/,
    );
  });

  it('switches between 进行中 and 已结束, kept in ?scope=', async () => {
    renderScreen(
      <>
        <MyPage />
        <LocationProbe />
      </>,
      '/my',
    );
    await screen.findByText('安全生产法专题班');
    myClasses.mockResolvedValue(
      pageOf([buildMyClass({ id: 43, className: '往年公需班', status: 'EXPIRED', studyEnded: true })]),
    );
    fireEvent.click(screen.getByRole('radio', { name: '已结束' }));
    expect(await screen.findByText('往年公需班')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/my?scope=ended');
    expect(myClasses).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, scope: 'ended' });
    expect(screen.queryByText('安全生产法专题班')).toBeNull();
    expect(screen.getByRole('radio', { name: '已结束' }).getAttribute('aria-checked')).toBe('true');

    myClasses.mockResolvedValue(pageOf([]));
    fireEvent.click(screen.getByRole('radio', { name: '进行中' }));
    expect(await screen.findByText('还没有进行中的班级')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/my');
  });

  it('结束班级 closes a passed class after confirmation and loads the list again', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    const ended = jest.mocked(endMyClass);
    const passed = buildMyClass({
      id: 44,
      className: '已合格的班级',
      status: 'PASSED',
      canEnd: true,
      endRefusal: null,
    });
    myClasses.mockResolvedValue(pageOf([passed, buildMyClass()]));
    ended.mockResolvedValue({ ...passed, canEnd: false, endedAt: '2026-12-06T02:00:00.000Z' });
    renderMy('/my');
    await screen.findByText('已合格的班级');
    // Only the passed class offers it.
    expect(screen.getAllByRole('button', { name: /^结束班级/ })).toHaveLength(1);
    myClasses.mockResolvedValue(pageOf([buildMyClass()]));
    fireEvent.click(screen.getByRole('button', { name: '结束班级：已合格的班级' }));
    await waitFor(() => expect(ended).toHaveBeenCalledWith(44));
    await waitFor(() => expect(screen.queryByText('已合格的班级')).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(1);
    confirm.mockRestore();
  });

  it('offers 转班 on the classes the server allows it, whatever the project settings say', async () => {
    // Closed to changes: a class with a pending application keeps 转班 (its page shows the application).
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ openChangeClass: 0 }));
    myClasses.mockResolvedValue(
      pageOf([
        buildMyClass({ canChangeClass: true, changeClassRefusal: null }),
        buildMyClass({
          id: 42,
          className: '急救常识班',
          changeClassRefusal: '已超过支付后 7 天的转班期限',
        }),
      ]),
    );
    renderMy('/my');
    await screen.findByText('急救常识班');
    expect(
      screen.getAllByRole('button', { name: /^转班：/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['转班：安全生产法专题班']);
    fireEvent.click(screen.getByRole('button', { name: '转班：安全生产法专题班' }));
    expect(await probedLocation()).toBe('/change-my-class?myClassId=41');
  });

  it('says so when no class has ended', async () => {
    myClasses.mockResolvedValue(pageOf([]));
    renderMy('/my?scope=ended');
    expect(await screen.findByText('暂无已结束的班级')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去选课' })).toBeNull();
  });

  it('recommends offered classes below the current ones (为你推荐), each leading to its detail', async () => {
    recommended.mockResolvedValue([RECOMMENDED]);
    renderMy('/my');
    const section = await screen.findByRole('region', { name: '为你推荐' });
    fireEvent.click(within(section).getByRole('link', { name: '职业道德提升班' }));
    expect(await probedLocation()).toBe('/detail-public?id=9');
  });

  it('shows no 为你推荐 under 已结束', async () => {
    recommended.mockResolvedValue([RECOMMENDED]);
    renderMy('/my?scope=ended');
    await screen.findByText('安全生产法专题班');
    expect(recommended).not.toHaveBeenCalled();
    expect(screen.queryByText('为你推荐')).toBeNull();
  });

  it('shows no 为你推荐 when there is nothing to recommend', async () => {
    renderMy('/my');
    await screen.findByText('安全生产法专题班');
    await waitFor(() => expect(recommended).toHaveBeenCalled());
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByText('为你推荐')).toBeNull();
  });

  it('keeps the chosen tab in ?tab=', async () => {
    renderScreen(
      <>
        <MyPage />
        <LocationProbe />
      </>,
      '/my',
    );
    await screen.findByText('安全生产法专题班');
    fireEvent.click(screen.getByText('我的订单'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my?tab=orders'));
    expect(await screen.findByText('订单号 PX202503010800001')).toBeTruthy();
    fireEvent.click(screen.getByText('账号设置'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my?tab=account'));
    expect(await screen.findByText('修改密码')).toBeTruthy();
    expect(listMyCertificates).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('我的证书'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my?tab=certificates'));
    expect(await screen.findByText('暂无证书，班级考核合格后将自动发放')).toBeTruthy();
  });

  it('shows the cart with its count and opens it', async () => {
    renderMy('/my');
    await screen.findByRole('heading', { name: '张三' });
    const cart = screen.getByText('购物车').closest('.rv-cell') as HTMLElement;
    expect(await within(cart).findByText('2')).toBeTruthy();
    fireEvent.click(cart);
    expect(await probedLocation()).toBe('/go-pay');
  });
});

describe('MyPage: 人脸照片', () => {
  beforeEach(() => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ needCheckFacePass: 1 }));
  });

  const faceCell = async () => (await screen.findByText('人脸照片')).closest('.rv-cell') as HTMLElement;

  it('shows whether the photo is uploaded and uploads one from the camera or the album', async () => {
    const saved = {
      hasPhoto: true,
      updatedAt: '2025-03-01T08:00:00.000Z',
      agreedAt: '2025-03-01T07:59:00.000Z',
    };
    uploadPhoto.mockResolvedValue(saved);
    renderMy();
    const cell = await faceCell();
    expect(await within(cell).findByText('未上传')).toBeTruthy();
    expect((screen.getByLabelText('拍摄人脸照片') as HTMLInputElement).getAttribute('capture')).toBe('user');
    expect((screen.getByLabelText('选择人脸照片') as HTMLInputElement).hasAttribute('capture')).toBe(false);

    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('选择人脸照片'), { target: { files: [photo] } });
    expect(await within(cell).findByText('已上传')).toBeTruthy();
    expect(uploadPhoto).toHaveBeenCalledWith(photo, 'me.png');
    expect(toastSuccess).toHaveBeenCalledWith('人脸照片已上传');
    expect(within(cell).getByText(/^更新于 2025-03-01/)).toBeTruthy();
  });

  it('before the student agreed to the face agreement: 阅读并同意授权协议 shows it, 同意 records it, then uploads', async () => {
    facePhoto.mockResolvedValue({ hasPhoto: false, updatedAt: null, agreedAt: null });
    jest.mocked(getFaceAgreement).mockResolvedValue({ text: '人脸信息仅用于核验本人学习。', agreedAt: null });
    jest
      .mocked(agreeToFaceAgreement)
      .mockResolvedValue({ text: '人脸信息仅用于核验本人学习。', agreedAt: '2025-03-01T07:59:00.000Z' });
    renderMy();
    const cell = await faceCell();
    await within(cell).findByText('未上传');
    expect(screen.queryByLabelText('选择人脸照片')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '阅读并同意授权协议' }));
    const dialog = (await screen.findByText('人脸信息仅用于核验本人学习。')).closest(
      '.rv-dialog',
    ) as HTMLElement;
    expect(within(dialog).getByText('人脸识别授权协议')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '同意' }));
    await waitFor(() => expect(agreeToFaceAgreement).toHaveBeenCalledTimes(1));
    expect(await screen.findByLabelText('选择人脸照片')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '阅读并同意授权协议' })).toBeNull();
  });

  it('keeps the status when the upload is refused (the request client shows why)', async () => {
    uploadPhoto.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '文件内容不是图片' }));
    renderMy();
    const cell = await faceCell();
    await within(cell).findByText('未上传');
    fireEvent.change(screen.getByLabelText('拍摄人脸照片'), {
      target: { files: [new File(['x'], 'x.jpg', { type: 'image/jpeg' })] },
    });
    await waitFor(() => expect(uploadPhoto).toHaveBeenCalled());
    expect(within(cell).getByText('未上传')).toBeTruthy();
  });

  it('is offered only when the project checks faces', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ needCheckFacePass: 0 }));
    renderMy();
    await screen.findByText('修改密码');
    expect(screen.queryByText('人脸照片')).toBeNull();
    expect(facePhoto).not.toHaveBeenCalled();
  });
});

describe('MyPage: 我的订单', () => {
  it('lists each order with its number, classes, total, state and created time', async () => {
    myOrders.mockResolvedValue(
      pageOf([
        buildOrder(),
        buildOrder({
          id: 76,
          orderNo: 'PX202502280900001',
          status: 'PAID',
          channel: 'WX_NATIVE',
          totalAmount: 12000,
          items: [
            {
              id: 16,
              refunded: false,
              classId: 6,
              className: '职业道德与安全素养提升班',
              year: 2025,
              amount: 12000,
            },
          ],
          createdAt: '2025-02-28T09:00:00',
        }),
      ]),
    );
    renderMy('/my?tab=orders');
    const unpaid = await screen.findByRole('listitem', { name: '订单 PX202503010800001' });
    expect(myOrders).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, status: '' });
    expect(within(unpaid).getByText('待支付')).toBeTruthy();
    expect(within(unpaid).getByText('安全生产法专题班')).toBeTruthy();
    expect(within(unpaid).getByText('2025-03-01 08:00')).toBeTruthy();
    expect(within(unpaid).getAllByText('¥98.00')).toHaveLength(2);
    expect(within(unpaid).getByRole('button', { name: '去支付' })).toBeTruthy();
    const paid = screen.getByRole('listitem', { name: '订单 PX202502280900001' });
    expect(within(paid).getByText('已支付')).toBeTruthy();
    expect(within(paid).queryByRole('button')).toBeNull();
  });

  it('filters by state', async () => {
    renderMy('/my?tab=orders');
    await screen.findByText('订单号 PX202503010800001');
    myOrders.mockResolvedValue(pageOf([]));
    fireEvent.click(screen.getByRole('radio', { name: '已关闭' }));
    expect(await screen.findByText('暂无已关闭的订单')).toBeTruthy();
    expect(myOrders).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, status: 'CLOSED' });
    expect(screen.getByRole('radio', { name: '已关闭' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '待支付' }));
    await waitFor(() =>
      expect(myOrders).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, status: 'UNPAID' }),
    );
  });

  it('opens the pay page of an unpaid order', async () => {
    renderMy('/my?tab=orders');
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    expect(await probedLocation()).toBe('/student/order-pay?id=77');
  });

  it('cancels an unpaid order after a confirmation and reads the list again', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    cancel.mockResolvedValue(buildOrder({ status: 'CLOSED', closeReason: 'CANCELLED' }));
    myOrders
      .mockResolvedValueOnce(pageOf([buildOrder()]))
      .mockResolvedValueOnce(
        pageOf([buildOrder({ status: 'CLOSED', closeReason: 'CANCELLED', expiresAt: null })]),
      );
    try {
      renderMy('/my?tab=orders');
      fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: '去支付' })).toBeNull());
      const order = screen.getByRole('listitem', { name: '订单 PX202503010800001' });
      expect(within(order).getByText('已关闭')).toBeTruthy();
      expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '取消订单' }));
      expect(cancel).toHaveBeenCalledWith(77);
      expect(toastSuccess).toHaveBeenCalledWith('订单已取消');
      expect(myOrders).toHaveBeenCalledTimes(2);
    } finally {
      confirm.mockRestore();
    }
  });
});

describe('MyPage: 申请退款 in 我的订单', () => {
  const PAID = buildOrder({
    id: 76,
    orderNo: 'PX202502280900001',
    status: 'PAID',
    channel: 'WX_NATIVE',
    paidAmount: 9800,
    expiresAt: null,
    paidAt: '2025-02-28T09:01:00',
  });
  const DATA: RefundApplyData = {
    orderId: 76,
    orderNo: 'PX202502280900001',
    allowed: true,
    refusal: null,
    refundable: 9800,
    items: [{ orderItemId: 5, className: '安全生产法专题班', amount: 9800, progress: 0, refunded: false }],
    open: null,
    usedTimes: 0,
    refundText: '退款将原路退回，1-3 个工作日到账。',
  };
  const APPLY: RefundApplyView = {
    id: 3,
    orderId: 76,
    orderNo: 'PX202502280900001',
    orderItemId: null,
    className: '安全生产法专题班',
    amount: 9800,
    status: 'PENDING',
    reason: '工作调动',
    rejectReason: null,
    failure: null,
    createdAt: '2025-03-01T08:00:00.000Z',
    auditedAt: null,
    finishedAt: null,
    abilities: { canWithdraw: true, withdrawRefusal: null },
  };
  /** An application no longer pending, with the abilities the server gives it (no 撤销申请). */
  const settled = (
    overrides: Partial<RefundApplyView> & Pick<RefundApplyView, 'status'>,
  ): RefundApplyView => ({
    ...APPLY,
    abilities: { canWithdraw: false, withdrawRefusal: '只能撤销待审核的申请' },
    ...overrides,
  });

  it('shows the refund text, asks for the reason and applies; the card then shows the pending application', async () => {
    myOrders.mockResolvedValue(pageOf([PAID]));
    jest.mocked(getRefundData).mockResolvedValue(DATA);
    jest.mocked(submitRefundApply).mockResolvedValue(APPLY);
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    fireEvent.click(within(order).getByRole('button', { name: '申请退款' }));
    expect(await screen.findByText('退款将原路退回，1-3 个工作日到账。')).toBeTruthy();
    expect(getRefundData).toHaveBeenCalledWith(76);
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请填写退款原因')).toBeTruthy();
    expect(submitRefundApply).not.toHaveBeenCalled();
    // Read again after applying: the server refuses a second application (and offers none).
    jest.mocked(listMyRefundApplies).mockResolvedValue([APPLY]);
    myOrders.mockResolvedValue(
      pageOf([
        {
          ...PAID,
          abilities: { ...PAID.abilities, canRefund: false, refundRefusal: '该订单已有处理中的退款申请' },
        },
      ]),
    );
    fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: ' 工作调动 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(submitRefundApply).toHaveBeenCalledWith({ orderId: 76, reason: '工作调动' }));
    expect(toastSuccess).toHaveBeenCalledWith('退款申请已提交，请等待审核');
    const updated = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(await within(updated).findByText('退款申请待审核 ¥98.00')).toBeTruthy();
    expect(within(updated).queryByRole('button', { name: '申请退款' })).toBeNull();
  });

  it('says why an order cannot be refunded', async () => {
    const fail = muteToast('fail');
    try {
      myOrders.mockResolvedValue(pageOf([PAID]));
      jest
        .mocked(getRefundData)
        .mockResolvedValue({ ...DATA, allowed: false, refusal: '已超过退款期限（支付后 7 天内可申请）' });
      renderMy('/my?tab=orders');
      fireEvent.click(await screen.findByRole('button', { name: '申请退款' }));
      await waitFor(() => expect(fail).toHaveBeenCalledWith('已超过退款期限（支付后 7 天内可申请）'));
      expect(screen.queryByRole('button', { name: '提交申请' })).toBeNull();
    } finally {
      fail.mockRestore();
    }
  });

  it('withdraws a pending application after a confirmation', async () => {
    const confirm = jest.spyOn(Dialog, 'confirm').mockResolvedValue(true);
    try {
      myOrders.mockResolvedValue(pageOf([PAID]));
      jest.mocked(listMyRefundApplies).mockResolvedValue([APPLY]);
      jest.mocked(cancelRefundApply).mockResolvedValue(settled({ status: 'CANCELLED' }));
      renderMy('/my?tab=orders');
      fireEvent.click(await screen.findByRole('button', { name: '撤销申请' }));
      await waitFor(() => expect(cancelRefundApply).toHaveBeenCalledWith(3));
      expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '撤销退款申请' }));
      expect(toastSuccess).toHaveBeenCalledWith('退款申请已撤销');
    } finally {
      confirm.mockRestore();
    }
  });

  it('offers 撤销申请 only when the server says the application may be withdrawn, whatever its status', async () => {
    myOrders.mockResolvedValue(pageOf([PAID]));
    jest.mocked(listMyRefundApplies).mockResolvedValue([
      {
        ...APPLY,
        abilities: { canWithdraw: false, withdrawRefusal: '只能撤销待审核的申请（该申请已通过）' },
      },
    ]);
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(await within(order).findByText('退款申请待审核 ¥98.00')).toBeTruthy();
    expect(within(order).queryByRole('button', { name: '撤销申请' })).toBeNull();
  });

  it('offers no 申请退款 on a class with its certificate, and says why', async () => {
    const certified = {
      ...PAID,
      abilities: { ...PAID.abilities, canRefund: false, refundRefusal: '已发放证书的班级不能申请退款' },
    };
    myOrders.mockResolvedValue(pageOf([certified]));
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(within(order).getByText('不能申请退款：已发放证书的班级不能申请退款')).toBeTruthy();
    expect(within(order).queryByRole('button', { name: '申请退款' })).toBeNull();
    expect(within(order).getByRole('button', { name: '申请发票' })).toBeTruthy();
  });

  it('offers no 申请发票 while a refund application is pending, and says why', async () => {
    const pending = {
      ...PAID,
      abilities: {
        ...PAID.abilities,
        canRefund: false,
        refundRefusal: '该订单已有处理中的退款申请',
        canInvoice: false,
        invoiceRefusal: '该订单有处理中的退款申请，退款处理完成后才能申请发票',
      },
    };
    myOrders.mockResolvedValue(pageOf([pending]));
    jest.mocked(listMyRefundApplies).mockResolvedValue([APPLY]);
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(
      await within(order).findByText('不能申请发票：该订单有处理中的退款申请，退款处理完成后才能申请发票'),
    ).toBeTruthy();
    expect(within(order).queryByRole('button', { name: '申请发票' })).toBeNull();
    expect(within(order).queryByRole('button', { name: '申请退款' })).toBeNull();
    // The pending application speaks for itself: no second refusal line about refunding.
    expect(within(order).queryByText(/不能申请退款/)).toBeNull();
  });

  it('offers 申请退款 by the server alone: none, and no reason, where the project does not allow it', async () => {
    jest
      .mocked(getSystemInfo)
      .mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM', studentRefund: 0 }));
    myOrders.mockResolvedValue(
      pageOf([
        {
          ...PAID,
          abilities: { ...PAID.abilities, canRefund: false, refundRefusal: '本项目未开放学员申请退款' },
        },
      ]),
    );
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(within(order).queryByRole('button', { name: '申请退款' })).toBeNull();
    expect(within(order).queryByText(/不能申请退款/)).toBeNull();
  });

  it('says a refund done as 已退款 with its amount', async () => {
    myOrders.mockResolvedValue(pageOf([{ ...PAID, status: 'REFUNDED', refundedAmount: 9800 }]));
    jest.mocked(listMyRefundApplies).mockResolvedValue([settled({ status: 'SUCCESS' })]);
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(await within(order).findByText('已退款 ¥98.00')).toBeTruthy();
    expect(within(order).queryByText(/退款申请已退款/)).toBeNull();
  });

  it('names the class of a rejected one-class application with the reason', async () => {
    myOrders.mockResolvedValue(pageOf([PAID]));
    jest
      .mocked(listMyRefundApplies)
      .mockResolvedValue([settled({ orderItemId: 5, status: 'REJECTED', rejectReason: '已开始学习' })]);
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(
      await within(order).findByText('退款申请已驳回 ¥98.00（安全生产法专题班）：已开始学习'),
    ).toBeTruthy();
    expect(within(order).queryByRole('button', { name: '撤销申请' })).toBeNull();
  });

  it('shows a partly refunded order as 已支付（部分退款）', async () => {
    myOrders.mockResolvedValue(pageOf([{ ...PAID, refundedAmount: 3000 }]));
    renderMy('/my?tab=orders');
    const order = await screen.findByRole('listitem', { name: '订单 PX202502280900001' });
    expect(within(order).getByText('已支付（部分退款）')).toBeTruthy();
  });
});
