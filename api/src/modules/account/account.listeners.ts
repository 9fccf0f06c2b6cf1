import { listen } from '../../core/events';
import { projectCreated } from '../project/project.events';
import { createBuiltinRoles } from './builtin-roles';

/** The account module's listeners: a new project gets the built-in roles, in its creation's transaction. */
export function listenAccount(): void {
  listen(projectCreated, async (_scope, { projectId }, transaction) => {
    await createBuiltinRoles(projectId, transaction);
  });
}
