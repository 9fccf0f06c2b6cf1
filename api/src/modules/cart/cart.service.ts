import { Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import {
  CART_ITEMS_MAX,
  type CartAnswer,
  type CartCheckout,
  type CartCount,
  type CartItem,
  type CartJoinAnswer,
  type CartUnavailableReason,
} from '../../contract/cart';
import { CLASS_APPLY_MESSAGES } from '../../contract/class-apply';
import { ACTIVE_MY_CLASS_STATUS } from '../../contract/train-class';
import type { ActorScope } from '../../core/action';
import { type FeedCacheOptions, sharedCache } from '../../core/change-feed';
import { BusinessError, uniqueRefusal } from '../../core/errors';
import { andThen } from '../../core/maybe-promise';
import { categoryPlaces } from '../class-category/category-places';
import { classesAwaitingApproval } from '../train-class/class-apply.model';
import {
  CLASS_NOT_OFFERED,
  chinaToday,
  classHours,
  findOfferedClass,
  notOfferedReason,
  offeredWhere,
} from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { ShopCartItem } from './cart.model';

/**
 * The shopping cart (购物车) of a signed-in student in their project. Classes are added while
 * offered and not enrolled, once each (the unique index decides between concurrent adds), at most
 * CART_ITEMS_MAX; items whose class stopped being offered stay, marked unavailable with a reason,
 * and are left out of totals and checkout. Writes to one student's cart are serialised.
 */

/** The student whose cart is read or written. */
interface CartOwner {
  projectId: number;
  accountId: number;
}

/** The signed-in student of a scope, as the owner of a cart. */
const ownerOf = (scope: ActorScope): CartOwner => ({
  projectId: scope.project.id,
  accountId: scope.principal.accountId,
});

const ALREADY_IN_CART = '已在购物车中';
const ALREADY_ENROLLED = '已报名该班级';
const CART_FULL = `购物车最多放 ${CART_ITEMS_MAX} 个班级，请先结算或删除部分班级`;
const NOT_IN_CART = '所选班级不在您的购物车中';

/** Namespace of the advisory locks that serialise writes to one student's cart. */
const CART_LOCK_NAMESPACE = 4_711_010;

async function lockCart(scope: ActorScope, owner: CartOwner, transaction: Transaction) {
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :accountId)', {
    replacements: { namespace: CART_LOCK_NAMESPACE, accountId: owner.accountId },
    transaction,
  });
}

const ownerWhere = (owner: CartOwner) => ({ projectId: owner.projectId, accountId: owner.accountId });

/** The ids of `classIds` the student is enrolled in (an enrolment of ACTIVE_MY_CLASS_STATUS). */
async function enrolledClassIds(
  owner: CartOwner,
  classIds: number[],
  transaction?: Transaction,
): Promise<Set<number>> {
  if (classIds.length === 0) return new Set();
  const rows = await MyClass.findAll({
    attributes: ['classId'],
    where: { ...ownerWhere(owner), classId: classIds, status: [...ACTIVE_MY_CLASS_STATUS] },
    transaction,
  });
  return new Set(rows.map((row) => row.classId));
}

/** Why a cart item cannot be checked out today, or null: enrolled, off the shelf, outside the window. */
function unavailableReason(
  cls: TrainClass,
  planStatus: string,
  enrolled: boolean,
  today: string,
): CartUnavailableReason | null {
  if (enrolled) return 'ENROLLED';
  return notOfferedReason(cls, planStatus, today);
}

/**
 * The student's cart items, newest first (only `ids` when given), with their class's current price,
 * hours and availability on `today`.
 */
