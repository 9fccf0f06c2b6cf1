import { z } from 'zod';
import { student } from './access';
import { answer, defineCalls } from './call';
import type { ClassBaseType } from './class-category';
import { zIdList, zInput } from './common';

/**
 * The shopping cart (购物车) of a signed-in student, per project: classes the student means to pay
 * for. A class is added only while it is offered and not already enrolled (any enrolment but
 * REFUNDED / CHANGED_OUT) and once per student. Items whose class stopped being offered stay in the
 * cart, marked unavailable, and are left out of checkout; a deleted class leaves every cart. See docs/product-decisions.md "Cart".
 */

/** The most items a cart holds. */
export const CART_ITEMS_MAX = 50;

/** Why an item cannot be checked out. */
export const CART_UNAVAILABLE_REASONS = ['OFF_SHELF', 'ENROL_CLOSED', 'ENROLLED'] as const;
export type CartUnavailableReason = (typeof CART_UNAVAILABLE_REASONS)[number];
export const CART_UNAVAILABLE_LABEL: Readonly<Record<CartUnavailableReason, string>> = {
  OFF_SHELF: '已下架',
  ENROL_CLOSED: '不在报名时间内',
  ENROLLED: '已报名',
};

/** `shop-cart/find` (body): the caller's cart, newest first (no paging: at most `CART_ITEMS_MAX`). */
export const cartFindInput = z.object({});

/** An item of the cart. */
export interface CartItem {
  id: number;
  classId: number;
  className: string;
  year: number;
  baseType: ClassBaseType;
  categoryPath: string;
  /** Current price in fen. */
  amount: number;
  requiredHours: number;
  electiveHours: number;
  available: boolean;
  /** Set when not available. */
  unavailableReason: CartUnavailableReason | null;
  addedAt: string;
}

/** `shop-cart/find`: the items and the total (fen) of the available ones. */
export interface CartAnswer {
  items: CartItem[];
  /** Sum of the available items' prices, in fen. */
  totalAmount: number;
  availableCount: number;
}

/** `shop-cart/count`: items in the cart (the badge); also the answer of `save`, `delete` and `delete-all`. */
export interface CartCount {
  count: number;
}

/** `shop-cart/save`: adds one class to the cart. */
export const cartSaveInput = z.object({ classId: zInput.id() });

/** `shop-cart/delete`: removes items (ids of cart items) of the caller's cart. */
export const cartDeleteInput = z.object({
  ids: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择要删除的班级' })),
});

/**
 * `shop-cart/one-click-join` (一键加入): adds several classes at once (e.g. every offered class of a
 * year shown in the class centre); classes already in the cart or enrolled are skipped, any class
 * not offered refuses the whole call.
 */
export const cartJoinInput = z.object({
  classIds: zIdList().pipe(z.array(z.number()).min(1, { error: '请选择班级' }).max(CART_ITEMS_MAX)),
});

/** `shop-cart/one-click-join`: how many were added and skipped, and the new count. */
export interface CartJoinAnswer {
  added: number;
  skipped: number;
  count: number;
}

/**
 * `shop-cart/open-cart`: the checkout preview of the cart (optionally only `ids`): the available
 * items with the total to pay, and the unavailable ones with their reason. Payment itself comes with
 * the payment issue.
 */
export const cartOpenInput = z.object({
  ids: z.preprocess((v) => (v === '' ? undefined : v), zIdList().optional()),
});

/** `shop-cart/open-cart`. */
export interface CartCheckout {
  items: CartItem[];
  unavailable: CartItem[];
  totalAmount: number;
  /** The project's `payTip`, shown above the pay button. */
  payTip: string;
}

/** The shopping cart calls (`shop-cart/...`): signed-in students, on their own cart in their project. */
export const cartCalls = defineCalls('shop-cart', {
  /** The cart, newest first, with the total (fen) of the available items. */
  find: { input: cartFindInput, answer: answer<CartAnswer>(), access: student },
  /** The number of items (the badge). */
  count: { input: cartFindInput, answer: answer<CartCount>(), access: student },
  /** Adds an offered class. */
  save: { input: cartSaveInput, answer: answer<CartCount>(), access: student },
  /** Removes items of the caller's cart. */
  delete: { input: cartDeleteInput, answer: answer<CartCount>(), access: student },
  /** Empties the cart. */
  'delete-all': { input: cartFindInput, answer: answer<CartCount>(), access: student },
  /** Adds several offered classes, skipping those in the cart, enrolled or awaiting an approved application. */
  'one-click-join': { input: cartJoinInput, answer: answer<CartJoinAnswer>(), access: student },
  /** The checkout preview (optionally of some items). */
  'open-cart': { input: cartOpenInput, answer: answer<CartCheckout>(), access: student },
});
