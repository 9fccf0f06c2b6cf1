import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { listen } from '../../core/events';
import {
  certificateTemplateDeleting,
  type TemplatesOfProject,
} from '../certificate/certificate-template.events';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { issueClassCertificate } from './certificate-issue';
import { Certificate } from './my-certificate.model';

/** Refusal of deleting a template that issued certificates print with. */
export const TEMPLATE_USED_BY_CERTIFICATES = '该模板已用于已发放的证书，不能删除（可停用）';

/** Issues the class certificate (and re-snapshots the year certificate) of an enrolment that passed. */
async function issueOnPass(_scope: Scope, payload: EnrolmentPassed, transaction: Transaction): Promise<void> {
  await issueClassCertificate(payload, transaction);
}

/** Vetoes deleting a template that live certificates print with (their reprints must look the same). */
async function refuseTemplateInUse(
  _scope: Scope,
  payload: TemplatesOfProject,
  transaction: Transaction,
): Promise<void> {
  const used = await Certificate.count({
    where: { projectId: payload.projectId, templateId: payload.ids, deletedAt: null },
    transaction,
  });
  if (used) throw new BusinessError(TEMPLATE_USED_BY_CERTIFICATES);
}

/** Wires the certificate listeners (once, by `modules/index.ts`). */
export function listenMyCertificate(): void {
  listen(enrolmentPassed, issueOnPass);
  listen(certificateTemplateDeleting, refuseTemplateInUse);
}
