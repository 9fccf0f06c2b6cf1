import { api } from './request';

/** The signed-in student's cart with the total of the available items. Rejects with an ApiError. */
export const findCart = () => api.call('shop-cart/find');

/** How many items the cart holds (quiet: only a badge depends on it). Rejects with an ApiError. */
export const countCart = () => api.call('shop-cart/count', {}, { quiet: true });

/** Adds a class to the cart. Rejects with an ApiError (not offered, already in the cart, enrolled). */
export const addToCart = (classId: number) => api.call('shop-cart/save', { classId });

/** Removes cart items (cart item ids). Rejects with an ApiError. */
export const removeFromCart = (ids: number[]) => api.call('shop-cart/delete', { ids });

/** Empties the cart. Rejects with an ApiError. */
export const clearCart = () => api.call('shop-cart/delete-all');

/** Adds several classes at once; those already in the cart or enrolled are skipped. Rejects with an ApiError. */
export const joinClasses = (classIds: number[]) => api.call('shop-cart/one-click-join', { classIds });

/** The checkout preview of the cart (or of `ids`): what will be paid and what cannot be. Rejects with an ApiError. */
export const openCart = (ids?: number[]) => api.call('shop-cart/open-cart', { ids });
