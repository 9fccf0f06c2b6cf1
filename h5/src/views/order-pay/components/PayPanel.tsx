import type { OrderStatusAnswer, OrderView } from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { ClockO, InfoO } from '@react-vant/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Cell, Loading, Toast } from 'react-vant';
import { cancelOrder, payOrder } from '../../../api/order';
import { askConfirm } from '../../../components/cart/ask-confirm';
import { OrderItemList } from '../../../components/OrderItemList';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { formatClock } from '../../../utils/clock';
import { isWechatBrowser } from '../../../wechat/is-wechat-browser';
import { usePay } from '../../../wechat/usePay';
import { useOrderPolling, useSecondsLeft } from '../use-order-polling';
import { NativeQr } from './NativeQr';

/** WeChat Pay's green (its pay button). */
const WECHAT_GREEN = '#07c160';

export interface PayPanelProps {
  /** An UNPAID order of the student. */
  order: OrderView;
  /** The project's payment note (`payTip`), shown when set. */
  payTip: string;
  /** The server says the order is no longer unpaid (paid, closed). */
  onSettled: (answer: OrderStatusAnswer) => void;
  /** The order changed in a way the page should read again (paid meanwhile, a refused cancel). */
  onStale: () => void;
  /** The student cancelled the order: the order as it now is. */
  onCancelled: (order: OrderView) => void;
}

interface NativePayment {
  codeUrl: string;
  simulatorScanUrl: string | null;
}

/**
 * Paying an unpaid order: what it holds and costs, the time left, and the ways to pay. Inside
 * WeChat 微信支付 (`order/pay` JSAPI, then WeChat's pay sheet) with 扫码支付 as the other way;
 * elsewhere the QR code of a Native payment (requested at once). After the sheet closes, while the QR
 * code shows, and once the time is up, the page asks the server whether the order is paid every 2 s.
 * 取消订单 after a confirmation.
 */
export function PayPanel({ order, payTip, onSettled, onStale, onCancelled }: PayPanelProps) {
  const inWechat = useMemo(() => isWechatBrowser(), []);
  const { sdk, payByJsapi } = usePay({ enabled: inWechat });
  const [native, setNative] = useState<NativePayment | null>(null);
  const [sheetClosed, setSheetClosed] = useState(false);
  const jsapi = useSubmitLock();
  const scan = useSubmitLock();
  const cancelling = useSubmitLock();
  const secondsLeft = useSecondsLeft(order.expiresAt);
  const expired = secondsLeft === 0;
  const polling = native !== null || sheetClosed;
  useOrderPolling(order.id, polling || expired, onSettled);

  const startNative = () =>
    void scan
      .run(async () => {
        const answer = await payOrder(order.id, 'NATIVE');
        if (answer.kind === 'NATIVE')
          setNative({ codeUrl: answer.codeUrl, simulatorScanUrl: answer.simulatorScanUrl });
        else onStale();
      })
      .catch(() => undefined);

  // Outside WeChat the QR code is the only way to pay: it is asked for as soon as the page shows.
  const nativeStarted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page first shows
  useEffect(() => {
    if (inWechat || nativeStarted.current || expired) return;
    nativeStarted.current = true;
    startNative();
  }, []);

  const payInWechat = () =>
    void jsapi.run(async () => {
      try {
        const result = await payByJsapi(order.id);
        if (result.kind === 'paid') onStale();
        else setSheetClosed(true);
      } catch {
        // `order/pay` refused (shown by the request client); the button is enabled only once the JS-SDK is ready.
      }
    });

  const cancel = () =>
    void cancelling.run(async () => {
      const confirmed = await askConfirm({
        title: '取消订单',
        message: '确定取消该订单吗？取消后如需报名请重新下单。',
        confirmButtonText: '取消订单',
        cancelButtonText: '再想想',
      });
      if (!confirmed) return;
      try {
        const closed = await cancelOrder(order.id);
        Toast.success('订单已取消');
        onCancelled(closed);
      } catch {
        // The request client has shown why (e.g. paid meanwhile): read the order again.
        onStale();
      }
    });

  return (
    <main className="page order-pay">
      <section className="order-pay__head">
        <p className="order-pay__state">待支付</p>
        <p className="order-pay__amount">{formatFen(order.totalAmount)}</p>
        {secondsLeft !== null && (
          <p className="order-pay__countdown" role="timer" aria-live="off">
            <ClockO />
            {expired ? '支付时间已到，订单即将关闭' : `剩余支付时间 ${formatClock(secondsLeft)}`}
          </p>
        )}
      </section>

      {payTip && (
        <p className="order-pay__tip">
          <InfoO />
          <span>{payTip}</span>
        </p>
      )}

      {order.kind === 'CMS' ? (
        <section className="order-pay__card" aria-label="考试报名费">
          <h2 className="order-pay__card-title">考试报名费</h2>
          <p className="order-pay__fee-title">{order.title}</p>
          <p className="order-pay__total">
            合计 <strong>{formatFen(order.totalAmount)}</strong>
          </p>
        </section>
      ) : (
        <section className="order-pay__card" aria-label="报名班级">
          <h2 className="order-pay__card-title">报名班级</h2>
          <OrderItemList items={order.items} />
          <p className="order-pay__total">
            共 {order.items.length} 个班级，合计 <strong>{formatFen(order.totalAmount)}</strong>
          </p>
        </section>
      )}

      <Cell.Group inset className="order-pay__info">
        <Cell title="订单编号" value={order.orderNo} />
        <Cell title="下单时间" value={formatDateTime(order.createdAt, 'YYYY-MM-DD HH:mm')} />
      </Cell.Group>

      {!expired && (
        <section className="order-pay__methods" aria-label="支付方式">
          {native && (
            <NativeQr
              orderId={order.id}
              codeUrl={native.codeUrl}
              simulatorScanUrl={native.simulatorScanUrl}
            />
          )}
          {inWechat && (
            <Button
              round
              block
              color={WECHAT_GREEN}
              disabled={sdk.status === 'error'}
              loading={jsapi.submitting || sdk.status === 'loading'}
              loadingText={sdk.status === 'loading' ? '微信支付准备中…' : '支付中…'}
              onClick={payInWechat}
            >
              微信支付
            </Button>
          )}
          {sdk.status === 'error' && (
            <p className="order-pay__sdk-error" role="alert">
              微信支付暂不可用（{sdk.message}），请使用扫码支付
            </p>
          )}
          {!native && (
            <Button round block plain type="primary" loading={scan.submitting} onClick={startNative}>
              扫码支付
            </Button>
          )}
        </section>
      )}

      {(polling || expired) && (
        <div className="order-pay__polling" aria-live="polite">
          <Loading size="14px" />
          <span>{expired ? '正在确认订单状态…' : '支付完成后页面将自动跳转'}</span>
        </div>
      )}

      <div className="order-pay__cancel">
        <Button size="small" round plain loading={cancelling.submitting} onClick={cancel}>
          取消订单
        </Button>
      </div>
    </main>
  );
}
