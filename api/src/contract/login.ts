import { type MenuRP, ROLE_SYSTEM, type RoleSystem, zEmail, zIdCardNumber, zMobile } from '@px/config';
import { z } from 'zod';
import { accountHolder, anyCaller, anyone, member, visitor } from './access';
import { answer, defineCalls } from './call';
import { getLoginVcodeInput, type ImageCaptcha } from './captcha';
import { zInput, zOptional, zRequiredText } from './common';
import { type SendMsgCodeAnswer, zMsgCode } from './sms';
import { zScene } from './wechat';

/**
 * Which door a person signs in at: `1` the back office (/admin-login: role systems 1, 2 and 4),
 * `3` the student H5 (/login: role system 3). An account of another role system is refused there.
 */
export const LOGIN_ROLE_TYPE = { BACK_OFFICE: 1, STUDENT: 3 } as const;
export const zRoleType = z.number().pipe(z.union([z.literal(1), z.literal(3)]));

const ENCRYPTED = '须加密后提交，请刷新页面后重试';
/**
 * RSA-OAEP (SHA-256) cipher text, base64, of a trimmed value; see `loginPublicKey` in system-info.
 * Plain text is refused here (too short) or when it does not decrypt (`decryptLoginField`).
 */
const zEncrypted = z
  .string({ error: ENCRYPTED })
  .min(16, { error: ENCRYPTED })
  .max(1024, { error: ENCRYPTED });

/** Empty text and null count as absent (forms send empty optional fields). */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
/** A JSON object may arrive as text (query string or form body). */
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return blankAsAbsent(value);
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** Slider captcha solved through `captcha/check`: its token, single use. */
export const captchaVOSchema = z.object({ token: z.string().uuid() });

/** `login/check-account-before-login`: step one of the two-step login. */
export const checkAccountInput = z.object({
  account: zEncrypted,
  roleType: zRoleType,
  unitId: zInput.optionalId(),
});
export interface CheckAccountAnswer {
  /** A captcha must accompany the password (after 3 failed passwords). */
  needCaptcha: boolean;
  /** Which captcha: the image code on the back office, the slider on the H5. */
  captchaType: 'image' | 'slider';
  /** Sign-in is locked for this account from this address until then (ISO time), else null. */
  lockedUntil: string | null;
}

/** `login/login`: step two. */
export const loginInput = z.object({
  account: zEncrypted,
  password: zEncrypted,
  roleType: zRoleType,
  /** The image code as typed (case-insensitive), with the `codeToken` of `get-login-vcode`. */
  vcode: z.preprocess(blankAsAbsent, z.string().trim().max(10).optional()),
  codeToken: z.preprocess(blankAsAbsent, z.string().uuid().optional()),
  unitId: zInput.optionalId(),
  /** A slider captcha verified through `captcha/check`. */
  captchaVO: z.preprocess(jsonText, captchaVOSchema.optional()),
  /** `/login-wx-binding`: the binding scene of `wechat/oauth-login`; its openid is bound on success. */
  scene: zOptional(zScene),
});
export interface LoginAnswer {
  tokenCode: string;
  roleSystem: RoleSystem;
}

/** `login/get-account-info` (spec section 3, account info). */
export interface AccountInfo {
  accountId: number;
  userName: string;
  imagePath: string | null;
  projectId: number | null;
  unitId: number | null;
  roleRP: { roleName: string; roleSystem: RoleSystem; menu: MenuRP[] };
  /** Set while platform staff are signed in as this account (super account). */
  impersonatedBy: string | null;
}

/** Texts of the login family's refusals, shared with the apps and the tests. */
export const LOGIN_MESSAGES = {
  BAD_CREDENTIALS: '账号或密码错误',
  DISABLED: '账号已停用，请联系管理员',
  UNIT_DISABLED: '所属单位已停用，请联系管理员',
  LOCKED: '登录失败次数过多，请15分钟后再试',
  IP_LOCKED: '当前网络登录失败次数过多，请稍后再试',
  CAPTCHA_REQUIRED: '请先完成验证码',
  CAPTCHA_WRONG: '验证码错误或已失效，请重新获取',
  PASSWORD_LOGIN_CLOSED: '当前项目未开放密码登录',
  INDEX2_CLOSED: '该登录入口未开放',
  OLD_PASSWORD_WRONG: '原密码错误',
  MODIFY_PASSWORD_LOCKED: '原密码错误次数过多，请15分钟后再试',
  SAME_PASSWORD: '新密码不能与原密码相同',
  NOT_WHILE_IMPERSONATING: '超级账号登录期间不能进行此操作',
} as const;

/**
 * The `attribute` of a refused `login` / `index2Login` (-1): what the next attempt needs, so the
 * client can show the captcha or the lock without another `check-account-before-login`.
 */
