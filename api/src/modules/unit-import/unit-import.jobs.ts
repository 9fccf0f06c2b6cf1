import { Op } from 'sequelize';
import { defineJob } from '../../core/jobs';
import { UnitImport } from './unit-import.model';
import { runImport } from './unit-import.run';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Runs (or carries on with) one import. */
    'unit-import.run': { importId: number };
    /** `staleSeconds` stands in for the default, for tests. */
    'unit-import.sweep': { staleSeconds?: number };
  }
}

/** An import not moved on for this long is taken up again by the sweep (its worker is gone). */
export const IMPORT_STALE_SECONDS = 60;

/**
 * One import, a time slice at a time: a run that has work left sends the next run, so no run nears
 * the queue's expiry and a restart loses at most the chunk in flight (rolled back whole).
 */
export const unitImportRunJob = defineJob({
  name: 'unit-import.run',
  retryLimit: 5,
  expireInSeconds: 120,
  async handler(scope, data) {
    if (await runImport(scope, data.importId)) await scope.jobs.send('unit-import.run', data);
  },
});

/**
 * Every minute: imports still running whose row has not changed for a while (their process was
 * killed, or their job expired) are run again from where they stand. Running one twice is safe.
 */
export const unitImportSweepJob = defineJob({
  name: 'unit-import.sweep',
  schedule: '* * * * *',
  // A booting server takes up every running import at once (a duplicate run is harmless).
  atStart: { staleSeconds: 0 },
  retryLimit: 0,
  async handler(scope, data) {
    const before = new Date(Date.now() - (data.staleSeconds ?? IMPORT_STALE_SECONDS) * 1000);
    const stale = await UnitImport.findAll({
      attributes: ['id'],
      where: { status: ['VALIDATING', 'VALIDATED', 'IMPORTING'], updatedAt: { [Op.lte]: before } },
      // The sweep spans projects on purpose.
      allTenants: true,
    });
    for (const row of stale) {
      await UnitImport.update({ updatedAt: new Date() }, { where: { id: row.id }, allTenants: true });
      await scope.jobs.send('unit-import.run', { importId: row.id });
    }
  },
});
