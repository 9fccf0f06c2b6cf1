import { listenAccount } from './account/account.listeners';
import { listenChangeClass } from './change-class/change-class.listeners';
import { listenClassCategory } from './class-category/class-category.listeners';
import { listenCms } from './cms/cms.listeners';
import { listenCourse } from './course/course.listeners';
import { listenExam } from './exam/exam.listeners';
import { listenInvoice } from './invoice/invoice.listeners';
import { listenMyCertificate } from './my-certificate/my-certificate.listeners';
import { listenPartner } from './partner/partner.listeners';
import { listenRefundApply } from './refund-apply/refund-apply.listeners';
import { listenRegulator } from './regulator/regulator.listeners';
import { listenSession } from './session/session.listeners';
import { listenStudy } from './study/study.listeners';
import { listenCatalogueUsage } from './train-class/catalogue-usage.listeners';
import { listenClassUsage } from './train-class/class-usage.listeners';

/**
 * Wires the modules' listeners of domain events (core/events.ts) once per process; called by
 * `initModels`, so the server, the tests, the migrations and the seeds all run with them.
 */
let wired = false;

export function wireModules(): void {
  if (wired) return;
  wired = true;
  listenAccount();
  listenClassCategory();
  listenSession();
  listenCourse();
  listenCatalogueUsage();
  listenClassUsage();
  listenStudy();
  listenInvoice();
  listenExam();
  listenMyCertificate();
  listenRefundApply();
  listenChangeClass();
  listenPartner();
  listenRegulator();
  listenCms();
}
