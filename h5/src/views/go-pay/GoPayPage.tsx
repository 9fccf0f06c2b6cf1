import type { CartCheckout, SystemInfo } from '@px/api/contract';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Checkbox, SubmitBar } from 'react-vant';
import { openCart } from '../../api/cart';
import { parseIdList } from '../../components/cart/query-ids';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { CLASS_SELECT_CENTER_PATH } from '../../router/paths';
import { checkedTotal } from './cart-selection';
import { CartItemRow } from './components/CartItemRow';
import { CheckoutSummary } from './components/CheckoutSummary';
import { type CartView, useCart } from './use-cart';
import { useSubmitOrder } from './use-submit-order';
import './go-pay.css';

/** The empty cart, with the way to the class centre. */
function EmptyCart() {
  const navigate = useNavigate();
  return (
    <PageMessage description="购物车还是空的">
      <Button
        round
        type="primary"
        className="page-state__button"
        onClick={() => navigate(CLASS_SELECT_CENTER_PATH)}
      >
        去选课
      </Button>
    </PageMessage>
  );
}

/** The checkout summary on screen, with the cart item ids it was asked for (to read it again). */
interface OpenCheckout {
  checkout: CartCheckout;
  ids: number[];
}

interface CartListProps {
  view: CartView;
  settings: SystemInfo;
  onCheckout: (open: OpenCheckout) => void;
}

/** The cart's items with their checkboxes, 清空, and the SubmitBar with the checked total and 去结算. */
function CartList({ view, settings, onCheckout }: CartListProps) {
  const { submitting, run } = useSubmitLock();
  if (view.state.status !== 'ready') return null;
  const { items } = view.state.value;
  const { checked } = view;
  const availableCount = items.filter((item) => item.available).length;
  const allChecked = availableCount > 0 && checked.length === availableCount;
  const checkout = () =>
    void run(async () => onCheckout({ checkout: await openCart(checked), ids: checked })).catch(
      () => undefined,
    );

  return (
    <main className="page go-pay go-pay--cart">
      <div className="go-pay__toolbar">
        <span>共 {items.length} 个班级</span>
        <Button size="small" plain round type="danger" onClick={() => void view.clear()}>
          清空
        </Button>
      </div>
      <ul className="go-pay__items">
        {items.map((item) => (
          <CartItemRow
            key={item.id}
            item={item}
            checked={checked.includes(item.id)}
            hideElective={settings.hideElective === 1}
            onToggle={view.toggle}
            onRemove={(id) => void view.remove(id)}
          />
        ))}
      </ul>
      <SubmitBar
        label="合计："
        price={checkedTotal(items, checked)}
        buttonText={`去结算(${checked.length})`}
        disabled={checked.length === 0}
        loading={submitting}
        onSubmit={checkout}
      >
        <Checkbox checked={allChecked} disabled={availableCount === 0} onChange={view.toggleAll}>
          全选
        </Checkbox>
      </SubmitBar>
    </main>
  );
}

/**
 * /go-pay (signed in; also /v2/go-pay and /go-pay2) 购物车 / 确认订单: the cart (`?ids=` preselects
 * items), deleting and emptying it, 去结算: the checkout summary of the checked items
 * (`shop-cart/open-cart`), and 提交订单: the order, then its pay page.
 */
export function GoPayPage() {
  const [params] = useSearchParams();
  const preselected = useMemo(() => parseIdList(params.get('ids')), [params]);
  const systemInfo = useSystemInfo();
  const view = useCart(preselected);
  const [open, setOpen] = useState<OpenCheckout | null>(null);
  const openIds = open?.ids;
  const reloadSummary = useCallback(async () => {
    if (!openIds) return;
    try {
      setOpen({ checkout: await openCart(openIds), ids: openIds });
    } catch {
      // The request client has shown why; the summary on screen stays.
    }
  }, [openIds]);
  const order = useSubmitOrder(reloadSummary);

  if (view.state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (view.state.status === 'error')
    return <PageError message={view.state.message} onRetry={() => void view.reload()} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  if (open)
    return (
      <CheckoutSummary
        checkout={open.checkout}
        submitting={order.submitting}
        onSubmit={() => void order.submit(open.checkout)}
        onBack={() => {
          setOpen(null);
          void view.reload(true);
        }}
      />
    );
  if (view.state.value.items.length === 0) return <EmptyCart />;
  return <CartList view={view} settings={systemInfo.settings} onCheckout={setOpen} />;
}
