import { ADMIN_MENU, type PageUrl } from '@px/config';
import { buildRouteTree, type RouteNode } from './route-tree';

/**
 * The pages of the route table (config's ADMIN_MENU) that have a screen in the app; routes.tsx
 * holds one screen for each. The rest of the table arrives with the issues that build its screens;
 * an operation grant (`/order-manage/free-order`) is never one (`PageUrl` leaves grants out).
 */
export const SCREEN_URLS = [
  '/home',
  '/account-manage/role',
  '/account-manage/administrator-list',
  '/super-account/index',
  '/project-manage/list',
  '/project-manage/setting',
  '/project-manage/partner-app',
  '/project-manage/partner-app-detail',
  '/project-manage/vocation',
  '/unit-manage/list',
  '/unit-manage/detail',
  '/wxapp-manage/list',
  '/wxapp-manage/setting',
  '/train-manage/train-plan-list',
  '/train-manage/train-plan-detail',
  '/train-manage/class',
  '/train-manage/train-class-detail',
  '/resource-manage/video',
  '/resource-manage/certificate',
  '/resource-manage/course',
  '/resource-manage/add-question',
  '/account-manage/banner-list',
  '/account-manage/project-setting',
  '/order-manage/list',
  '/student-manage/student',
  '/student-manage/student-detail',
  '/train-manage/study-report',
  '/train-manage/study-report/student-detail',
  '/train-manage/study-report/study-detail',
  '/train-manage/second-certificate-print',
  '/customer/my-certificate-manage',
  '/resource-manage/exam-question',
  '/resource-manage/exam-paper',
  '/resource-manage/shared-library',
  '/train-manage/exam-score',
  '/train-manage/class-apply',
  '/train-manage/change-class-manage',
  '/train-manage/change-class-manage/detail',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/creat-class',
  '/train-manage/import-student',
  '/train-manage/batch-pay-order',
  '/order-manage/detail',
  '/invoice-manage/refund-list',
  '/invoice-manage/invoice-list',
  '/invoice-manage/invoice-collective',
  '/invoice-manage/order-manage',
  '/customer/invoice-manage',
  '/customer/exception-register',
  '/exception-manage/list',
  '/customer/my-class-push-log-manage',
  '/customer/my-class-push-log-exception-manage',
  '/customer/study-report',
  '/cms-manage/apply-manage',
  '/cms-manage/apply-exam-manage',
  '/cms-manage/score-manage',
  '/cms-manage/cms-order-manage',
  '/dashboard/index',
] as const satisfies readonly PageUrl[];

/** A page the app has a screen for. */
export type ScreenUrl = (typeof SCREEN_URLS)[number];

/**
 * The back office's routes without their screens (each page's `screen` is its URL): what the
 * session, the guard and the shell derive the permitted routes, menu, tabs and breadcrumbs from.
 * It imports no screen, so the stores the screens use can import it (routes.tsx joins the screens).
 */
export const ROUTE_TABLE: RouteNode<string>[] = buildRouteTree(
  ADMIN_MENU,
  new Map(SCREEN_URLS.map((url) => [url, url])),
);
