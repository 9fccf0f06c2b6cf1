import { isDatabaseUnavailable } from '../../core/error-handler';
import { defineJob } from '../../core/jobs';
import { withBypass } from '../../db/tenant-access';
import { Project } from '../project/project.model';
import { rollupProject } from './dashboard-rollup';

declare module '../../core/jobs' {
  interface JobPayloads {
    /** Brings the dashboard's figures of every project (or the one named) up to date. */
    'dashboard.rollup': { projectId?: number };
  }
}

/**
 * Every five minutes and at every start: each project's dashboard figures are brought up to date
 * (only the days a change touched are computed again). One project's failure is logged and left
 * for the next run. A run cut short (the database lost, or a shutdown whose grace ran out, which
 * ends its connection) fails and runs again: its transaction was rolled back, nothing half-written.
 */
export const dashboardRollupJob = defineJob({
  name: 'dashboard.rollup',
  schedule: '*/5 * * * *',
  atStart: {},
  retryLimit: 2,
  expireInSeconds: 1800,
  async handler(scope, data) {
    const projects =
      data.projectId === undefined
        ? await withBypass('dashboard rollup', () =>
            Project.findAll({ attributes: ['id'], order: [['id', 'ASC']] }),
          )
        : [{ id: data.projectId }];
    for (const project of projects) {
      try {
        await rollupProject(scope, project.id);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        scope.log.warn({ err: error, projectId: project.id }, 'dashboard rollup failed');
      }
    }
  },
});
