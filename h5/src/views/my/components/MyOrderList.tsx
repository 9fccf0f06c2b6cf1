import {
  ORDER_STATUS_LABEL,
  type OrderStatus,
  type OrderView,
  orderStatusText,
  REFUND_APPLY_STATUS_LABEL,
  type RefundApplyData,
  type RefundApplyStatus,
  type RefundApplyView,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, PullRefresh, Tag, type TagProps, Toast } from 'react-vant';
import { checkInvoiceReOpen } from '../../../api/invoice';
import { cancelOrder, listMyOrders } from '../../../api/order';
import { cancelRefundApply, getRefundData, listMyRefundApplies } from '../../../api/refund-apply';
import { askConfirm } from '../../../components/cart/ask-confirm';
import { EmptyState } from '../../../components/EmptyState';
import { OrderItemList } from '../../../components/OrderItemList';
import { SegmentedTabs } from '../../../components/SegmentedTabs';
import { usePagedFeed } from '../../../hooks/usePagedFeed';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { orderPayPath } from '../../../router/paths';
import { FeedBody } from './FeedBody';
import { FilterPills } from './FilterPills';
import { InvoiceApplyPopup, type InvoiceApplyTarget } from './InvoiceApplyPopup';
import { MyInvoiceList } from './MyInvoiceList';
import { RefundApplyPopup } from './RefundApplyPopup';

/** The state filter of 我的订单: 全部 sends none. */
type OrderFilter = '' | Extract<OrderStatus, 'UNPAID' | 'PAID' | 'CLOSED'>;
const FILTERS: readonly { key: OrderFilter; title: string }[] = [
  { key: '', title: '全部' },
  { key: 'UNPAID', title: ORDER_STATUS_LABEL.UNPAID },
  { key: 'PAID', title: ORDER_STATUS_LABEL.PAID },
  { key: 'CLOSED', title: ORDER_STATUS_LABEL.CLOSED },
];

const STATUS_TAG: Readonly<Record<OrderStatus, TagProps['type']>> = {
  UNPAID: 'warning',
  PAID: 'success',
  CLOSED: 'default',
  REFUNDING: 'danger',
  REFUNDED: 'default',
};

interface OrderCardProps {
  order: OrderView;
  onCancelled: () => void;
  /** The order's newest refund application, if any. */
  apply: RefundApplyView | undefined;
  /** The project lets students apply for refunds (`studentRefund`). */
  refundOpen: boolean;
  /** 申请退款 was pressed and the order may be applied for: what get-data said. */
  onApply: (data: RefundApplyData) => void;
  /** The application changed (withdrawn). */
  onApplyChanged: () => void;
  /** 申请发票 on a paid order: what the popup applies for. */
  onApplyInvoice: (target: InvoiceApplyTarget) => void;
  studentName: string;
}

/** How the order card names a refund application's state (a refund done is simply 已退款). */
const APPLY_STATE_TEXT: Readonly<Record<RefundApplyStatus, string>> = {
  PENDING: `退款申请${REFUND_APPLY_STATUS_LABEL.PENDING}`,
  APPROVED: `退款申请${REFUND_APPLY_STATUS_LABEL.APPROVED}`,
  REFUNDING: REFUND_APPLY_STATUS_LABEL.REFUNDING,
  SUCCESS: REFUND_APPLY_STATUS_LABEL.SUCCESS,
  FAILED: REFUND_APPLY_STATUS_LABEL.FAILED,
  REJECTED: `退款申请${REFUND_APPLY_STATUS_LABEL.REJECTED}`,
  CANCELLED: `退款申请${REFUND_APPLY_STATUS_LABEL.CANCELLED}`,
};

/** What the order card says of a refund application: `已退款 ¥260.00`, `退款申请待审核 ¥98.00（班级）`, … */
function applyText(apply: RefundApplyView): string {
  const what = `${APPLY_STATE_TEXT[apply.status]} ${formatFen(apply.amount)}${
    apply.orderItemId !== null ? `（${apply.className}）` : ''
  }`;
  if (apply.status === 'REJECTED' && apply.rejectReason) return `${what}：${apply.rejectReason}`;
  if (apply.status === 'FAILED' && apply.failure) return `${what}：${apply.failure}`;
  return what;
}

/**
 * One order: number, state, classes, created time and total; the actions its abilities allow (去支付,
 * 取消订单, 申请退款, 申请发票), and for a paid order why 申请退款 or 申请发票 is not offered (e.g.
 * 已发放证书的班级不能申请退款, a refund application pending); the application's state and 撤销申请
 * while its abilities allow it. The server judges again when an action is tapped.
 */
