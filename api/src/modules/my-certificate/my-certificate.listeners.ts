import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { issueClassCertificate } from './certificate-issue';

/** Issues the class certificate (and re-snapshots the year certificate) of an enrolment that passed. */
async function issueOnPass(_scope: Scope, payload: EnrolmentPassed, transaction: Transaction): Promise<void> {
  await issueClassCertificate(payload, transaction);
}

/** Wires the certificate listeners (once, by `modules/index.ts`). */
export function listenMyCertificate(): void {
  listen(enrolmentPassed, issueOnPass);
}
