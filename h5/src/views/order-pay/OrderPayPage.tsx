import type { OrderStatusAnswer, OrderView } from '@px/api/contract';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'react-vant';
import { findMyOrder } from '../../api/order';
import { parseId } from '../../components/cart/query-ids';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { useRemote } from '../../hooks/useRemote';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { myTabPath } from '../../router/paths';
import { OrderAfterSales, OrderClosed, PaySuccess } from './components/OrderOutcome';
import { PayPanel } from './components/PayPanel';
import './order-pay.css';

/** A link without a usable order id: nothing to pay, the way to the student's orders. */
function MissingOrder() {
  const navigate = useNavigate();
  return (
    <PageMessage image="error" description="订单不存在">
      <Button
        round
        type="primary"
        className="page-state__button"
        onClick={() => navigate(myTabPath('orders'))}
      >
        查看我的订单
      </Button>
    </PageMessage>
  );
}

/**
 * /student/order-pay?id=<order id> (signed in) 订单支付: everything is read from the order id
 * (`order/my-order-detail`), so a reload shows the same page. An unpaid order is paid here (WeChat's
 * pay sheet inside WeChat, a QR code elsewhere) or cancelled; a paid one (a free class at once)
 * shows 支付成功, a closed one says so with the way back to the cart.
 */
export function OrderPayPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const systemInfo = useSystemInfo();
  const load = useMemo(() => (id === null ? null : () => findMyOrder(id)), [id]);
  const { state, reload, refresh, update } = useRemote<OrderView>(load);

  const readAgain = useCallback(() => void refresh().catch(() => undefined), [refresh]);
  const settle = useCallback(
    (answer: OrderStatusAnswer) => {
      update((order) => ({ ...order, status: answer.status, expiresAt: answer.expiresAt }));
      readAgain();
    },
    [update, readAgain],
  );
  const replace = useCallback((order: OrderView) => update(() => order), [update]);

  if (id === null) return <MissingOrder />;
  if (state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;

  const order = state.value;
  switch (order.status) {
    case 'PAID':
      return <PaySuccess order={order} />;
    case 'CLOSED':
      return <OrderClosed order={order} />;
    case 'REFUNDING':
    case 'REFUNDED':
      return <OrderAfterSales order={order} />;
    case 'UNPAID':
      return (
        <PayPanel
          key={order.id}
          order={order}
          payTip={systemInfo.settings.payTip}
          onSettled={settle}
          onStale={readAgain}
          onCancelled={replace}
        />
      );
  }
}
