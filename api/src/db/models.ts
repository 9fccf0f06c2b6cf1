import type { ModelStatic, Sequelize } from 'sequelize';
import { wireModules } from '../modules';
import { Account } from '../modules/account/account.model';
import { Role } from '../modules/account/role.model';
import { AuditLog } from '../modules/audit/audit-log.model';
import { SignInAttempt } from '../modules/auth/sign-in-attempt.model';
import { Banner, BannerImage } from '../modules/banner/banner.model';
import { Captcha } from '../modules/captcha/captcha.model';
import { ShopCartItem } from '../modules/cart/cart.model';
import { CertificateTemplate } from '../modules/certificate/certificate-template.model';
import { ChangeClassApply } from '../modules/change-class/change-class.model';
import { ClassCategory } from '../modules/class-category/class-category.model';
import { CMS_MODELS } from '../modules/cms/cms.model';
import { Course, CourseCategory, CourseLesson, ResourceQuestion } from '../modules/course/course.model';
import { Dictionary } from '../modules/dictionary/dictionary.model';
import { Vocation } from '../modules/dictionary/vocation.model';
import {
  ExamAttempt,
  ExamCategory,
  ExamPaper,
  ExamPaperQuestion,
  ExamQuestion,
  ExamSetting,
} from '../modules/exam/exam.model';
import { ExceptionCase, ExceptionCaseNoteRow } from '../modules/exception/exception-case.model';
import { FaceCapture, FaceConsent, FacePhoto } from '../modules/face/face.model';
import { IdentityCheck } from '../modules/identity/identity-check.model';
import { Invoice, InvoiceConfig, InvoiceLog, InvoiceOrder } from '../modules/invoice/invoice.model';
import {
  Certificate,
  CertificatePrintLog,
  CertificateQueryMiss,
} from '../modules/my-certificate/my-certificate.model';
import { StudyNotice } from '../modules/my-class/study-notice.model';
import {
  BatchOrder,
  PayAttempt,
  PayNotification,
  PayOrder,
  PayOrderItem,
  PayOrderLog,
  PayRefund,
} from '../modules/order/order.model';
import {
  PartnerAccount,
  PartnerNotice,
  PartnerNoticeAttempt,
  PartnerSignUp,
  PartnerSsoTicket,
  PartnerToken,
} from '../modules/partner/partner-api.model';
import { PartnerApp, PartnerCallLog } from '../modules/partner/partner-app.model';
import { Project } from '../modules/project/project.model';
import { RefundApply } from '../modules/refund-apply/refund-apply.model';
import { RegulatorPush, RegulatorPushLog } from '../modules/regulator/push.model';
import { RegulatorPushConfig } from '../modules/regulator/push-config.model';
import { Resource, ResourceCategory, ResourceUpload } from '../modules/resource/resource.model';
import { ResourceUploadError } from '../modules/resource/upload-error.model';
import { Session } from '../modules/session/session.model';
import { SmsCode } from '../modules/sms/sms-code.model';
import { SmsOutbox } from '../modules/sms/sms-outbox.model';
import { LessonProgress, PopupAnswer, StudyRefusal, StudySession } from '../modules/study/study.model';
import { ClassApply } from '../modules/train-class/class-apply.model';
import {
  ClassEvaluation,
  MyClass,
  TrainClass,
  TrainClassCourse,
} from '../modules/train-class/train-class.model';
import { TrainPlan } from '../modules/train-plan/train-plan.model';
import { Unit } from '../modules/unit/unit.model';
import { UnitAffiliation } from '../modules/unit-affiliation/unit-affiliation.model';
import { UnitClass } from '../modules/unit-class/unit-class.model';
import { UnitClassTransfer, UnitClassTransferRecord } from '../modules/unit-class/unit-class-transfer.model';
import { UnitImport } from '../modules/unit-import/unit-import.model';
import { UploadedImage } from '../modules/upload/upload.model';
import { WechatBinding, Wxapp, WxappProject } from '../modules/wechat/wxapp.model';
import { installTenantGuard } from './tenant-guard';

/** Binds every model to the process's Sequelize instance and declares the associations. */
export function initModels(sequelize: Sequelize): void {
  for (const model of [Project, Unit, Role, Account, Session, AuditLog]) model.initModel(sequelize);
  for (const model of [SignInAttempt, Captcha]) model.initModel(sequelize);
  for (const model of [SmsCode, SmsOutbox]) model.initModel(sequelize);
  IdentityCheck.initModel(sequelize);
  for (const model of [Dictionary, Vocation]) model.initModel(sequelize);
  for (const model of [Wxapp, WxappProject, WechatBinding]) model.initModel(sequelize);
  for (const model of [TrainPlan, ClassCategory]) model.initModel(sequelize);
  for (const model of [ResourceCategory, Resource, ResourceUpload, ResourceUploadError]) {
    model.initModel(sequelize);
  }
  for (const model of [CourseCategory, Course, CourseLesson, ResourceQuestion]) model.initModel(sequelize);
  for (const model of [BannerImage, Banner, UploadedImage]) model.initModel(sequelize);
  CertificateTemplate.initModel(sequelize);
  for (const model of [TrainClass, TrainClassCourse, MyClass, ClassEvaluation, ShopCartItem]) {
    model.initModel(sequelize);
  }
  for (const model of [
    PayOrder,
    PayOrderItem,
    PayAttempt,
    PayOrderLog,
    PayNotification,
    BatchOrder,
    PayRefund,
  ])
    model.initModel(sequelize);
  for (const model of [LessonProgress, StudySession, StudyRefusal, PopupAnswer]) model.initModel(sequelize);
  for (const model of [FacePhoto, FaceCapture, FaceConsent]) model.initModel(sequelize);
  for (const model of [ExamCategory, ExamQuestion, ExamPaper, ExamPaperQuestion, ExamSetting, ExamAttempt])
    model.initModel(sequelize);
  for (const model of [Certificate, CertificatePrintLog, CertificateQueryMiss]) model.initModel(sequelize);
  for (const model of [UnitClass, UnitClassTransfer, UnitClassTransferRecord]) model.initModel(sequelize);
  UnitImport.initModel(sequelize);
  UnitAffiliation.initModel(sequelize);
  ChangeClassApply.initModel(sequelize);
  for (const model of [ClassApply, StudyNotice]) model.initModel(sequelize);
  for (const model of [ExceptionCase, ExceptionCaseNoteRow]) model.initModel(sequelize);
  RefundApply.initModel(sequelize);
  for (const model of [InvoiceConfig, Invoice, InvoiceOrder, InvoiceLog]) model.initModel(sequelize);
  RegulatorPushConfig.initModel(sequelize);
  for (const model of [
    PartnerApp,
    PartnerCallLog,
    PartnerToken,
    PartnerAccount,
    PartnerSignUp,
    PartnerSsoTicket,
    PartnerNotice,
    PartnerNoticeAttempt,
  ])
    model.initModel(sequelize);
  RegulatorPush.initModel(sequelize);
  RegulatorPushLog.initModel(sequelize);
  for (const model of CMS_MODELS) model.initModel(sequelize);
  installTenantGuard(Object.values(sequelize.models) as ModelStatic<never>[]);
  wireModules();
  Project.hasMany(Unit, { foreignKey: { name: 'projectId', allowNull: false } });
  Unit.belongsTo(Project, { foreignKey: { name: 'projectId', allowNull: false } });
  Account.belongsTo(Role, { as: 'role', foreignKey: 'roleId' });
  Role.hasMany(Account, { foreignKey: 'roleId' });
}
