import { Op } from 'sequelize';
import { defineJob } from '../../core/jobs';
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

/**
 * One transfer, a time slice at a time: a run that has work left sends the next run, so no run
 * nears the queue's expiry and a restart loses at most the chunk in flight (rolled back whole).
 */
export const unitClassTransferRunJob = defineJob({
  name: 'unit-class-transfer.run',
  retryLimit: 5,
  expireInSeconds: 120,
  async handler(scope, data) {
    if (await runTransfer(scope, data.transferId)) await scope.jobs.send('unit-class-transfer.run', data);
  },
});

/**
 * Every minute (and at every server start): running transfers whose row has not changed for a while
 * are run again from where they stand. Running one twice is safe.
 */
export const unitClassTransferSweepJob = defineJob({
  name: 'unit-class-transfer.sweep',
  schedule: '* * * * *',
  atStart: { staleSeconds: 0 },
  retryLimit: 0,
  async handler(scope, data) {
    const before = new Date(Date.now() - (data.staleSeconds ?? TRANSFER_STALE_SECONDS) * 1000);
    const stale = await UnitClassTransfer.findAll({
      attributes: ['id'],
      where: { status: 'RUNNING', updatedAt: { [Op.lte]: before } },
      // The sweep spans projects on purpose.
      allTenants: true,
    });
    for (const row of stale) {
      await UnitClassTransfer.update({ updatedAt: new Date() }, { where: { id: row.id }, allTenants: true });
      await scope.jobs.send('unit-class-transfer.run', { transferId: row.id });
    }
  },
});
