import type { Migration } from '../migrate';
import { m0001Projects } from './0001-projects';
import { m0002Accounts } from './0002-accounts';
import { m0003SmsLimits } from './0003-sms-limits';
import { m0004Management } from './0004-management';
import { m0005Wechat } from './0005-wechat';
import { m0006Resources } from './0006-resources';
import { m0007TrainPlans } from './0007-train-plans';
import { m0008Courses } from './0008-courses';
import { m0009Banners } from './0009-banners';
import { m0010Classes } from './0010-classes';
import { m0011UploadErrors } from './0011-upload-errors';
import { m0012Jobs } from './0012-jobs';
import { m0013Orders } from './0013-orders';
import { m0014Study } from './0014-study';
import { m0015Face } from './0015-face';
import { m0016UnitManagerMenu } from './0016-unit-manager-menu';
import { m0017Exams } from './0017-exams';
import { m0018Certificates } from './0018-certificates';
import { m0019SkillCertificates } from './0019-skill-certificates';
import { m0020UnitClasses } from './0020-unit-classes';
import { m0021UnitImports } from './0021-unit-imports';
import { m0022UnitClassTransfers } from './0022-unit-class-transfers';
import { m0023UnitAffiliations } from './0023-unit-affiliations';
import { m0024Refunds } from './0024-refunds';
import { m0025ProjectSettingMenu } from './0025-project-setting-menu';
import { m0026RefundApplies } from './0026-refund-applies';
import { m0027Invoices } from './0027-invoices';
import { m0028ClassChanges } from './0028-class-changes';
import { m0029UnitManagerInvoices } from './0029-unit-manager-invoices';
import { m0030ChangeNotifications } from './0030-change-notifications';
import { m0031RowLevelSecurity } from './0031-row-level-security';
import { m0032VocationCodes } from './0032-vocation-codes';
import { m0033StudySessionNotifications } from './0033-study-session-notifications';
import { m0034RetiredPackages } from './0034-retired-packages';
import { m0036AudioLanguages } from './0036-audio-languages';
import { m0040RegulatorPushConfig } from './0040-regulator-push-config';
import { m0041RegulatorPushes } from './0041-regulator-pushes';
import { m0042StudyLedger } from './0042-study-ledger';
import { m0043StudyCorrections } from './0043-study-corrections';
import { m0046ExceptionCases } from './0046-exception-cases';
import { m0047ExceptionResolutions } from './0047-exception-resolutions';
import { m0050PartnerApps } from './0050-partner-apps';
import { m0051PartnerApi } from './0051-partner-api';
import { m0052PartnerNotices } from './0052-partner-notices';
import { m0053PartnerSsoSessions } from './0053-partner-sso-sessions';
import { m0057PackagerVersion } from './0057-packager-version';
import { m0060Cms } from './0060-cms';
import { m0070UploadedImages } from './0070-uploaded-images';
import { m0071Dashboard } from './0071-dashboard';
import { m0072FaceConsents } from './0072-face-consents';
import { m0073Vocations } from './0073-vocations';
import { m0074SharedResources } from './0074-shared-resources';
import { m0075IdentityChecks } from './0075-identity-checks';
import { m0076ClassApplies } from './0076-class-applies';
import { m0080UploadStorageParts } from './0080-upload-storage-parts';
import { m0082VideoPackaging } from './0082-video-packaging';
import { m0090StudyBeatFunctions } from './0090-study-beat-functions';
import { m0091ChangeNotificationAccounts } from './0091-change-notification-accounts';

/** Every migration, in order. Append only; never edit one that has been released. */
export const migrations: Migration[] = [
  m0001Projects,
  m0002Accounts,
  m0003SmsLimits,
  m0004Management,
  m0005Wechat,
  m0006Resources,
  m0007TrainPlans,
  m0008Courses,
  m0009Banners,
  m0010Classes,
  m0011UploadErrors,
  m0012Jobs,
  m0013Orders,
  m0014Study,
  m0015Face,
  m0016UnitManagerMenu,
  m0017Exams,
  m0018Certificates,
  m0019SkillCertificates,
  m0020UnitClasses,
  m0021UnitImports,
  m0022UnitClassTransfers,
  m0023UnitAffiliations,
  m0024Refunds,
  m0025ProjectSettingMenu,
  m0026RefundApplies,
  m0027Invoices,
  m0028ClassChanges,
  m0029UnitManagerInvoices,
  m0030ChangeNotifications,
  m0031RowLevelSecurity,
  m0040RegulatorPushConfig,
  m0070UploadedImages,
  m0050PartnerApps,
  m0051PartnerApi,
  m0052PartnerNotices,
  m0053PartnerSsoSessions,
  m0075IdentityChecks,
  m0041RegulatorPushes,
  m0060Cms,
  m0071Dashboard,
  m0042StudyLedger,
  m0043StudyCorrections,
  m0076ClassApplies,
  m0046ExceptionCases,
  m0047ExceptionResolutions,
  m0072FaceConsents,
  m0090StudyBeatFunctions,
  m0074SharedResources,
  m0080UploadStorageParts,
  m0073Vocations,
  m0082VideoPackaging,
  m0036AudioLanguages,
  m0032VocationCodes,
  m0057PackagerVersion,
  m0091ChangeNotificationAccounts,
  m0033StudySessionNotifications,
  m0034RetiredPackages,
];
