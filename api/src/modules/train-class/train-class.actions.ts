import type { ActionDefinition } from '../../core/action';

/** Back-office class calls (class/create, page, export, shelf, copy, ...). */
export const trainClassActions: ActionDefinition[] = [];
