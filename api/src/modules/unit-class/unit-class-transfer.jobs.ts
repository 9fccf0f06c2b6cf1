import { Op } from 'sequelize';
import { defineResumableWork } from '../../core/jobs';
import { UnitClassTransfer } from './unit-class-transfer.model';
import { runTransfer } from './unit-class-transfer.run';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Runs (or carries on with) one transfer of students between unit classes. */
    'unit-class-transfer.run': { transferId: number };
    /** `staleSeconds` stands in for the default, for tests. */
    'unit-class-transfer.sweep': { staleSeconds?: number };
  }
}

/** A transfer not moved on for this long is taken up again by the sweep (its worker is gone). */
export const TRANSFER_STALE_SECONDS = 60;

/** Transfers, a time slice per run; the sweep takes up those a killed process left. */
export const [unitClassTransferRunJob, unitClassTransferSweepJob] = defineResumableWork({
  run: 'unit-class-transfer.run',
  sweep: 'unit-class-transfer.sweep',
  staleSeconds: TRANSFER_STALE_SECONDS,
  slice: (scope, data) => runTransfer(scope, data.transferId),
  async takeStale(before) {
    const stale = await UnitClassTransfer.findAll({
      attributes: ['id'],
      where: { status: 'RUNNING', updatedAt: { [Op.lte]: before } },
      // The sweep spans projects on purpose.
      allTenants: true,
    });
    const ids = stale.map((row) => row.id);
    if (ids.length)
      await UnitClassTransfer.update({ updatedAt: new Date() }, { where: { id: ids }, allTenants: true });
    return ids.map((transferId) => ({ transferId }));
  },
});
