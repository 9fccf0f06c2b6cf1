import type { ActionDefinition } from '../../core/action';

/** The shopping cart calls (shop-cart/...). */
export const cartActions: ActionDefinition[] = [];
