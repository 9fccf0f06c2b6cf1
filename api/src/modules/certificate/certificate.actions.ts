import type { ActionDefinition } from '../../core/action';

/** Certificate template calls. */
export const certificateActions: ActionDefinition[] = [];
