import type { CartCheckout, OrderView } from '@px/api/contract';
import { ApiError, formatFen } from '@px/config';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkWaitPay, submitOrder } from '../../api/order';
import { askConfirm } from '../../components/cart/ask-confirm';
import { type SubmitLock, useSubmitLock } from '../../hooks/useSubmitLock';
import { orderPayPath } from '../../router/paths';

export interface SubmitOrder {
  /** 提交订单 is under way (its button shows it; a second tap is ignored). */
  submitting: SubmitLock['submitting'];
  /** Submits the summary's payable items. Never rejects: failures were shown by the request client. */
  submit: (checkout: CartCheckout) => Promise<void>;
}

/**
 * 提交订单 of the checkout summary: first `order/check-wait-pay`; an unpaid order is offered to be
 * paid instead (去支付 opens its pay page) or the student goes on; then `order/submit` with the
 * summary's cart item ids and the pay page of the new order. A refusal (a class no longer offered,
 * enrolled or in an unpaid order) was toasted by the request client; `onRefused` then reads the
 * summary again so it shows why.
 */
export function useSubmitOrder(onRefused: () => Promise<void>): SubmitOrder {
  const navigate = useNavigate();
  const { submitting, run } = useSubmitLock();

  const submit = useCallback(
    (checkout: CartCheckout) =>
      run(async () => {
        let waiting: OrderView | null;
        try {
          waiting = (await checkWaitPay()).order;
        } catch {
          return;
        }
        if (
          waiting &&
          (await askConfirm({
            title: '您有待支付的订单',
            message: `订单 ${waiting.orderNo}（${formatFen(waiting.totalAmount)}）尚未支付，是否继续支付该订单？`,
            confirmButtonText: '去支付',
            cancelButtonText: '继续提交',
          }))
        ) {
          navigate(orderPayPath(waiting.id));
          return;
        }
        try {
          const { order } = await submitOrder(checkout.items.map((item) => item.id));
          navigate(orderPayPath(order.id));
        } catch (error) {
          if (error instanceof ApiError && (error.kind === 'error' || error.kind === 'notice'))
            await onRefused();
        }
      }),
    [run, navigate, onRefused],
  );

  return { submitting, submit };
}
