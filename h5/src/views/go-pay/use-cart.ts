import type { CartAnswer } from '@px/api/contract';
import { useCallback, useRef, useState } from 'react';
import { Toast } from 'react-vant';
import { clearCart, findCart, removeFromCart } from '../../api/cart';
import { askConfirm } from '../../components/cart/ask-confirm';
import { type RemoteState, useRemote } from '../../hooks/useRemote';
import { initialChecked, keepChecked } from './cart-selection';

export type CartState = RemoteState<CartAnswer>;

export interface CartView {
  state: CartState;
  /** Ids of the checked cart items (available ones only). */
  checked: number[];
  /** Checks or unchecks one available item. */
  toggle: (id: number) => void;
  /** Checks every available item, or none when all are checked. */
  toggleAll: () => void;
  /** Loads the cart again; `quiet` keeps the current list on screen while it loads. */
  reload: (quiet?: boolean) => Promise<void>;
  /** Removes one item (`shop-cart/delete`). */
  remove: (id: number) => Promise<void>;
  /** Asks, then empties the cart (`shop-cart/delete-all`). */
  clear: () => Promise<void>;
}

/**
 * The signed-in student's cart (`shop-cart/find`) with the checked items: at first those of
 * `preselected` (`?ids=`) or every available one. Failed calls were shown by the request client.
 */
export function useCart(preselected: readonly number[]): CartView {
  const [checked, setChecked] = useState<number[]>([]);
  const loaded = useRef(false);
  const preselectedRef = useRef(preselected);

  const load = useCallback(async () => {
    const cart = await findCart();
    const first = !loaded.current;
    loaded.current = true;
    setChecked((current) =>
      first ? initialChecked(cart.items, preselectedRef.current) : keepChecked(cart.items, current),
    );
    return cart;
  }, []);
  const { state, reload: show, refresh } = useRemote(load);

  const reload = useCallback(
    async (quiet = false) => {
      if (quiet) await refresh().catch(() => undefined);
      else show();
    },
    [show, refresh],
  );

  const toggle = useCallback((id: number) => {
    setChecked((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );
  }, []);

  const toggleAll = useCallback(() => {
    if (state.status !== 'ready') return;
    const available = state.value.items.filter((item) => item.available).map((item) => item.id);
    setChecked((current) => (current.length === available.length ? [] : available));
  }, [state]);

  const remove = useCallback(
    async (id: number) => {
      try {
        await removeFromCart([id]);
      } catch {
        return;
      }
      Toast.success('已删除');
      await reload(true);
    },
    [reload],
  );

  const clear = useCallback(async () => {
    if (!(await askConfirm({ title: '清空购物车', message: '确定删除购物车中的全部班级吗？' }))) return;
    try {
      await clearCart();
    } catch {
      return;
    }
    Toast.success('购物车已清空');
    await reload(true);
  }, [reload]);

  return { state, checked, toggle, toggleAll, reload, remove, clear };
}
