import { answerFacts } from '../../core/policy';
import { orderAbilityHook } from '../order/order.policy';
import { invoiceAbilities } from './invoice.policy-facts';

/** Wires the invoice module's answers (once, by `modules/index.ts`): the 申请发票 ability of the student's orders. */
export function listenInvoice(): void {
  answerFacts(orderAbilityHook, invoiceAbilities);
}
