import { AUTH_REDIRECT_PATH } from '@px/config';
import { readEmbedded } from '../session/embedded';

/** Paths of the student site's own screens (history mode, served from the root). */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const MY_PATH = '/my';
export const REGISTER_PATH = '/register';
export const INDUSTRY_REGISTER_PATH = '/industryRegister';
export const VOC_REGISTER_PATH = '/vocRegister';
export const REGISTER_NEW_PATH = '/registerNew';
export const RESET_PASSWORD_PATH = '/reset-pwd';
export const WX_BINDING_PATH = '/login-wx-binding';
export const SWITCH_LOGIN_PATH = '/switch-login';
export const FORBIDDEN_PATH = '/401';
export const NOT_FOUND_PATH = '/404';
// The class centre lists and the entry pages (issue 5).
export const CLASS_SELECT_CENTER_PATH = '/classSelectCenter';
export const CLASS_SELECT_CENTER2_PATH = '/classSelectCenter2';
export const V2_CLASS_SELECT_CENTER_PATH = '/v2/classSelectCenter';
export const CLASS_CENTER_PATH = '/classCenter';
export const PUBLIC_CLASS_PATH = '/publicClass';
export const SPECIALIZED_PATH = '/specialized';
export const PROFESSIONAL_PATH = '/professional';
export const VOCATIONAL_PATH = '/vocational';
export const INDEX2_PATH = '/index2';
export const TRAIN_INDEX_PATH = '/trainIndex';
// The class detail, its FAQ and the cart / checkout (issue 5).
export const DETAIL_PUBLIC_PATH = '/detail-public';
export const DETAIL_PUBLIC2_PATH = '/detail-public2';
export const V2_DETAIL_PUBLIC_PATH = '/v2/detail-public';
export const DETAIL_QUESTION_PATH = '/detail-question';
export const GO_PAY_PATH = '/go-pay';
// Variants of the cart, the hub's variants and the pay page (issue 11).
export const V2_GO_PAY_PATH = '/v2/go-pay';
export const GO_PAY2_PATH = '/go-pay2';
export const V2_MY_PATH = '/v2/my';
export const MY2_PATH = '/my2';
export const ORDER_PAY_PATH = '/student/order-pay';
// The study page of an enrolment, and the same page for embedding (issue 12).
export const STUDY_PAGE_PATH = '/student/study-page';
export const CHANGE_MY_CLASS_PATH = '/change-my-class';
export const HXTX_DETAIL_STUDY_PATH = '/hxtx/detail-study';
// The public certificate query (issue 13).
export const QUERY_CERTIFICATE_PATH = '/query-certificate';
// The answer sheet of an exam or exercise attempt (issue 13; not in spec section 2: students only).
export const EXAM_PATH = '/student/exam';
// What the project requires of a student before studying (issue 27).
export const STUDENT_INFO_PATH = '/student/info';
// The examinations: registration and the public score query (issue 26).
export const REGISTER_CMS_PATH = '/registerCms';
export const CMS_SCORE_PATH = '/cms-api/get-my-score';

/** The tabs of the student's hub (/my), as `?tab=` names them. */
export const MY_TABS = ['classes', 'certificates', 'orders', 'exams', 'account'] as const;
export type MyTab = (typeof MY_TABS)[number];

/** The hub (/my) opened at one tab: `/my?tab=orders`. */
export function myTabPath(tab: MyTab): string {
  return `${MY_PATH}?tab=${tab}`;
}

/** The public query page of a code: `/query-certificate?code=AB12CD34`. */
export function queryCertificatePath(code: string): string {
  return `${QUERY_CERTIFICATE_PATH}?code=${encodeURIComponent(code)}`;
}

/** The pay page of an order: `/student/order-pay?id=12`. */
export function orderPayPath(orderId: number): string {
  return `${ORDER_PAY_PATH}?id=${orderId}`;
}

/** The study page of an enrolment: `/student/study-page?myClassId=41`. */
export function studyPagePath(myClassId: number): string {
  // Inside a partner's frame the study page is the embedded one (no way out of the frame).
  const embedded = readEmbedded();
  if (embedded) return embeddedStudyPath(embedded.appKey, myClassId);
  return `${STUDY_PAGE_PATH}?myClassId=${myClassId}`;
}

