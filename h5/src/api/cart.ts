import type { CartAnswer, CartCheckout, CartCount, CartJoinAnswer } from '@px/api/contract';
import { request } from './request';

/** The signed-in student's cart with the total of the available items. Rejects with an ApiError. */
export function findCart(): Promise<CartAnswer> {
  return request<CartAnswer>({ url: '/shop-cart/find.action', method: 'post', data: {} });
}

/** How many items the cart holds (quiet: only a badge depends on it). Rejects with an ApiError. */
export function countCart(): Promise<CartCount> {
  return request<CartCount>({ url: '/shop-cart/count.action', method: 'post' }, { quiet: true });
}

/** Adds a class to the cart. Rejects with an ApiError (not offered, already in the cart, enrolled). */
export function addToCart(classId: number): Promise<CartCount> {
  return request<CartCount>({ url: '/shop-cart/save.action', method: 'post', data: { classId } });
}

/** Removes cart items (cart item ids). Rejects with an ApiError. */
export function removeFromCart(ids: number[]): Promise<CartCount> {
  return request<CartCount>({ url: '/shop-cart/delete.action', method: 'post', data: { ids } });
}

/** Empties the cart. Rejects with an ApiError. */
export function clearCart(): Promise<CartCount> {
  return request<CartCount>({ url: '/shop-cart/delete-all.action', method: 'post' });
}

/** Adds several classes at once; those already in the cart or enrolled are skipped. Rejects with an ApiError. */
export function joinClasses(classIds: number[]): Promise<CartJoinAnswer> {
  return request<CartJoinAnswer>({
    url: '/shop-cart/one-click-join.action',
    method: 'post',
    data: { classIds },
  });
}

/** The checkout preview of the cart (or of `ids`): what will be paid and what cannot be. Rejects with an ApiError. */
export function openCart(ids?: number[]): Promise<CartCheckout> {
  return request<CartCheckout>({ url: '/shop-cart/open-cart.action', method: 'post', data: { ids } });
}
