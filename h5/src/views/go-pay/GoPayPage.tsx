import type { CartCheckout, SystemInfo } from '@px/api/contract';
import { useMemo, useState } from 'react';
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

interface CartListProps {
  view: CartView;
  settings: SystemInfo;
  onCheckout: (checkout: CartCheckout) => void;
}

/** The cart's items with their checkboxes, 清空, and the SubmitBar with the checked total and 去结算. */
function CartList({ view, settings, onCheckout }: CartListProps) {
  const { submitting, run } = useSubmitLock();
  if (view.state.status !== 'ready') return null;
  const { items } = view.state.value;
  const { checked } = view;
  const availableCount = items.filter((item) => item.available).length;
  const allChecked = availableCount > 0 && checked.length === availableCount;
  const checkout = () => void run(async () => onCheckout(await openCart(checked))).catch(() => undefined);

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
 * /go-pay (signed in) 购物车 / 确认订单: the cart (`?ids=` preselects items), deleting and emptying
 * it, and 去结算: the checkout summary of the checked items (`shop-cart/open-cart`).
 */
export function GoPayPage() {
  const [params] = useSearchParams();
  const preselected = useMemo(() => parseIdList(params.get('ids')), [params]);
  const systemInfo = useSystemInfo();
  const view = useCart(preselected);
  const [checkout, setCheckout] = useState<CartCheckout | null>(null);

  if (view.state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (view.state.status === 'error')
    return <PageError message={view.state.message} onRetry={() => void view.reload()} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  if (checkout)
    return (
      <CheckoutSummary
        checkout={checkout}
        onBack={() => {
          setCheckout(null);
          void view.reload(true);
        }}
      />
    );
  if (view.state.value.items.length === 0) return <EmptyCart />;
  return <CartList view={view} settings={systemInfo.settings} onCheckout={setCheckout} />;
}
