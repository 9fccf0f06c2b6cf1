import { Op } from 'sequelize';
import { defineResumableWork } from '../../core/jobs';
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

/** Imports, a time slice per run; the sweep takes up those a killed process left. */
export const [unitImportRunJob, unitImportSweepJob] = defineResumableWork({
  run: 'unit-import.run',
  sweep: 'unit-import.sweep',
  staleSeconds: IMPORT_STALE_SECONDS,
  slice: (scope, data) => runImport(scope, data.importId),
  async takeStale(before) {
    const stale = await UnitImport.findAll({
      attributes: ['id'],
      where: { status: ['VALIDATING', 'VALIDATED', 'IMPORTING'], updatedAt: { [Op.lte]: before } },
      // The sweep spans projects on purpose.
      allTenants: true,
    });
    const ids = stale.map((row) => row.id);
    if (ids.length)
      await UnitImport.update({ updatedAt: new Date() }, { where: { id: ids }, allTenants: true });
    return ids.map((importId) => ({ importId }));
  },
});