function OrderCard({
  order,
  onCancelled,
  apply,
  refundOpen,
  onApply,
  onApplyChanged,
  onApplyInvoice,
  studentName,
}: OrderCardProps) {
  const navigate = useNavigate();
  const { submitting, run } = useSubmitLock();
  const cancel = () =>
    void run(async () => {
      const confirmed = await askConfirm({
        title: '取消订单',
        message: `确定取消订单 ${order.orderNo} 吗？`,
        confirmButtonText: '取消订单',
        cancelButtonText: '再想想',
      });
      if (!confirmed) return;
      try {
        await cancelOrder(order.id);
        Toast.success('订单已取消');
      } catch {
        // The request client has shown why (e.g. paid meanwhile); the list shows the order as it is.
      }
      onCancelled();
    });
  const open =
    apply && (apply.status === 'PENDING' || apply.status === 'APPROVED' || apply.status === 'REFUNDING');
  // The server's abilities decide (docs/api-conventions.md "Abilities"): 申请退款 by `canRefund`
  // alone (the project's studentRefund, an open application and the rest are its rules).
  const { abilities } = order;
  const studentPaid =
    order.status === 'PAID' &&
    !order.byUnit &&
    (order.channel === 'WX_JSAPI' || order.channel === 'WX_NATIVE') &&
    order.paidAmount > order.refundedAmount;
  const canApply = abilities.canRefund;
  /** Why 申请退款 is not offered on an order the student paid, when the rules refuse it (e.g. 已发放证书). */
  const refundRefusal =
    refundOpen && !open && studentPaid && !abilities.canRefund ? abilities.refundRefusal : null;
  const invoiceable = order.status === 'PAID' && !order.byUnit && order.paidAmount > 0;
  const applyRefund = () =>
    void run(async () => {
      try {
        const data = await getRefundData(order.id);
        if (!data.allowed) {
          Toast.fail(data.refusal ?? '该订单不能申请退款');
          return;
        }
        onApply(data);
      } catch {
        // The request client has shown why.
      }
    });
  const applyInvoice = () =>
    void run(async () => {
      try {
        const allowed = await checkInvoiceReOpen(order.id);
        if (!allowed.allowed) {
          Toast.info(
            allowed.invoiceId
              ? '该订单已申请发票，请在“我的发票”查看'
              : (allowed.reason ?? '该订单不能申请发票'),
          );
          return;
        }
        onApplyInvoice({
          kind: 'order',
          orderId: order.id,
          orderNo: order.orderNo,
          amount: allowed.amount,
          defaultTitle: studentName,
        });
      } catch {
        // The request client has shown why.
      }
    });
  const withdraw = () =>
    void run(async () => {
      if (!apply) return;
      const confirmed = await askConfirm({
        title: '撤销退款申请',
        message: `确定撤销订单 ${order.orderNo} 的退款申请吗？`,
        confirmButtonText: '撤销申请',
        cancelButtonText: '再想想',
      });
      if (!confirmed) return;
      try {
        await cancelRefundApply(apply.id);
        Toast.success('退款申请已撤销');
      } catch {
        // The request client has shown why (e.g. audited meanwhile).
      }
      onApplyChanged();
    });

  return (
    <li className="my-card" aria-label={`订单 ${order.orderNo}`}>
      <div className="my-card__head">
        <span className="my-card__order-no">订单号 {order.orderNo}</span>
        <Tag type={STATUS_TAG[order.status]} plain={STATUS_TAG[order.status] === 'default'}>
          {orderStatusText(order)}
        </Tag>
      </div>
      <OrderItemList items={order.items} />
      <div className="my-card__foot">
        <span className="my-card__meta">{formatDateTime(order.createdAt, 'YYYY-MM-DD HH:mm')}</span>
        <span>
          合计 <strong className="my-card__amount">{formatFen(order.totalAmount)}</strong>
        </span>
      </div>
      {order.status === 'UNPAID' && order.byUnit && (
        <div className="my-card__actions my-card__meta">由单位统一缴费，缴费后即可学习</div>
      )}
      {(abilities.canCancel || abilities.canPay) && (
        <div className="my-card__actions">
          {abilities.canCancel && (
            <Button size="small" round plain loading={submitting} onClick={cancel}>
              取消订单
            </Button>
          )}
          {abilities.canPay && (
            <Button size="small" round type="primary" onClick={() => navigate(orderPayPath(order.id))}>
              去支付
            </Button>
          )}
        </div>
      )}
      {apply && <div className="my-card__refund">{applyText(apply)}</div>}
      {apply?.abilities.canWithdraw && (
        <div className="my-card__actions">
          <Button size="small" round plain loading={submitting} onClick={withdraw}>
            撤销申请
          </Button>
        </div>
      )}
      {(canApply || (invoiceable && abilities.canInvoice)) && (
        <div className="my-card__actions">
          {canApply && (
            <Button size="small" round plain type="danger" loading={submitting} onClick={applyRefund}>
              申请退款
            </Button>
          )}
          {invoiceable && abilities.canInvoice && (
            <Button size="small" round plain type="primary" loading={submitting} onClick={applyInvoice}>
              申请发票
            </Button>
          )}
        </div>
      )}
      {refundRefusal && <div className="my-card__refusal">{`不能申请退款：${refundRefusal}`}</div>}
      {invoiceable && !abilities.canInvoice && abilities.invoiceRefusal && (
        <div className="my-card__refusal">{`不能申请发票：${abilities.invoiceRefusal}`}</div>
      )}
    </li>
  );
}