/** The embedded study page of an app's student, once the ticket was exchanged. */
export function embeddedStudyPath(appKey: string, myClassId: number): string {
  return `${HXTX_DETAIL_STUDY_PATH}?${new URLSearchParams({ app: appKey, myClassId: String(myClassId) })}`;
}

/** The class change page of an enrolment: `/change-my-class?myClassId=41`. */
export function changeMyClassPath(myClassId: number): string {
  return `${CHANGE_MY_CLASS_PATH}?myClassId=${myClassId}`;
}

/** The answer sheet of an attempt of an enrolment: `/student/exam?myClassId=41&attemptId=7`. */
export function examPath(myClassId: number, attemptId: number): string {
  return `${EXAM_PATH}?myClassId=${myClassId}&attemptId=${attemptId}`;
}

/**
 * The routes reachable without signing in, exactly as spec section 2 lists them (also those not
 * built yet, and the back office's /admin-login). Route meta `public` must agree with this list.
 */
export const SPEC_WHITELIST: readonly string[] = [
  '/404',
  '/401',
  '/login',
  '/admin-login',
  '/auth-redirect',
  '/index2',
  '/industryRegister',
  '/registerNew',
  '/registerCms',
  '/query-certificate',
  '/register',
  '/vocRegister',
  '/reset-pwd',
  '/vocational',
  '/publicClass',
  '/specialized',
  '/professional',
  '/detail-public',
  '/trainIndex',
  '/cms-api/get-my-score',
  '/classSelectCenter',
  '/login-wx-binding',
  '/v2/classSelectCenter',
  '/v2/detail-public',
  '/hxtx/detail-study',
  '/student/study-page',
];

/** The registration routes (one form, four variants); a WeChat visitor to bind may be sent to them. */
export const REGISTER_PATHS: readonly string[] = [
  REGISTER_PATH,
  INDUSTRY_REGISTER_PATH,
  VOC_REGISTER_PATH,
  REGISTER_NEW_PATH,
];

/** `/my/` and `/my` are the same page; the root stays `/`. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? HOME_PATH : trimmed;
}

/**
 * Encodes a same-site path (with its query) as a query value, keeping `/` readable so that
 * `/my` gives `redirect=/my` as spec section 2 writes it, while `?`, `&` and `=` of the target's own
 * query are escaped.
 */
export function encodeReturnPath(target: string): string {
  return encodeURIComponent(target).replace(/%2F/gi, '/');
}

/**
 * The sign-in page with `redirect` set to the page the student wanted (`/login?redirect={path}`);
 * the page's own query goes along (encoded), so a link such as `/my?tab=1` survives the sign-in.
 */
export function loginPathFor(path: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeReturnPath(`${path}${search}`)}`;
}

/** 完善信息 with `redirect` set to where the student goes on after (the study page asking for it). */
export function studentInfoPath(path: string, search = ''): string {
  return `${STUDENT_INFO_PATH}?redirect=${encodeReturnPath(`${path}${search}`)}`;
}

/** Whether `target` is a path of this site (`/x`), never another origin (`//host`, `https:`, `\\`). */
export function isSameSitePath(target: string | null | undefined): target is string {
  return Boolean(target?.startsWith('/')) && !target?.startsWith('//') && !target?.includes('\\');
}

/**
 * Where to go after signing in: the `redirect` parameter when it is a path of this site (not a
 * sign-in page itself), otherwise `fallback` (/my). Anything else (another origin, `//host`, a
 * back-slash trick) is ignored.
 */
export function safeRedirectTarget(redirect: string | null | undefined, fallback = MY_PATH): string {
  if (!isSameSitePath(redirect)) return fallback;
  const path = normalizePath(redirect.split(/[?#]/)[0] ?? '');
  if (path === LOGIN_PATH || path === AUTH_REDIRECT_PATH || path === WX_BINDING_PATH) return fallback;
  return redirect;
}

/** Whether a same-site target (path with query) is one of the registration routes. */
export function isRegisterTarget(target: string): boolean {
  return REGISTER_PATHS.includes(normalizePath(target.split(/[?#]/)[0] ?? ''));
}

/** `target` with one query parameter set (added, or replaced when present). */
export function withQueryParam(target: string, name: string, value: string): string {
  const [beforeHash, hash] = target.split('#', 2) as [string, string | undefined];
  const [path, query = ''] = beforeHash.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}
