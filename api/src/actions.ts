import type { ActionDefinition } from './core/action';
import { projectActions } from './modules/project/project.actions';

/** Every action of the API; the router derives `/api/<group>/<name>.action` from each. */
export const allActions: ActionDefinition[] = [...projectActions];