export type LoginRefusal = CheckAccountAnswer;

/** `login/check-login`: whether the token sent (header or cookie) is a live session. */
export interface CheckLoginAnswer {
  valid: boolean;
}

/**
 * `login/modify-password`: both passwords encrypted like the login payload. The new one must pass
 * the password rule (`zPassword`); every other session of the account ends.
 */
export const modifyPasswordInput = z.object({
  oldPassword: zEncrypted,
  newPassword: zEncrypted,
});

/**
 * `login/switch-login`: without `accountId`, the student accounts of the same person (same ID
 * number, enabled, in enabled projects), the current one included and flagged; with `accountId`,
 * signs in as that account (answers `LoginAnswer`) and ends the current session.
 */
export const switchLoginInput = z.object({ accountId: zInput.optionalId() });
export interface SwitchLoginOption {
  accountId: number;
  projectId: number;
  projectName: string;
  /** The project's H5 title. */
  title: string;
  realName: string;
  current: boolean;
}
export interface SwitchLoginList {
  list: SwitchLoginOption[];
}

/** `login/index2`, `login/get-agreement`, `login/about-us`: the project of the unit or the host. */
export const projectPageInput = z.object({ unitId: zInput.optionalId() });
export interface Index2Info {
  /** The project's `index2Open`: while false, /index2 redirects to /login. */
  open: boolean;
  title: string;
}

/** `login/index2Login`: students sign in on /index2 with their ID number and password (encrypted). */
export const index2LoginInput = loginInput.omit({ roleType: true });
/** Exactly as the spec says: `attribute.data.tokenCode`. */
export interface Index2LoginAnswer {
  data: { tokenCode: string };
}

/** `login/get-agreement`: the user agreement and the privacy policy, the project's title filled in. */
export interface Agreement {
  title: string;
  userAgreement: string;
  privacyPolicy: string;
}

/** `login/about-us`. */
export interface AboutUs {
  title: string;
  shortTitle: string;
  customerPhone: string;
  versionCode: string;
}

/** A new password, RSA-OAEP (SHA-256) encrypted with `loginPublicKey`, base64 (SMS flows). */
const zEncryptedPassword = z
  .string({ error: '请输入密码' })
  .min(16, { error: '须加密后提交，请刷新页面后重试' })
  .max(1024);

const zRealName = zRequiredText('姓名', 50);

/** `register/send-msg-code`: a code to a mobile not yet registered in the project. */
export const registerSendMsgCodeInput = z.object({ mobile: zMobile, unitId: zInput.optionalId() });

/** `register/do-register`: a student account, signed in at once (answers LoginAnswer). */
export const doRegisterInput = z.object({
  realName: zRealName,
  idCardNo: zIdCardNumber,
  mobile: zMobile,
  msgCode: zMsgCode,
  password: zEncryptedPassword,
  unitId: zInput.optionalId(),
  email: zOptional(zEmail),
  /** Registering after WeChat OAuth: the binding scene; its openid is bound to the new account. */
  scene: zOptional(zScene),
});
export type DoRegisterInput = z.input<typeof doRegisterInput>;

/** `login/send-msg-code-by-login`: a sign-in code to a student's mobile. */
export const loginSendMsgCodeInput = z.object({ mobile: zMobile, unitId: zInput.optionalId() });

/**
 * `login/login-by-mobile`: mobile + code. With the project's `loginAsRegister` an unknown mobile
 * creates the student, which then needs `idCardNo` and `realName` as well.
 */
export const loginByMobileInput = z.object({
  mobile: zMobile,
  msgCode: zMsgCode,
  idCardNo: zOptional(zIdCardNumber),
  realName: zOptional(zRealName),
  unitId: zInput.optionalId(),
  /** `/login-wx-binding`: the binding scene; its openid is bound on success. */
  scene: zOptional(zScene),
});

/** `forget/send-msg-code-by-forget`: answers alike whether or not the mobile is registered. */
export const forgetSendMsgCodeInput = z.object({ mobile: zMobile, unitId: zInput.optionalId() });

/** `forget/forget-password`: a new password for the student of that mobile. */
export const forgetPasswordInput = z.object({
  mobile: zMobile,
  msgCode: zMsgCode,
  password: zEncryptedPassword,
  unitId: zInput.optionalId(),
});

/** `login/modify-mobile`: the new mobile and the code sent to it (`sms/send-msg-code`). */
export const modifyMobileInput = z.object({ mobile: zMobile, msgCode: zMsgCode });

/** `login/modify-password-by-mobile`: the code sent to the account's own mobile and the new password. */
export const modifyPasswordByMobileInput = z.object({ msgCode: zMsgCode, password: zEncryptedPassword });

const noInput = z.object({});

