import { isMenuGranted, ROLE_SYSTEM } from '@px/config';
import {
  INVOICE_COLLECTIVE_PAGE,
  INVOICE_CORRECT_PAGE,
  INVOICE_LIST_PAGE,
  INVOICE_ORDER_PAGE,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoiceView,
} from '../../contract/invoice';
import type { InvoiceOrderRow } from '../../contract/invoice-orders';
import type { OrderAbilities, OrderKind, OrderStatus } from '../../contract/order';
import { abilitiesOf, definePolicy, forbid, type PolicyScope, refuse, type Verdict } from '../../core/policy';
import { managedUnitId } from '../unit/unit.policy';

/**
 * The invoice's record policy (docs/product-decisions.md "Invoices"): whether an order may be
 * invoiced now, for a student (their own order, not one their unit paid), a unit manager (their
 * unit's batch-paid orders) or staff (any order of the project). The student's 申请发票, the checks
 * before applying (`invoice/invoice-allowed`, `invoice/check-re-open`) and the student's order list
 * (`OrderView.abilities.canInvoice`) all read this one verdict.
 */

export const NO_ORDER = '订单不存在';
export const NO_INVOICE = '发票不存在';
export const HAS_INVOICE = '该订单已有开票申请';
/** The refusal while the student's refund application of the order is open. */
export const REFUND_PENDING = '该订单有处理中的退款申请，退款处理完成后才能申请发票';

/** The invoice states that wait for the platform (the order is not invoiced yet). */
const PENDING_STATES: readonly InvoiceStatus[] = ['PENDING', 'ISSUING'];

/** What the policy reads to judge invoicing an order. */
export interface InvoiceApplyFacts {
  order: {
    projectId: number;
    accountId: number;
    unitId: number | null;
    status: OrderStatus;
    batchOrderId: number | null;
    /** An examination's fee order (kind CMS) is not invoiced here. */
    kind?: OrderKind;
  };
  /** Fen that may be invoiced (paid minus refunded of a PAID order). */
  amount: number;
  /** The order's active invoice (PENDING, ISSUING, ISSUED, RED_ISSUING), if any. */
  active: { status: InvoiceStatus } | null;
  /** The order has a refund application still open. */
  refundPending: boolean;
}

/** What the policy reads to judge marking an order as invoiced outside the platform (标记). */
export interface InvoiceMarkFacts {
  order: { projectId: number; orderNo: string; status: OrderStatus };
  /** Fen that may be invoiced (paid minus refunded of a PAID order). */
  amount: number;
  /** The order's active invoice (PENDING, ISSUING, ISSUED, RED_ISSUING), if any. */
  active: { status: InvoiceStatus } | null;
  /** The order has a refund application still open. */
  refundPending: boolean;
}

/** What the policy reads to judge applying again with a refused application of the student (重新申请). */
export interface InvoiceReapplyFacts {
  invoice: { projectId: number; accountId: number | null; kind: InvoiceKind; status: InvoiceStatus };
  /** Its order judged as for applying (the order's active invoice is another one); null when the order is gone. */
  apply: InvoiceApplyFacts | null;
}

/** What the policy reads to judge asking how an order stands with invoices (`invoice/check-re-open`). */
export interface InvoiceAskFacts {
  /** The order of the caller's project with that id; null when there is none. */
  order: { projectId: number; accountId: number; unitId: number | null } | null;
}

declare module '../../core/policy' {
  interface PolicyVerbs {
    'invoice.ask': InvoiceAskFacts;
    'invoice.apply': InvoiceApplyFacts;
    'invoice.mark': InvoiceMarkFacts;
    'invoice.reapply': InvoiceReapplyFacts;
  }
}

/** Whose order it is to invoice: the student's own (not a unit's), a unit manager's unit's batch orders, staff any. */
function mayAsk(scope: PolicyScope, order: InvoiceApplyFacts['order']): Verdict {
  if (order.projectId !== scope.project.id) return refuse(NO_ORDER);
  const unitId = managedUnitId(scope);
  if (scope.principal.roleSystem === ROLE_SYSTEM.STUDENT) {
    if (order.accountId !== scope.principal.accountId) return refuse(NO_ORDER);
    if (order.batchOrderId) return refuse('该订单由单位统一缴费，请由单位申请集体发票');
  } else if (unitId !== null) {
    if (order.unitId !== unitId) return refuse(NO_ORDER);
    if (!order.batchOrderId) return refuse('该订单由学员本人缴费，请由学员本人申请发票');
  }
  return null;
}

/**
 * The rules in order: whose order it is, paid, no invoice red-reversing, pending or issued, no
 * refund application open, something left to invoice.
 */
