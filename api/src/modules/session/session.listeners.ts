import { listen } from '../../core/events';
import { projectDisabled } from '../project/project.events';
import { Session } from './session.model';

/** The session module's listeners: disabling a project ends its live sessions, in the same transaction. */
export function listenSession(): void {
  listen(projectDisabled, async (_scope, { projectId }, transaction) => {
    await Session.update({ revokedAt: new Date() }, { where: { projectId, revokedAt: null }, transaction });
  });
}
