import { CART_ITEMS_MAX } from '@px/api/contract';
import { CartO } from '@react-vant/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Button, Dialog, Toast } from 'react-vant';
import { joinClasses } from '../../../api/cart';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { GO_PAY_PATH, loginPathFor } from '../../../router/paths';

/** The floating cart button with the item count, leading to the cart (/go-pay). */
export function CartEntry({ count }: { count: number }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="class-center__cart"
      aria-label={`购物车（${count}）`}
      onClick={() => navigate(GO_PAY_PATH)}
    >
      <Badge content={count > 0 ? count : undefined} max={99}>
        <CartO />
      </Badge>
    </button>
  );
}

export interface JoinAllButtonProps {
  /** The listed classes, in order; at most CART_ITEMS_MAX are sent. */
  classIds: readonly number[];
  signedIn: boolean;
  /** The cart's new count. */
  onJoined: (count: number) => void;
}

/**
 * 一键加入: puts the listed classes into the cart after a confirmation (classes in the cart or
 * enrolled are skipped by the server). Anonymous visitors are sent to sign in and come back.
 */
export function JoinAllButton({ classIds, signedIn, onJoined }: JoinAllButtonProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { submitting, run } = useSubmitLock();
  const ids = classIds.slice(0, CART_ITEMS_MAX);

  const join = async () => {
    try {
      await Dialog.confirm({ title: '一键加入', message: `将当前列表的 ${ids.length} 个班级加入购物车？` });
    } catch {
      return;
    }
    try {
      const answer = await joinClasses(ids);
      onJoined(answer.count);
      Toast.success(
        answer.skipped > 0
          ? `已加入 ${answer.added} 个班级，${answer.skipped} 个已在购物车或已报名`
          : `已加入 ${answer.added} 个班级`,
      );
    } catch {
      // The request client has shown why.
    }
  };

  return (
    <Button
      size="small"
      round
      type="primary"
      loading={submitting}
      onClick={() => (signedIn ? void run(join) : navigate(loginPathFor(pathname, search)))}
    >
      一键加入
    </Button>
  );
}