function mayInvoice(scope: PolicyScope, facts: InvoiceApplyFacts): Verdict {
  const { order, active } = facts;
  const who = mayAsk(scope, order);
  if (who) return who;
  if (order.kind === 'CMS') return refuse('考试报名费订单不在此开具发票，请联系考务人员');
  if (order.status !== 'PAID')
    return refuse(order.status === 'REFUNDED' ? '订单已退款，没有可开票金额' : '仅已支付的订单可以开票');
  if (active?.status === 'RED_ISSUING') return refuse('发票红冲中，红冲完成后可重新开票');
  if (active && PENDING_STATES.includes(active.status)) return refuse(HAS_INVOICE);
  if (active) return refuse('该订单已开票，如需重新开票请先红冲');
  if (facts.refundPending) return refuse(REFUND_PENDING);
  if (facts.amount <= 0) return refuse('该订单没有可开票金额');
  return null;
}

/**
 * Staff's 标记 (and each order of 全部标记): a paid order of the project without an active invoice,
 * no refund application open (as for the student's 申请发票: the money may go back), something left.
 */
function mayMark(scope: PolicyScope, facts: InvoiceMarkFacts): Verdict {
  const { order, active } = facts;
  if (order.projectId !== scope.project.id) return refuse(NO_ORDER);
  if (order.status !== 'PAID') return refuse('仅已支付的订单可以标记开票');
  if (active && PENDING_STATES.includes(active.status))
    return refuse(`订单 ${order.orderNo} 已有待处理的开票申请，请开票或驳回该申请`);
  if (active) return refuse(`订单 ${order.orderNo} 已开票`);
  if (facts.refundPending) return refuse(MARK_REFUND_PENDING(order.orderNo));
  if (facts.amount <= 0) return refuse(`订单 ${order.orderNo} 没有可开票金额`);
  return null;
}

/** The refusal of 标记 while the order's refund application is open. */
export const MARK_REFUND_PENDING = (orderNo: string) =>
  `订单 ${orderNo} 有处理中的退款申请，退款处理完成后才能标记开票`;

/**
 * The student's 重新申请: their own single application, rejected or failed, whose order may still be
 * invoiced (as 申请发票 judges it: paid, no other application active, no refund application open,
 * something left).
 */
function mayReapply(scope: PolicyScope, facts: InvoiceReapplyFacts): Verdict {
  const { invoice } = facts;
  if (
    invoice.projectId !== scope.project.id ||
    invoice.accountId !== scope.principal.accountId ||
    invoice.kind !== 'SINGLE'
  )
    return refuse(NO_INVOICE);
  if (invoice.status !== 'REJECTED' && invoice.status !== 'FAILED')
    return refuse('仅已驳回或开票失败的申请可以重新提交');
  return facts.apply ? mayInvoice(scope, facts.apply) : refuse(NO_ORDER);
}

/** The invoice pages whose holders may ask about any order of the project. */
const INVOICE_STAFF_PAGES = [
  INVOICE_LIST_PAGE,
  INVOICE_COLLECTIVE_PAGE,
  INVOICE_ORDER_PAGE,
  INVOICE_CORRECT_PAGE,
];

/**
 * Asking whether an order may be invoiced (again): a student about their own orders, a unit manager
 * about their unit's, staff holding an invoice page about any order of the project (other staff:
 * 403, whatever the order). Another's order, or a missing one, reads as missing.
 */
function mayAskAbout(scope: PolicyScope, { order }: InvoiceAskFacts): Verdict {
  const { principal } = scope;
  const student = principal.roleSystem === ROLE_SYSTEM.STUDENT;
  const unitId = managedUnitId(scope);
  if (!student && unitId === null && !INVOICE_STAFF_PAGES.some((url) => isMenuGranted(principal.menu, url)))
    return forbid();
  if (!order || order.projectId !== scope.project.id) return refuse(NO_ORDER);
  if (student) return order.accountId === principal.accountId ? null : refuse(NO_ORDER);
  if (unitId !== null) return order.unitId === unitId ? null : refuse(NO_ORDER);
  return null;
}

export const invoicePolicy = definePolicy({
  'invoice.ask': mayAskAbout,
  'invoice.apply': mayInvoice,
  'invoice.mark': mayMark,
  'invoice.reapply': mayReapply,
});

/** The student's 申请发票 of an order of theirs (`OrderView.abilities`), as `invoice/save` judges it. */
export const orderInvoiceAbilities = (
  scope: PolicyScope,
  facts: InvoiceApplyFacts,
): Pick<OrderAbilities, 'canInvoice' | 'invoiceRefusal'> =>
  abilitiesOf(scope, { invoice: ['invoice.apply', facts] });

/** Staff's 标记 of an order in 开票订单, as `invoice/order-mark` judges it. */
export const markAbilities = (scope: PolicyScope, facts: InvoiceMarkFacts): InvoiceOrderRow['abilities'] =>
  abilitiesOf(scope, { mark: ['invoice.mark', facts] });

/** The student's 重新申请 of their invoice, as `invoice/re-save` judges it. */
export const reapplyAbilities = (scope: PolicyScope, facts: InvoiceReapplyFacts): InvoiceView['abilities'] =>
  abilitiesOf(scope, { reapply: ['invoice.reapply', facts] });
