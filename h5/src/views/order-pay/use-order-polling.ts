import type { OrderStatusAnswer } from '@px/api/contract';
import { useEffect, useRef, useState } from 'react';
import { checkOrderPaid } from '../../api/order';

/** How often the pay page asks whether the order is paid while a payment may be under way. */
export const PAY_POLL_INTERVAL_MS = 2_000;

/**
 * While `active`: asks the server whether the order is paid (`order/is-paid`, quiet) at once and
 * then every 2 s, one request at a time, until it is no longer UNPAID (`onSettled` gets the answer),
 * `active` turns false or the page goes away. A failed check is tried again at the next tick. The
 * pay sheet's own answer is never trusted: only this says whether the order was paid.
 */
export function useOrderPolling(
  orderId: number,
  active: boolean,
  onSettled: (answer: OrderStatusAnswer) => void,
): void {
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const next = () => {
      if (!stopped) timer = window.setTimeout(check, PAY_POLL_INTERVAL_MS);
    };
    const check = () => {
      checkOrderPaid(orderId).then((answer) => {
        if (stopped) return;
        if (answer.status === 'UNPAID') next();
        else settled.current(answer);
      }, next);
    };
    check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [orderId, active]);
}

/**
 * The whole seconds left until `deadline` (an ISO time), counted down once a second against the
 * clock; 0 once it has passed, null without a deadline.
 */
export function useSecondsLeft(deadline: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  const left = Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - now) / 1000));
  const running = left !== null && left > 0;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [running]);

  return left;
}
