import type { ActionDefinition } from '../../core/action';

/** The H5 class centre calls and class evaluations. */
export const classCenterActions: ActionDefinition[] = [];
