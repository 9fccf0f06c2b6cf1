import { ROLE_SYSTEM } from '@px/config';
import type { z } from 'zod';
import {
  cartDeleteInput,
  cartFindInput,
  cartJoinInput,
  cartOpenInput,
  cartSaveInput,
} from '../../contract/cart';
import { type ActionContext, defineAction } from '../../core/action';
import { requirePrincipal, requireProjectId } from '../../core/tenant';
import {
  addToCart,
  type CartOwner,
  clearCart,
  countCart,
  findCart,
  joinClasses,
  openCart,
  removeFromCart,
} from './cart.service';

/**
 * A cart call (`shop-cart/<name>`): signed-in students only, on their own cart in their project.
 */
function cartAction<S extends z.ZodType, R>(
  name: string,
  input: S,
  handler: (ctx: ActionContext, input: z.output<S>, owner: CartOwner) => Promise<R>,
) {
  return defineAction({
    group: 'shop-cart',
    name,
    auth: 'signed-in',
    roles: [ROLE_SYSTEM.STUDENT],
    input,
    handler: (ctx, parsed) =>
      handler(ctx, parsed, { projectId: requireProjectId(ctx), accountId: requirePrincipal(ctx).accountId }),
  });
}

/** `shop-cart/find`: the cart, newest first, with the total (fen) of the available items. */
export const cartFind = cartAction('find', cartFindInput, (_ctx, _input, owner) => findCart(owner));

/** `shop-cart/count`: the number of items (the badge). */
export const cartCount = cartAction('count', cartFindInput, (_ctx, _input, owner) => countCart(owner));

/** `shop-cart/save`: adds an offered class. */
export const cartSave = cartAction('save', cartSaveInput, (ctx, input, owner) =>
  addToCart(ctx, owner, input.classId),
);

/** `shop-cart/delete`: removes items of the caller's cart. */
export const cartDelete = cartAction('delete', cartDeleteInput, (ctx, input, owner) =>
  removeFromCart(ctx, owner, input.ids),
);

/** `shop-cart/delete-all`: empties the cart. */
export const cartDeleteAll = cartAction('delete-all', cartFindInput, (ctx, _input, owner) =>
  clearCart(ctx, owner),
);

/** `shop-cart/one-click-join`: adds several offered classes, skipping those in the cart or enrolled. */
export const cartOneClickJoin = cartAction('one-click-join', cartJoinInput, (ctx, input, owner) =>
  joinClasses(ctx, owner, input.classIds),
);

/** `shop-cart/open-cart`: the checkout preview (optionally of some items). */
export const cartOpen = cartAction('open-cart', cartOpenInput, (_ctx, input, owner) =>
  openCart(owner, input.ids),
);

/** The shopping cart calls (shop-cart/...). */
export const cartActions = [
  cartFind,
  cartCount,
  cartSave,
  cartDelete,
  cartDeleteAll,
  cartOneClickJoin,
  cartOpen,
];