/**
 * The sign-in calls (`login/...`): the two-step password sign-in (back office and H5), SMS sign-in,
 * /index2, the session (account info, logout, check), password and mobile changes, switching to
 * another account of the same person, and the project's public pages (agreement, about us).
 * Public calls work in the project of the request (`unitId`, else the host, else the default).
 */
export const loginCalls = defineCalls('login', {
  /** Step one: whether the password needs a captcha, whether sign-in is locked (never whether the account exists). */
  'check-account-before-login': {
    input: checkAccountInput,
    answer: answer<CheckAccountAnswer>(),
    access: visitor,
  },
  /** Step two: account and password (encrypted), a captcha when needed; answers the session token. */
  login: { input: loginInput, answer: answer<LoginAnswer>(), access: visitor },
  /** The back office's image code; the login sends it back as `vcode` + `codeToken`. */
  'get-login-vcode': {
    input: getLoginVcodeInput,
    answer: answer<ImageCaptcha>(),
    access: anyone,
    methods: ['GET', 'POST'],
  },
  /** The caller's name, avatar, role and menu tree (spec section 3). */
  'get-account-info': {
    input: noInput,
    answer: answer<AccountInfo>(),
    access: member,
    methods: ['GET', 'POST'],
  },
  /** Logout: ends the session of the token sent; succeeds also when it has ended already. */
  'login-out': { input: noInput, answer: answer<null>(), access: anyCaller, methods: ['GET', 'POST'] },
  /** Whether the token sent is a live session. */
  'check-login': {
    input: noInput,
    answer: answer<CheckLoginAnswer>(),
    access: anyCaller,
    methods: ['GET', 'POST'],
  },
  /** The caller changes their password (old and new encrypted); their other sessions end. */
  'modify-password': { input: modifyPasswordInput, answer: answer<null>(), access: member },
  /**
   * A student lists the accounts of the same person in other projects (no `accountId`), or switches
   * to one (answers `LoginAnswer`). Works from a disabled project too (to leave it): no tenant.
   */
  'switch-login': {
    input: switchLoginInput,
    answer: answer<SwitchLoginList | LoginAnswer>(),
    access: { ...member, roles: [ROLE_SYSTEM.STUDENT] },
  },
  /** Whether the project's alternative entry page /index2 is open, and its title. */
  index2: {
    input: projectPageInput,
    answer: answer<Index2Info>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** Student sign-in on /index2 (ID number + password, encrypted); answers `{ data: { tokenCode } }`. */
  index2Login: { input: index2LoginInput, answer: answer<Index2LoginAnswer>(), access: visitor },
  /** The user agreement and privacy policy, the project's title filled in. */
  'get-agreement': {
    input: projectPageInput,
    answer: answer<Agreement>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** About us: the project's titles, customer phone and version. */
  'about-us': {
    input: projectPageInput,
    answer: answer<AboutUs>(),
    access: visitor,
    methods: ['GET', 'POST'],
  },
  /** A sign-in code to a student's mobile (the project must offer SMS sign-in). */
  'send-msg-code-by-login': {
    input: loginSendMsgCodeInput,
    answer: answer<SendMsgCodeAnswer>(),
    access: visitor,
  },
  /** Mobile + code; with `loginAsRegister` an unknown mobile becomes a student. Answers the session token. */
  'login-by-mobile': { input: loginByMobileInput, answer: answer<LoginAnswer>(), access: visitor },
  /** Binds a new mobile to the caller's account with the code sent to it. */
  'modify-mobile': { input: modifyMobileInput, answer: answer<null>(), access: accountHolder },
  /** A new password with the code sent to the account's own mobile; the other sessions end. */
  'modify-password-by-mobile': {
    input: modifyPasswordByMobileInput,
    answer: answer<null>(),
    access: accountHolder,
  },
});

/** Student sign-up (`register/...`) in the project of the request. */
export const registerCalls = defineCalls('register', {
  /** A registration code to a mobile not registered in the project. */
  'send-msg-code': { input: registerSendMsgCodeInput, answer: answer<SendMsgCodeAnswer>(), access: visitor },
  /** Creates a student account and signs it in (`{ tokenCode, roleSystem: 3 }`). */
  'do-register': { input: doRegisterInput, answer: answer<LoginAnswer>(), access: visitor },
});

/** A forgotten password (`forget/...`), in the project of the request. */
export const forgetCalls = defineCalls('forget', {
  /** A reset code; the same answer whether or not the mobile is registered. */
  'send-msg-code-by-forget': {
    input: forgetSendMsgCodeInput,
    answer: answer<SendMsgCodeAnswer>(),
    access: visitor,
  },
  /** A new password by SMS code; ends every session of the account. */
  'forget-password': { input: forgetPasswordInput, answer: answer<null>(), access: visitor },
});
