import { ORDER_STATUS_LABEL, type OrderRow, type ReconcileAnswer } from '@px/api/contract';
import { Modal } from 'antd';
import { useRef } from 'react';
import { queryOrderWechat } from '../../../../api/order';
import { useRowAction } from '../../../../hooks/useRowAction';
import { tradeStateText } from '../order-meta';

/** What WeChat Pay said about an order, as the result dialog shows it. */
export function WechatAnswer({ order, answer }: { order: OrderRow; answer: ReconcileAnswer }) {
  const payments = Object.entries(answer.tradeStates);
  return (
    <div>
      <p>
        订单状态：
        {answer.changed
          ? `${ORDER_STATUS_LABEL[order.status]} → ${ORDER_STATUS_LABEL[answer.status]}（已更新）`
          : `${ORDER_STATUS_LABEL[answer.status]}（未变化）`}
      </p>
      {payments.length === 0 ? (
        <p>学员尚未向微信支付发起支付，没有可查询的支付记录。</p>
      ) : (
        <ul style={{ paddingLeft: 20, margin: 0 }}>
          {payments.map(([outTradeNo, state]) => (
            <li key={outTradeNo}>{`商户订单号 ${outTradeNo}：${tradeStateText(state)}`}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 查询微信 of the order list: which row is being queried, and the way to query one. */
export interface WechatQuery {
  busy: number | null;
  run: (order: OrderRow) => Promise<void>;
}

/**
 * 查询微信: asks WeChat Pay about an unpaid order's payments (the server applies what it says), shows
 * the answer in a dialog and calls `onDone` (the list's reload). A failure has been shown by the
 * request client; `run` resolves either way.
 */
export function useWechatQuery(onDone: () => void): WechatQuery {
  const { busy, track } = useRowAction<number>();
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const run = (order: OrderRow) =>
    track(order.id, async () => {
      const answer = await queryOrderWechat(order.id);
      Modal.info({
        title: `微信支付查询结果：${order.orderNo}`,
        content: <WechatAnswer order={order} answer={answer} />,
        okText: '知道了',
        width: 520,
      });
      onDoneRef.current();
    });
  return { busy, run };
}
