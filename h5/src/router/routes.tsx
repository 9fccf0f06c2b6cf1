import { AUTH_REDIRECT_PATH } from '@px/config';
import { lazy, type ReactElement } from 'react';
import { CENTER_VARIANTS } from '../views/class-center/center-variants';
import { DETAIL_VARIANTS } from '../views/class-detail/detail-variants';
import { REGISTER_VARIANTS } from '../views/register/register-variants';
import { ENTRY_VARIANTS } from '../views/train-index/entry-variants';
import type { FirstCall, RouteMeta } from './guard';
import {
  CHANGE_MY_CLASS_PATH,
  CLASS_SELECT_CENTER_PATH,
  CMS_SCORE_PATH,
  DETAIL_QUESTION_PATH,
  EXAM_PATH,
  FORBIDDEN_PATH,
  GO_PAY_PATH,
  GO_PAY2_PATH,
  HOME_PATH,
  HXTX_DETAIL_STUDY_PATH,
  LOGIN_PATH,
  MY_PATH,
  MY2_PATH,
  NOT_FOUND_PATH,
  normalizePath,
  ORDER_PAY_PATH,
  QUERY_CERTIFICATE_PATH,
  REGISTER_CMS_PATH,
  RESET_PASSWORD_PATH,
  STUDENT_INFO_PATH,
  STUDY_PAGE_PATH,
  SWITCH_LOGIN_PATH,
  V2_GO_PAY_PATH,
  V2_MY_PATH,
  WX_BINDING_PATH,
} from './paths';

