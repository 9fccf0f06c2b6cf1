import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { listen } from '../../core/events';
import { ledgerHead } from '../study/ledger';
import { type EnrolmentPassed, enrolmentPassed } from '../train-class/my-class.events';
import { activeConfig, classBaseTypes, notReportable, writeOriginalPushes } from './push.service';
import { addRecordSources } from './push-dispatch';

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

/** Wires the regulator's listeners (once, by `modules/index.ts`). */
export function listenRegulator(): void {
  listen(enrolmentPassed, pushOnPass);
  addRecordSources({ ledgerHead });
}
