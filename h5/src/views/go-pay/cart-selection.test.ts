import { buildCartItem } from '../../components/cart/cart.testing';
import { checkedTotal, initialChecked, keepChecked } from './cart-selection';

const ITEMS = [
  buildCartItem({ id: 1, amount: 1000 }),
  buildCartItem({ id: 2, amount: 2550 }),
  buildCartItem({ id: 3, amount: 700, available: false, unavailableReason: 'ENROL_CLOSED' }),
];

describe('the cart selection', () => {
  it('checks the preselected available items, or all available ones', () => {
    expect(initialChecked(ITEMS, [2])).toEqual([2]);
    expect(initialChecked(ITEMS, [2, 3, 9])).toEqual([2]);
    expect(initialChecked(ITEMS, [])).toEqual([1, 2]);
    expect(initialChecked(ITEMS, [3])).toEqual([1, 2]);
  });

  it('drops checked items that are gone or no longer available', () => {
    expect(keepChecked(ITEMS, [1, 3, 4])).toEqual([1]);
  });

  it('totals the checked available items in fen', () => {
    expect(checkedTotal(ITEMS, [1, 2, 3])).toBe(3550);
    expect(checkedTotal(ITEMS, [])).toBe(0);
  });
});
