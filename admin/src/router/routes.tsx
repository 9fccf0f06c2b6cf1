import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import ExceptionOutlined from '@ant-design/icons/ExceptionOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserSwitchOutlined from '@ant-design/icons/UserSwitchOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import { ADMIN_MENU } from '@px/config';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { ScreenUrl } from './route-table';
import { buildRouteTree, type RouteNode } from './route-tree';

export type Screen = LazyExoticComponent<ComponentType>;

/** Loads a named export of a screen module as its own chunk (route-level code splitting). */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Screen {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/**
 * The screen of each page of the route table the app serves (`SCREEN_URLS` of route-table.ts:
 * a page missing here or extra is a compile error). An entry of the table without a screen is not a
 * route and never appears in the menu; it arrives with the issue that builds its screen.
 */
const SCREEN_OF: Record<ScreenUrl, Screen> = {
  '/home': screen(
    () => import('../views/home/HomePage'),
    (module) => module.HomePage,
  ),
  '/dashboard/index': screen(
    () => import('../views/dashboard/index/DashboardPage'),
    (module) => module.DashboardPage,
  ),
  '/account-manage/role': screen(
    () => import('../views/account-manage/role/RolePage'),
    (module) => module.RolePage,
  ),
  '/account-manage/administrator-list': screen(
    () => import('../views/account-manage/administrator-list/AdministratorListPage'),
    (module) => module.AdministratorListPage,
  ),
  '/super-account/index': screen(
    () => import('../views/super-account/index/SuperAccountPage'),
    (module) => module.SuperAccountPage,
  ),
  '/project-manage/list': screen(
    () => import('../views/project-manage/list/ProjectListPage'),
    (module) => module.ProjectListPage,
  ),
  '/project-manage/setting': screen(
    () => import('../views/project-manage/setting/ProjectSettingPage'),
    (module) => module.ProjectSettingPage,
  ),
  '/project-manage/partner-app': screen(
    () => import('../views/project-manage/partner-app/PartnerAppListPage'),
    (module) => module.PartnerAppListPage,
  ),
  '/project-manage/partner-app-detail': screen(
    () => import('../views/project-manage/partner-app-detail/PartnerAppDetailPage'),
    (module) => module.PartnerAppDetailPage,
  ),
  '/project-manage/vocation': screen(
    () => import('../views/project-manage/vocation/VocationPage'),
    (module) => module.VocationPage,
  ),
  '/unit-manage/list': screen(
    () => import('../views/unit-manage/list/UnitListPage'),
    (module) => module.UnitListPage,
  ),
  '/unit-manage/detail': screen(
    () => import('../views/unit-manage/detail/UnitDetailPage'),
    (module) => module.UnitDetailPage,
  ),
  '/wxapp-manage/list': screen(
    () => import('../views/wxapp-manage/list/WxappListPage'),
    (module) => module.WxappListPage,
  ),
  '/wxapp-manage/setting': screen(
    () => import('../views/wxapp-manage/setting/WxappSettingPage'),
    (module) => module.WxappSettingPage,
  ),
  '/train-manage/train-plan-list': screen(
    () => import('../views/train-manage/train-plan-list/TrainPlanListPage'),
    (module) => module.TrainPlanListPage,
  ),
  '/train-manage/train-plan-detail': screen(
    () => import('../views/train-manage/train-plan-detail/TrainPlanDetailPage'),
    (module) => module.TrainPlanDetailPage,
  ),
  '/train-manage/class': screen(
    () => import('../views/train-manage/class/ClassListPage'),
    (module) => module.ClassListPage,
  ),
  '/train-manage/train-class-detail': screen(
    () => import('../views/train-manage/train-class-detail/ClassDetailPage'),
    (module) => module.ClassDetailPage,
  ),
  '/resource-manage/video': screen(
    () => import('../views/resource-manage/video/VideoPage'),
    (module) => module.VideoPage,
  ),
  '/resource-manage/certificate': screen(
    () => import('../views/resource-manage/certificate/CertificateTemplatePage'),
    (module) => module.CertificateTemplatePage,
  ),
  '/resource-manage/course': screen(
    () => import('../views/resource-manage/course/CoursePage'),
    (module) => module.CoursePage,
  ),
  '/resource-manage/add-question': screen(
    () => import('../views/resource-manage/add-question/AddQuestionPage'),
    (module) => module.AddQuestionPage,
  ),
  '/account-manage/project-setting': screen(
    () => import('../views/account-manage/project-setting/OwnProjectSettingPage'),
    (module) => module.OwnProjectSettingPage,
  ),
  '/account-manage/banner-list': screen(
    () => import('../views/account-manage/banner-list/BannerListPage'),
    (module) => module.BannerListPage,
  ),
  '/invoice-manage/refund-list': screen(
    () => import('../views/invoice-manage/refund-list/RefundListPage'),
    (module) => module.RefundListPage,
  ),
  '/invoice-manage/invoice-list': screen(
    () => import('../views/invoice-manage/invoice-list/InvoiceListPage'),
    (module) => module.InvoiceListPage,
  ),
  '/invoice-manage/invoice-collective': screen(
    () => import('../views/invoice-manage/invoice-collective/InvoiceCollectivePage'),
    (module) => module.InvoiceCollectivePage,
  ),
  '/invoice-manage/order-manage': screen(
    () => import('../views/invoice-manage/order-manage/InvoiceOrderPage'),
    (module) => module.InvoiceOrderPage,
  ),
  '/customer/invoice-manage': screen(
    () => import('../views/customer/invoice-manage/InvoiceCorrectPage'),
    (module) => module.InvoiceCorrectPage,
  ),
  '/order-manage/list': screen(
    () => import('../views/order-manage/list/OrderListPage'),
    (module) => module.OrderListPage,
  ),
  '/train-manage/class-apply': screen(
    () => import('../views/train-manage/class-apply/ClassApplyPage'),
    (module) => module.ClassApplyPage,
  ),
  '/train-manage/change-class-manage': screen(
    () => import('../views/train-manage/change-class-manage/ChangeClassManagePage'),
    (module) => module.ChangeClassManagePage,
  ),
  '/train-manage/change-class-manage/detail': screen(
    () => import('../views/train-manage/change-class-manage/ChangeClassDetailPage'),
    (module) => module.ChangeClassDetailPage,
  ),
  '/train-manage/unit-class': screen(
    () => import('../views/train-manage/unit-class/UnitClassListPage'),
    (module) => module.UnitClassListPage,
  ),
  '/train-manage/unit-class-detail': screen(
    () => import('../views/train-manage/unit-class-detail/UnitClassDetailPage'),
    (module) => module.UnitClassDetailPage,
  ),
  '/train-manage/creat-class': screen(
    () => import('../views/train-manage/creat-class/CreateUnitClassPage'),
    (module) => module.CreateUnitClassPage,
  ),
  '/train-manage/import-student': screen(
    () => import('../views/train-manage/import-student/ImportStudentPage'),
    (module) => module.ImportStudentPage,
  ),
  '/train-manage/batch-pay-order': screen(
    () => import('../views/train-manage/batch-pay-order/BatchPayOrderPage'),
    (module) => module.BatchPayOrderPage,
  ),
  '/order-manage/detail': screen(
    () => import('../views/order-manage/detail/BatchOrderDetailPage'),
    (module) => module.BatchOrderDetailPage,
  ),
  '/student-manage/student': screen(
    () => import('../views/student-manage/student/StudentListPage'),
    (module) => module.StudentListPage,
  ),
  '/student-manage/student-detail': screen(
    () => import('../views/student-manage/student-detail/StudentDetailPage'),
    (module) => module.StudentDetailPage,
  ),
  '/train-manage/study-report': screen(
    () => import('../views/train-manage/study-report/StudyReportPage'),
    (module) => module.StudyReportPage,
  ),
  '/train-manage/study-report/student-detail': screen(
    () => import('../views/train-manage/study-report/student-detail/ReportStudentPage'),
    (module) => module.ReportStudentPage,
  ),
  '/train-manage/study-report/study-detail': screen(
    () => import('../views/train-manage/study-report/study-detail/StudyDetailPage'),
    (module) => module.StudyDetailPage,
  ),
  '/train-manage/second-certificate-print': screen(
    () => import('../views/train-manage/second-certificate-print/CertificatePrintPage'),
    (module) => module.CertificatePrintPage,
  ),
  '/exception-manage/list': screen(
    () => import('../views/exception-manage/list/ExceptionLogPage'),
    (module) => module.ExceptionLogPage,
  ),
  '/customer/exception-register': screen(
    () => import('../views/customer/exception-register/ExceptionRegisterPage'),
    (module) => module.ExceptionRegisterPage,
  ),
  '/customer/my-class-push-log-manage': screen(
    () => import('../views/customer/my-class-push-log-manage/PushLogPage'),
    (module) => module.PushLogPage,
  ),
  '/customer/my-class-push-log-exception-manage': screen(
    () => import('../views/customer/my-class-push-log-exception-manage/PushExceptionPage'),
    (module) => module.PushExceptionPage,
  ),
  '/customer/study-report': screen(
    () => import('../views/customer/study-report/StudyCorrectionPage'),
    (module) => module.StudyCorrectionPage,
  ),
  '/customer/my-certificate-manage': screen(
    () => import('../views/customer/my-certificate-manage/CertificateManagePage'),
    (module) => module.CertificateManagePage,
  ),
  '/resource-manage/exam-question': screen(
    () => import('../views/resource-manage/exam-question/ExamQuestionPage'),
    (module) => module.ExamQuestionPage,
  ),
  '/resource-manage/exam-paper': screen(
    () => import('../views/resource-manage/exam-paper/ExamPaperPage'),
    (module) => module.ExamPaperPage,
  ),
  '/resource-manage/shared-library': screen(
    () => import('../views/resource-manage/shared-library/SharedLibraryPage'),
    (module) => module.SharedLibraryPage,
  ),
  '/train-manage/exam-score': screen(
    () => import('../views/train-manage/exam-score/ExamScorePage'),
    (module) => module.ExamScorePage,
  ),
  '/cms-manage/apply-manage': screen(
    () => import('../views/cms-manage/apply-manage/ApplyManagePage'),
    (module) => module.ApplyManagePage,
  ),
  '/cms-manage/apply-exam-manage': screen(
    () => import('../views/cms-manage/apply-exam-manage/ExamArrangePage'),
    (module) => module.ExamArrangePage,
  ),
  '/cms-manage/score-manage': screen(
    () => import('../views/cms-manage/score-manage/ScoreManagePage'),
    (module) => module.ScoreManagePage,
  ),
  '/cms-manage/cms-order-manage': screen(
    () => import('../views/cms-manage/cms-order-manage/CmsOrderPage'),
    (module) => module.CmsOrderPage,
  ),
};

/** The screens by URL. */
export const SCREENS: ReadonlyMap<string, Screen> = new Map(Object.entries(SCREEN_OF));

/** The back office's routes: the route table joined with the screens (the one source of truth). */
export const ROUTE_TREE: RouteNode<Screen>[] = buildRouteTree(ADMIN_MENU, SCREENS);

/** Screens outside the route table: sign-in, the error pages and the refresh helper. */
export const LoginPage = screen(
  () => import('../views/login/AdminLoginPage'),
  (module) => module.AdminLoginPage,
);
export const ForbiddenPage = screen(
  () => import('../views/error/ForbiddenPage'),
  (module) => module.ForbiddenPage,
);
export const NotFoundPage = screen(
  () => import('../views/not-found/NotFoundPage'),
  (module) => module.NotFoundPage,
);
export const RedirectPage = screen(
  () => import('../views/redirect/RedirectPage'),
  (module) => module.RedirectPage,
);

/** The sidebar icon of each top-level entry (a section's single page shown in its place uses it too). */
export const MENU_ICONS: Readonly<Record<string, ReactNode>> = {
  '/home': <HomeOutlined />,
  '/resource-manage': <VideoCameraOutlined />,
  '/train-manage': <ScheduleOutlined />,
  '/student-manage': <TeamOutlined />,
  '/order-manage': <ProfileOutlined />,
  '/unit-manage': <BankOutlined />,
  '/super-account': <UserSwitchOutlined />,
  '/dashboard': <DashboardOutlined />,
  '/project-manage': <ProjectOutlined />,
  '/wxapp-manage': <WechatOutlined />,
  '/exception-manage': <ExceptionOutlined />,
  '/invoice-manage': <AccountBookOutlined />,
  '/customer': <FileSearchOutlined />,
  '/account-manage': <SettingOutlined />,
  '/cms-manage': <AuditOutlined />,
};

/** The fallback icon of a top-level entry without its own. */
export const DEFAULT_MENU_ICON: ReactNode = <ReadOutlined />;
