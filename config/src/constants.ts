/**
 * Business constants of spec section 9 and the response codes of section 8.
 * Shared by the API and both apps so that a value is written exactly once.
 */

/** respCode values of the response envelope `{ respCode, respDesc, attribute }`. */
export const RESP_CODE = {
  SUCCESS: 200,
  ERROR: -1,
  /** A business notice: the client shows it in a dialog titled 友情提示. */
  NOTICE: -2,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
} as const;
export type RespCode = (typeof RESP_CODE)[keyof typeof RESP_CODE];

/** Default respDesc texts (zh-CN, shown to people). */
export const RESP_DESC = {
  SUCCESS: '成功',
  ERROR: 'Error',
  INTERNAL: '服务器繁忙，请稍后再试',
  UNAUTHORIZED: '请先登录',
  FORBIDDEN: '没有权限执行该操作',
  NOT_FOUND: '接口不存在',
  NETWORK: '请求超时，请刷新页面',
  NOTICE_TITLE: '友情提示',
  ROUTE_GUARD: 'Has Error',
} as const;

/** Name of the cookie that keeps the session token, and of the request header that carries it. */
export const TOKEN_KEY = 'token';
export const TOKEN_HEADER = 'token';
/** The H5 page WeChat returns to after OAuth consent (the API builds the redirect URI with it). */
export const AUTH_REDIRECT_PATH = '/auth-redirect';
/** Base path of every API call; calls end in `.action`. */
export const API_BASE = '/api';
export const ACTION_SUFFIX = '.action';
/** Client request timeout. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** How long an error message stays on screen. */
export const MESSAGE_DURATION_MS = 5_000;

/** Back-office layout. */
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';

/** Route search (fuse.js) options. */
export const ROUTE_SEARCH = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
} as const;
export const TAG_SCROLL_PADDING = 4;
export const TAG_CONTEXT_MENU_WIDTH = 105;

/** The eight predefined theme colours of the back-office theme picker; the first is the default. */
export const THEME_COLORS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const DEFAULT_THEME_COLOR = '#409EFF';
/** Theme colour outside the shell (the H5 and plain pages). */
export const DEFAULT_BRAND_COLOR = '#1890ff';

/** Tenant defaults. */
export const DEFAULT_PROJECT_AREA = 370000;
export const DEFAULT_CLASS_START_YEAR = 2019;

/** PDF export (certificates, invoices). */
export const PDF_EXPORT = { format: 'a4', scale: 4 } as const;

/** Date format used everywhere a date-time is shown. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Role systems (see docs/domain.md): who an account is and where it signs in.
 * 1 platform staff, 2 project back office, 3 students, 4 unit managers.
 */
export const ROLE_SYSTEM = {
  PLATFORM: 1,
  PROJECT: 2,
  STUDENT: 3,
  UNIT: 4,
} as const;
export type RoleSystem = (typeof ROLE_SYSTEM)[keyof typeof ROLE_SYSTEM];
export const ROLE_SYSTEM_LABEL: Record<RoleSystem, string> = {
  1: '平台管理',
  2: '项目后台',
  3: '学员',
  4: '单位管理',
};

/**
 * How long a session lives without use, by role system: staff sign in daily, students stay signed in
 * on their phone. A session used in the second half of its life is extended by a full term (the
 * server's `authenticateToken`); the student H5 keeps its `token` cookie for the same term.
 */
export const SESSION_TTL_MS: Record<RoleSystem, number> = {
  [ROLE_SYSTEM.PLATFORM]: 12 * 3600_000,
  [ROLE_SYSTEM.PROJECT]: 12 * 3600_000,
  [ROLE_SYSTEM.UNIT]: 12 * 3600_000,
  [ROLE_SYSTEM.STUDENT]: 30 * 24 * 3600_000,
};

/**
 * Sign-in attempt rules (password logins of both doors). Failures count within a sliding window
 * and only since the account's last successful sign-in.
 */
export const SIGN_IN_LIMITS = {
  /** How far back failures count. */
  windowMs: 15 * 60_000,
  /** Failed passwords of one account after which a captcha must accompany the password. */
  captchaAfterFailures: 3,
  /** Failed passwords of one account from one IP after which that IP is locked out of it. */
  lockAfterFailures: 10,
  /** How long such a lock lasts, from the last failure. */
  lockMs: 15 * 60_000,
  /** Failed passwords from one IP, any accounts, after which the IP may not sign in at all. */
  ipFailures: 100,
  /** Attempt rows older than this are deleted now and then. */
  keepAttemptsMs: 24 * 3600_000,
} as const;

/**
 * SMS verification codes: length, life, resend interval, wrong tries per code, daily caps (per
 * mobile and per client IP, counted over the calendar day in China time, across projects) and the
 * purposes a code is issued for. A code only verifies for the project, mobile and purpose it was
 * sent for.
 */
export const SMS_CODE_RULES = {
  length: 6,
  ttlSeconds: 300,
  resendSeconds: 60,
  maxWrongTries: 5,
  dailyPerMobile: 10,
  dailyPerIp: 50,
  purposes: ['register', 'login', 'forget', 'modify-mobile', 'modify-password', 'cms-apply'],
} as const;

/** Classes a page of the H5 class centre's list (`class/center-page`), also the page the server embeds. */
export const CLASS_CENTER_PAGE_SIZE = 10;