async function cartItems(scope: ActorScope, today: string, ids?: number[]): Promise<CartItem[]> {
  const owner = ownerOf(scope);
  const rows = await ShopCartItem.findAll({
    where: { ...ownerWhere(owner), ...(ids ? { id: ids } : {}) },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  const classIds = rows.map((row) => row.classId);
  const classes = new Map(
    (await TrainClass.findAll({ where: { id: classIds, projectId: owner.projectId } })).map((cls) => [
      cls.id,
      cls,
    ]),
  );
  const plans = new Map(
    (
      await TrainPlan.findAll({
        attributes: ['id', 'status'],
        where: { id: [...classes.values()].map((c) => c.planId), projectId: owner.projectId },
      })
    ).map((plan) => [plan.id, plan.status]),
  );
  const [places, hours, enrolled] = await Promise.all([
    categoryPlaces(owner.projectId),
    classHours(owner.projectId, classIds),
    enrolledClassIds(owner, classIds),
  ]);
  const { settings } = scope.project;
  const items: CartItem[] = [];
  for (const row of rows) {
    const cls = classes.get(row.classId);
    if (!cls) continue;
    const place = places.get(cls.categoryId);
    const reason = unavailableReason(cls, plans.get(cls.planId) ?? '', enrolled.has(cls.id), today);
    items.push({
      id: row.id,
      classId: cls.id,
      className: cls.name,
      year: cls.year,
      baseType: place?.baseType ?? 'public',
      categoryPath: place?.path ?? '',
      amount: cls.amountFen,
      requiredHours: (hours.get(cls.id)?.requiredTenths ?? 0) / 10,
      electiveHours: settings.hideElective === 1 ? 0 : cls.electiveHoursTenths / 10,
      available: reason === null,
      unavailableReason: reason,
      addedAt: row.createdAt.toISOString(),
    });
  }
  return items;
}

/** The sum (fen) of the available items' prices. */
function totalOf(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + (item.available ? item.amount : 0), 0);
}

/** `shop-cart/find`: the student's cart, newest first, with the total (fen) of the available items. */
export async function findCart(scope: ActorScope, today = chinaToday()): Promise<CartAnswer> {
  const items = await cartItems(scope, today);
  return {
    items,
    totalAmount: totalOf(items),
    availableCount: items.filter((item) => item.available).length,
  };
}

/**
 * `shop-cart/count`: how many items the student's cart holds. A hot call (the badge of every H5
 * page): kept per process while no cart changes on any instance (migration 0030 notifies
 * `shop_cart_item`), else one raw query.
 */
export function countCart(scope: ActorScope): CartCount | Promise<CartCount> {
  const owner = ownerOf(scope);
  const read = async () => {
    const [row] = await scope.sequelize.query<{ count: number }>(
      'SELECT COUNT(*)::int AS count FROM shop_cart_item WHERE project_id = :projectId AND account_id = :accountId',
      { replacements: { ...owner }, type: QueryTypes.SELECT },
    );
    return { count: row?.count ?? 0 };
  };
  const cache = sharedCache<CartCount>(scope.sequelize, 'cart-count', CART_COUNT_CACHE);
  if (!cache) return read();
  // Held: answered at once, no promise (the badge of every H5 page).
  const counted = cache.peekOrGet(`${owner.accountId}|${owner.projectId}`, read);
  return andThen(counted, (count) => count ?? read());
}

/** Kept while none of the account's cart items changes on any instance (migration 0091 names it). */
const CART_COUNT_CACHE: FeedCacheOptions<CartCount> = {
  tables: ['shop_cart_item'],
  // The key is `account|project`.
  accountsOf: (key) => [Number(key.split('|', 1)[0])],
  maxEntries: 50_000,
  maxAgeMs: 60_000,
};

async function countItems(owner: CartOwner, transaction?: Transaction): Promise<CartCount> {
  return { count: await ShopCartItem.count({ where: ownerWhere(owner), transaction }) };
}

/** Inserts cart rows; a row the unique index already holds answers 已在购物车中. */
async function insertItems(owner: CartOwner, classIds: number[], transaction: Transaction): Promise<void> {
  await ShopCartItem.bulkCreate(
    classIds.map((classId) => ({ ...ownerWhere(owner), classId })),
    { transaction },
  ).catch(uniqueRefusal(new BusinessError(ALREADY_IN_CART)));
}

/** Refuses when `adding` more items would take the cart past CART_ITEMS_MAX. */
async function checkRoom(owner: CartOwner, adding: number, transaction: Transaction): Promise<void> {
  const { count } = await countItems(owner, transaction);
  if (count + adding > CART_ITEMS_MAX) throw new BusinessError(CART_FULL);
}

/**
 * `shop-cart/save`: adds an offered class of the student's project to their cart. Throws
 * BusinessError 班级不存在或已下架, 已在购物车中, 已报名该班级, or when the cart is full.
 */
export async function addToCart(
  scope: ActorScope,
  classId: number,
  today = chinaToday(),
): Promise<CartCount> {
  const owner = ownerOf(scope);
  return scope.sequelize.transaction(async (transaction) => {
    await lockCart(scope, owner, transaction);
    const cls = await findOfferedClass(owner.projectId, classId, today, transaction);
    if (!cls) throw new BusinessError(CLASS_NOT_OFFERED);
    if (await ShopCartItem.count({ where: { ...ownerWhere(owner), classId }, transaction }))
      throw new BusinessError(ALREADY_IN_CART);
    if ((await enrolledClassIds(owner, [classId], transaction)).size)
      throw new BusinessError(ALREADY_ENROLLED);
    if ((await classesAwaitingApproval(owner.projectId, owner.accountId, [classId], transaction)).size)
      throw new BusinessError(CLASS_APPLY_MESSAGES.NOT_APPROVED);
    await checkRoom(owner, 1, transaction);
    await insertItems(owner, [classId], transaction);
    return countItems(owner, transaction);
  });
}

/**
 * `shop-cart/one-click-join`: adds several offered classes at once, skipping those already in the
 * cart or enrolled. All or nothing: a class that is not offered (or of another project) refuses the
 * whole call (班级不存在或已下架), and so does a cart that would overflow.
 */
export async function joinClasses(
  scope: ActorScope,
  classIds: number[],
  today = chinaToday(),
): Promise<CartJoinAnswer> {
  const owner = ownerOf(scope);
  return scope.sequelize.transaction(async (transaction) => {
    await lockCart(scope, owner, transaction);
    const offered = await TrainClass.findAll({
      attributes: ['id'],
      where: { ...offeredWhere(today), projectId: owner.projectId, id: classIds } as WhereOptions<TrainClass>,
      transaction,
    });
    if (offered.length !== classIds.length) throw new BusinessError(CLASS_NOT_OFFERED);
    const inCart = new Set(
      (
        await ShopCartItem.findAll({
          attributes: ['classId'],
          where: { ...ownerWhere(owner), classId: classIds },
          transaction,
        })
      ).map((row) => row.classId),
    );
    const enrolled = await enrolledClassIds(owner, classIds, transaction);
    const awaiting = await classesAwaitingApproval(owner.projectId, owner.accountId, classIds, transaction);
    const adding = classIds.filter((id) => !inCart.has(id) && !enrolled.has(id) && !awaiting.has(id));
    await checkRoom(owner, adding.length, transaction);
    if (adding.length) await insertItems(owner, adding, transaction);
    const { count } = await countItems(owner, transaction);
    return { added: adding.length, skipped: classIds.length - adding.length, count };
  });
}

/**
 * `shop-cart/delete`: removes items of the student's cart. Every id must be an item of theirs,
 * else nothing is removed (BusinessError).
 */
export async function removeFromCart(scope: ActorScope, ids: number[]): Promise<CartCount> {
  const owner = ownerOf(scope);
  return scope.sequelize.transaction(async (transaction) => {
    await lockCart(scope, owner, transaction);
    const where = { ...ownerWhere(owner), id: { [Op.in]: ids } };
    if ((await ShopCartItem.count({ where, transaction })) !== ids.length)
      throw new BusinessError(NOT_IN_CART);
    await ShopCartItem.destroy({ where, transaction });
    return countItems(owner, transaction);
  });
}

/** `shop-cart/delete-all`: empties the student's cart. */
export async function clearCart(scope: ActorScope): Promise<CartCount> {
  const owner = ownerOf(scope);
  return scope.sequelize.transaction(async (transaction) => {
    await lockCart(scope, owner, transaction);
    await ShopCartItem.destroy({ where: ownerWhere(owner), transaction });
    return countItems(owner, transaction);
  });
}

/**
 * `shop-cart/open-cart`: the checkout preview of the cart (or of its items `ids`): the available
 * items and their total (fen), the unavailable ones with their reasons, and the project's `payTip`.
 * Throws BusinessError when an id is not an item of the student's cart.
 */
export async function openCart(
  scope: ActorScope,
  ids?: number[],
  today = chinaToday(),
): Promise<CartCheckout> {
  const items = await cartItems(scope, today, ids);
  if (ids && items.length !== ids.length) throw new BusinessError(NOT_IN_CART);
  const available = items.filter((item) => item.available);
  return {
    items: available,
    unavailable: items.filter((item) => !item.available),
    totalAmount: totalOf(available),
    payTip: scope.project.settings.payTip,
  };
}