// Route-level code splitting: each screen is its own chunk, loaded when first shown.
const RegisterCmsPage = lazy(() =>
  import('../views/register-cms/RegisterCmsPage').then((m) => ({ default: m.RegisterCmsPage })),
);
const CmsScorePage = lazy(() =>
  import('../views/cms-score/CmsScorePage').then((m) => ({ default: m.CmsScorePage })),
);
const LoginPage = lazy(() => import('../views/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../views/register/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../views/reset-pwd/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const WxBindingPage = lazy(() =>
  import('../views/login-wx-binding/WxBindingPage').then((m) => ({ default: m.WxBindingPage })),
);
const AuthRedirectPage = lazy(() =>
  import('../views/auth-redirect/AuthRedirectPage').then((m) => ({ default: m.AuthRedirectPage })),
);
const SwitchLoginPage = lazy(() =>
  import('../views/switch-login/SwitchLoginPage').then((m) => ({ default: m.SwitchLoginPage })),
);
const ChangeMyClassPage = lazy(() =>
  import('../views/change-my-class/ChangeMyClassPage').then((m) => ({ default: m.ChangeMyClassPage })),
);
const MyPage = lazy(() => import('../views/my/MyPage').then((m) => ({ default: m.MyPage })));
const NotFoundPage = lazy(() =>
  import('../views/not-found/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const ForbiddenPage = lazy(() =>
  import('../views/forbidden/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })),
);
const ClassCenterPage = lazy(() =>
  import('../views/class-center/ClassCenterPage').then((m) => ({ default: m.ClassCenterPage })),
);
const TrainIndexPage = lazy(() =>
  import('../views/train-index/TrainIndexPage').then((m) => ({ default: m.TrainIndexPage })),
);
const ClassDetailPage = lazy(() =>
  import('../views/class-detail/ClassDetailPage').then((m) => ({ default: m.ClassDetailPage })),
);
const DetailQuestionPage = lazy(() =>
  import('../views/detail-question/DetailQuestionPage').then((m) => ({ default: m.DetailQuestionPage })),
);
const GoPayPage = lazy(() => import('../views/go-pay/GoPayPage').then((m) => ({ default: m.GoPayPage })));
const OrderPayPage = lazy(() =>
  import('../views/order-pay/OrderPayPage').then((m) => ({ default: m.OrderPayPage })),
);
const QueryCertificatePage = lazy(() =>
  import('../views/query-certificate/QueryCertificatePage').then((m) => ({
    default: m.QueryCertificatePage,
  })),
);
const StudentInfoPage = lazy(() =>
  import('../views/student-info/StudentInfoPage').then((m) => ({ default: m.StudentInfoPage })),
);
const ExamPage = lazy(() => import('../views/exam/ExamPage').then((m) => ({ default: m.ExamPage })));
const StudyPage = lazy(() => import('../views/study-page/StudyPage').then((m) => ({ default: m.StudyPage })));
/** The end of an embedded study (the navigation guard shows it in a partner's frame). */
export const EmbeddedEnded = lazy(() =>
  import('../views/embedded-study/EmbeddedEnded').then((m) => ({ default: m.EmbeddedEnded })),
);
const EmbeddedStudyPage = lazy(() =>
  import('../views/embedded-study/EmbeddedStudyPage').then((m) => ({ default: m.EmbeddedStudyPage })),
);

/** One screen of the site: its path, its meta (title, sign-in, tab bar) and what it shows. */
export interface H5Route {
  path: string;
  meta: RouteMeta;
  element: ReactElement;
}

const page = (
  title: string,
  isPublic: boolean,
  tabBar = false,
  firstCalls: readonly FirstCall[] = [],
): RouteMeta => ({
  title,
  public: isPublic,
  tabBar,
  ...(firstCalls.length ? { firstCalls } : {}),
});

/**
 * Every route the H5 serves (spec section 2's "Other routes" built so far, and home). `public`
 * follows spec section 2's whitelist exactly; the tab bar shows on 首页, 选课 (选课中心) and 我的. Unknown paths go
 * to /404 (the navigation guard).
 */
export const ROUTES: readonly H5Route[] = [
  { path: LOGIN_PATH, meta: page('登录', true), element: <LoginPage /> },
  ...Object.values(REGISTER_VARIANTS).map((variant) => ({
    path: variant.path,
    meta: page(variant.title, true),
    element: <RegisterPage variant={variant} />,
  })),
  { path: RESET_PASSWORD_PATH, meta: page('找回密码', true), element: <ResetPasswordPage /> },
  { path: WX_BINDING_PATH, meta: page('绑定账号', true), element: <WxBindingPage /> },
  { path: AUTH_REDIRECT_PATH, meta: page('微信登录', true), element: <AuthRedirectPage /> },
  { path: SWITCH_LOGIN_PATH, meta: page('切换账号', false), element: <SwitchLoginPage /> },
  // The student's hub and its two variants of spec section 2 are one page; the tab bar shows on /my.
  { path: MY_PATH, meta: page('我的', false, true), element: <MyPage /> },
  { path: V2_MY_PATH, meta: page('我的', false), element: <MyPage /> },
  { path: MY2_PATH, meta: page('我的', false), element: <MyPage /> },
  { path: NOT_FOUND_PATH, meta: page('页面不存在', true), element: <NotFoundPage /> },
  { path: FORBIDDEN_PATH, meta: page('没有权限', true), element: <ForbiddenPage /> },
  ...Object.values(CENTER_VARIANTS).map((variant) => ({
    path: variant.path,
    meta: page(
      variant.title,
      variant.public,
      variant.path === CLASS_SELECT_CENTER_PATH,
      variant.years === 'pick' ? ['center-years'] : [],
    ),
    element: <ClassCenterPage key={variant.path} variant={variant} />,
  })),
  ...Object.values(ENTRY_VARIANTS).map((variant) => ({
    path: variant.path,
    // The banners, and 推荐班级 of the newest offered year.
    meta: page(variant.title, variant.public, variant.tabBar, ['banners', 'center-years']),
    element: <TrainIndexPage key={variant.path} variant={variant} />,
  })),
  ...Object.values(DETAIL_VARIANTS).map((variant) => ({
    path: variant.path,
    meta: page(variant.title, variant.public),
    element: <ClassDetailPage key={variant.path} variant={variant} />,
  })),
  { path: DETAIL_QUESTION_PATH, meta: page('报名须知', false), element: <DetailQuestionPage /> },
  // The cart and its two variants of spec section 2 are one page.
  { path: GO_PAY_PATH, meta: page('购物车', false), element: <GoPayPage /> },
  { path: V2_GO_PAY_PATH, meta: page('购物车', false), element: <GoPayPage /> },
  { path: GO_PAY2_PATH, meta: page('购物车', false), element: <GoPayPage /> },
  { path: ORDER_PAY_PATH, meta: page('订单支付', false), element: <OrderPayPage /> },
  // The study page and its embeddable twin: public by spec section 2 (the page itself asks a
  // visitor without a session to sign in; the twin takes a partner's single-sign-on ticket).
  { path: STUDY_PAGE_PATH, meta: page('课程学习', true), element: <StudyPage /> },
  { path: HXTX_DETAIL_STUDY_PATH, meta: page('课程学习', true), element: <EmbeddedStudyPage /> },
  // The public certificate query (spec section 2's whitelist).
  { path: QUERY_CERTIFICATE_PATH, meta: page('证书查询', true), element: <QueryCertificatePage /> },
  // The answer sheet of an exam or exercise (issue 13; not in spec section 2): students only.
  { path: EXAM_PATH, meta: page('在线考试', false), element: <ExamPage /> },
  // What the project requires of the student before studying (spec section 2; issue 27).
  { path: STUDENT_INFO_PATH, meta: page('完善信息', false), element: <StudentInfoPage /> },
  // A student's class change (issue 15).
  { path: CHANGE_MY_CLASS_PATH, meta: page('申请转班', false), element: <ChangeMyClassPage /> },
  // The examinations' registration and public score query (issue 26; spec section 2's whitelist).
  { path: REGISTER_CMS_PATH, meta: page('考试报名', true), element: <RegisterCmsPage /> },
  { path: CMS_SCORE_PATH, meta: page('成绩查询', true), element: <CmsScorePage /> },
];

const BY_PATH = new Map(ROUTES.map((route) => [route.path, route]));

/** The route of a path (exact, case-sensitive, trailing slash ignored), or undefined. */
export function findRoute(path: string): H5Route | undefined {
  return BY_PATH.get(normalizePath(path));
}

/** The entries of the bottom tab bar, in order. */
export const TAB_BAR_ITEMS = [
  { path: HOME_PATH, title: '首页' },
  { path: CLASS_SELECT_CENTER_PATH, title: '选课' },
  { path: MY_PATH, title: '我的' },
] as const;
