import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { ledgerHeads } from '../study/ledger';
import { latestCorrectedHours } from '../study-report/correction.service';
import { type StudyCorrected, studyCorrected } from '../study-report/study-report.events';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { RegulatorPush } from './push.model';
import {
  activeConfig,
  classBaseTypes,
  notReportable,
  writeCorrectionPush,
  writeOriginalPushes,
} from './push.service';
import { addRecordSources } from './push-dispatch';
import type { EnrolmentFactsReader } from './push-record';

/**
 * An enrolment that passed (or finished a class without an exam) is reported at once when its
 * project reports automatically and its class's base type is reported: its push record is written
 * in the same transaction (the outbox), after the certificate's (it names the certificate).
 */
async function pushOnPass(scope: Scope, payload: EnrolmentPassed, transaction: Transaction): Promise<void> {
  const config = await activeConfig(payload.projectId, transaction);
  if (config?.pushMode !== 'AUTO') return;
  const baseTypes = await classBaseTypes(scope.sequelize, payload.projectId, [payload.classId], transaction);
  if (notReportable(config, baseTypes.get(payload.classId))) return;
  await writeOriginalPushes(scope, payload.projectId, [payload.myClassId], 'AUTO', null, transaction);
}

/**
 * A corrected enrolment whose record the regulator accepted is reported again as a correction of
 * its newest accepted push, in the correction's transaction; a push not sent yet (or refused, to be
 * rebuilt when re-pushed) carries the corrected data by itself.
 */
async function pushCorrection(
  scope: Scope,
  payload: StudyCorrected,
  transaction: Transaction,
): Promise<void> {
  const pushes = await RegulatorPush.findAll({
    where: { projectId: payload.projectId, myClassId: payload.myClassId },
    order: [['id', 'DESC']],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  const waiting = pushes.find(
    (push) => push.payload === null && ['PENDING', 'RETRY_WAIT'].includes(push.status),
  );
  if (waiting) return;
  const accepted = pushes.find((push) => push.status === 'SUCCESS');
  if (accepted) await writeCorrectionPush(scope, accepted, payload.correctedBy, transaction);
}

/** The reported hours: the newest hours correction's total, where staff corrected them. */
const hoursOverrides: EnrolmentFactsReader<number> = async (sequelize, projectId, myClassIds) =>
  new Map(
    [...(await latestCorrectedHours(sequelize, projectId, myClassIds))].map(([id, hours]) => [
      id,
      hours.requiredTenths + hours.electiveTenths,
    ]),
  );

/** Wires the regulator's listeners (once, by `modules/index.ts`). */
export function listenRegulator(): void {
  listen(enrolmentPassed, pushOnPass);
  listen(studyCorrected, pushCorrection);
  addRecordSources({ ledgerHeads, hoursOverrides });
}
