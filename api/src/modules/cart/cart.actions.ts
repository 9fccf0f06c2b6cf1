import { cartCalls } from '../../contract/cart';
import { implement } from '../../core/action';
import {
  addToCart,
  clearCart,
  countCart,
  findCart,
  joinClasses,
  openCart,
  removeFromCart,
} from './cart.service';

/** The shopping cart calls (`shop-cart/...`): the signed-in student's own cart in their project. */
export const cartActions = implement(cartCalls, {
  find: (ctx) => findCart(ctx),
  count: (ctx) => countCart(ctx),
  save: (ctx, input) => addToCart(ctx, input.classId),
  delete: (ctx, input) => removeFromCart(ctx, input.ids),
  'delete-all': (ctx) => clearCart(ctx),
  'one-click-join': (ctx, input) => joinClasses(ctx, input.classIds),
  'open-cart': (ctx, input) => openCart(ctx, input.ids),
});
