import type { Transaction } from 'sequelize';
import type { Scope } from '../../core/action';
import { domainEvent } from '../../core/events';
import type { PayRefund } from './order.model';

/**
 * A refund ended (SUCCESS or FAILED), emitted exactly once per refund in the transaction that ends
 * it (under the refund's and the order's row locks): the refund applications follow it.
 */
export const refundSettled = domainEvent<{
  projectId: number;
  refundId: number;
  status: 'SUCCESS' | 'FAILED';
  failure: string | null;
}>('order.refund-settled');

/**
 * Called by `refundOrder` in the transaction that creates the refund, before it may end (a refund
 * without WeChat ends in that same transaction): what asked for the refund links itself to it, or
 * throws to undo it.
 */
export type RefundStarted = (scope: Scope, refund: PayRefund, transaction: Transaction) => Promise<void>;