/** Each order's newest refund application (the list comes newest first). */
function newestOfEachOrder(list: readonly RefundApplyView[]): ReadonlyMap<number, RefundApplyView> {
  const byOrder = new Map<number, RefundApplyView>();
  for (const apply of list) if (!byOrder.has(apply.orderId)) byOrder.set(apply.orderId, apply);
  return byOrder;
}

type OrdersView = 'orders' | 'invoices';
const VIEWS = [
  { key: 'orders', title: '订单' },
  { key: 'invoices', title: '我的发票' },
] as const;

/**
 * The 我的订单 tab: 订单 (the orders, 申请发票 on a paid one) and 我的发票 (the invoice applications
 * with their states and PDFs).
 */
export function MyOrdersTab({ studentName, refundOpen }: { studentName: string; refundOpen: boolean }) {
  const [view, setView] = useState<OrdersView>('orders');
  return (
    <>
      <SegmentedTabs label="订单与发票" tabs={VIEWS} active={view} onChange={setView} />
      {view === 'orders' ? (
        <MyOrderList
          refundOpen={refundOpen}
          studentName={studentName}
          onInvoiceSaved={() => setView('invoices')}
        />
      ) : (
        <MyInvoiceList />
      )}
    </>
  );
}

/**
 * 我的订单: the student's orders (`order/my-order-page`, 10 a page, newest first) filtered by state
 * (全部 / 待支付 / 已支付 / 已关闭); pull to refresh and an infinite list.
 */
export function MyOrderList({
  refundOpen,
  studentName,
  onInvoiceSaved,
}: {
  refundOpen: boolean;
  studentName: string;
  onInvoiceSaved: () => void;
}) {
  const [filter, setFilter] = useState<OrderFilter>('');
  const [invoiceTarget, setInvoiceTarget] = useState<InvoiceApplyTarget | null>(null);
  const [applies, setApplies] = useState<ReadonlyMap<number, RefundApplyView>>(new Map());
  const [applying, setApplying] = useState<RefundApplyData | null>(null);
  const loadApplies = useCallback(() => {
    listMyRefundApplies()
      .then((list) => setApplies(newestOfEachOrder(list)))
      .catch(() => undefined);
  }, []);
  useEffect(() => loadApplies(), [loadApplies]);
  const load = useCallback(
    (pageNum: number) => listMyOrders({ pageNum, pageSize: 10, status: filter }),
    [filter],
  );
  const feed = usePagedFeed(load);
  const { state } = feed;
  // The applications (待审核, 撤销申请) are shown once the orders (their 申请退款 and 申请发票) are
  // read again too, so a card never offers 申请退款 beside a pending application's 撤销申请.
  const reread = () => {
    Promise.all([listMyRefundApplies(), feed.refresh()])
      .then(([list]) => setApplies(newestOfEachOrder(list)))
      .catch(() => loadApplies());
  };

  const body = (
    <FeedBody
      feed={feed}
      empty={<EmptyState description={filter ? `暂无${ORDER_STATUS_LABEL[filter]}的订单` : '暂无订单'} />}
      renderItem={(order) => (
        <OrderCard
          key={order.id}
          order={order}
          onCancelled={reread}
          apply={applies.get(order.id)}
          refundOpen={refundOpen}
          onApply={setApplying}
          onApplyChanged={reread}
          onApplyInvoice={setInvoiceTarget}
          studentName={studentName}
        />
      )}
    />
  );

  return (
    <>
      <FilterPills pills={FILTERS} active={filter} onChange={setFilter} label="订单状态" />
      <PullRefresh
        onRefresh={async () => {
          loadApplies();
          await feed.refresh();
        }}
        disabled={state.status === 'loading'}
      >
        <div className="my-list__body">{body}</div>
      </PullRefresh>
      <RefundApplyPopup
        data={applying}
        onClose={() => setApplying(null)}
        onApplied={() => {
          setApplying(null);
          reread();
        }}
      />
      <InvoiceApplyPopup
        target={invoiceTarget}
        onClose={() => setInvoiceTarget(null)}
        onSaved={() => {
          setInvoiceTarget(null);
          onInvoiceSaved();
        }}
      />
    </>
  );
}
