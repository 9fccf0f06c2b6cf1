import type { JobDefinition } from '../core/jobs';
import { signInAttemptSweep } from '../modules/auth/auth.jobs';
import { sweepBannerImagesJob } from '../modules/banner/banner.jobs';
import { dashboardRollupJob } from '../modules/dashboard/dashboard.jobs';
import { examDeadlineJob } from '../modules/exam/exam.jobs';
import { invoiceIssueJob, invoiceRedJob, invoiceSweepJob } from '../modules/invoice/invoice.jobs';
import { studyNoticeJob } from '../modules/my-class/study-notice.service';
import { orderSweepJob } from '../modules/order/order.jobs';
import { partnerNoticeJob, partnerSweepJob } from '../modules/partner/partner.jobs';
import { regulatorPushJob, regulatorPushSweepJob } from '../modules/regulator/push.jobs';
import {
  deleteRetiredPackagesJob,
  packageVideoJob,
  repackageStaleJob,
  sweepUploadsJob,
} from '../modules/resource/resource.jobs';
import {
  unitClassTransferRunJob,
  unitClassTransferSweepJob,
} from '../modules/unit-class/unit-class-transfer.jobs';
import { unitImportRunJob, unitImportSweepJob } from '../modules/unit-import/unit-import.jobs';

/** Every kind of background job of the product. */
export const allJobs: readonly JobDefinition[] = [
  signInAttemptSweep,
  sweepUploadsJob,
  packageVideoJob,
  sweepBannerImagesJob,
  orderSweepJob,
  invoiceIssueJob,
  invoiceRedJob,
  invoiceSweepJob,
  examDeadlineJob,
  unitImportRunJob,
  unitImportSweepJob,
  unitClassTransferRunJob,
  unitClassTransferSweepJob,
  partnerSweepJob,
  partnerNoticeJob,
  regulatorPushJob,
  regulatorPushSweepJob,
  dashboardRollupJob,
  studyNoticeJob,
  repackageStaleJob,
  deleteRetiredPackagesJob,
];
