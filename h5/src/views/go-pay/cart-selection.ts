import type { CartItem } from '@px/api/contract';

/**
 * The items checked when the cart first shows: the available ones of `preselected` (`?ids=`), or
 * every available item when the link names none (or none of them can be checked out).
 */
export function initialChecked(items: readonly CartItem[], preselected: readonly number[]): number[] {
  const available = items.filter((item) => item.available).map((item) => item.id);
  const chosen = available.filter((id) => preselected.includes(id));
  return chosen.length > 0 ? chosen : available;
}

/** The checked ids still present and available after the cart was loaded again. */
export function keepChecked(items: readonly CartItem[], checked: readonly number[]): number[] {
  return items.filter((item) => item.available && checked.includes(item.id)).map((item) => item.id);
}

/** Sum of the checked available items' prices, in fen. */
export function checkedTotal(items: readonly CartItem[], checked: readonly number[]): number {
  return items
    .filter((item) => item.available && checked.includes(item.id))
    .reduce((sum, item) => sum + item.amount, 0);
}
