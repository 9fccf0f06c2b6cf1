import type { ActionDefinition } from './core/action';
import { accountActions } from './modules/account/account.actions';
import { roleActions } from './modules/account/role.actions';
import { authActions } from './modules/auth/auth.actions';
import { bannerActions } from './modules/banner/banner.actions';
import { captchaActions } from './modules/captcha/captcha.actions';
import { cartActions } from './modules/cart/cart.actions';
import { certificateActions } from './modules/certificate/certificate.actions';
import { changeClassActions } from './modules/change-class/change-class.actions';
import { classCategoryActions } from './modules/class-category/class-category.actions';
import { classCenterActions } from './modules/class-center/class-center.actions';
import { cmsActions } from './modules/cms/cms.actions';
import { courseActions } from './modules/course/course.actions';
import { dashboardActions, dashboardRateActions } from './modules/dashboard/dashboard.actions';
import { dictionaryActions } from './modules/dictionary/dictionary.actions';
import { documentLinkActions } from './modules/document-link/document-link.actions';
import { examActions } from './modules/exam/exam.actions';
import { exceptionRegisterActions } from './modules/exception/exception.actions';
import { exceptionLogActions } from './modules/exception/exception-log.actions';
import { faceActions } from './modules/face/face.actions';
import { homeActions } from './modules/home/home.actions';
import { invoiceActions } from './modules/invoice/invoice.actions';
import { myCertificateActions } from './modules/my-certificate/my-certificate.actions';
import { classApplyActions, myClassActions } from './modules/my-class/my-class.actions';
import { orderActions } from './modules/order/order.actions';
import { partnerAppActions } from './modules/partner/partner-app.actions';
import { partnerSsoActions } from './modules/partner/partner-sso.actions';
import { projectActions } from './modules/project/project.actions';
import { refundApplyActions } from './modules/refund-apply/refund-apply.actions';
import { classPushActions, pushLogActions } from './modules/regulator/push.actions';
import { regulatorActions } from './modules/regulator/regulator.actions';
import { resourceActions } from './modules/resource/resource.actions';
import { sharedResourceActions } from './modules/resource/shared-resource.actions';
import { smsActions } from './modules/sms/sms.actions';
import { studentActions } from './modules/student/student.actions';
import { studyActions, studyPageActions } from './modules/study/study.actions';
import { studyReportActions } from './modules/study-report/study-report.actions';
import { superAccountActions } from './modules/super-account/super-account.actions';
import { trainClassActions } from './modules/train-class/train-class.actions';
import { trainPlanActions } from './modules/train-plan/train-plan.actions';
import { unitActions } from './modules/unit/unit.actions';
import { unitAffiliationActions } from './modules/unit-affiliation/unit-affiliation.actions';
import { unitClassActions, unitClassTransferActions } from './modules/unit-class/unit-class.actions';
import {
  batchOrderActions,
  unitImportActions,
  unitWorkspaceActions,
} from './modules/unit-import/unit-import.actions';
import { uploadActions } from './modules/upload/upload.actions';
import { wechatActions } from './modules/wechat/wechat.actions';

/** Every action of the API; the router derives `/api/<group>/<name>.action` from each. */
export const allActions: ActionDefinition[] = [
  ...authActions,
  ...captchaActions,
  ...superAccountActions,
  ...projectActions,
  ...regulatorActions,
  ...partnerAppActions,
  ...partnerSsoActions,
  ...pushLogActions,
  ...classPushActions,
  ...accountActions,
  ...roleActions,
  ...unitActions,
  ...unitAffiliationActions,
  ...changeClassActions,
  ...dictionaryActions,
  ...smsActions,
  ...wechatActions,
  ...trainPlanActions,
  ...classCategoryActions,
  ...resourceActions,
  ...sharedResourceActions,
  ...courseActions,
  ...bannerActions,
  ...certificateActions,
  ...trainClassActions,
  ...classCenterActions,
  ...cartActions,
  ...orderActions,
  ...refundApplyActions,
  ...invoiceActions,
  ...myClassActions,
  ...classApplyActions,
  ...exceptionRegisterActions,
  ...exceptionLogActions,
  ...studyPageActions,
  ...studyActions,
  ...faceActions,
  ...studentActions,
  ...studyReportActions,
  ...examActions,
  ...myCertificateActions,
  ...documentLinkActions,
  ...unitClassActions,
  ...unitClassTransferActions,
  ...unitImportActions,
  ...batchOrderActions,
  ...unitWorkspaceActions,
  ...homeActions,
  ...dashboardActions,
  ...dashboardRateActions,
  ...uploadActions,
  ...cmsActions,
];
