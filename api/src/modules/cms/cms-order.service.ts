import { Op, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { CmsOrderRow, cmsOrderPageInput } from '../../contract/cms';
import type { PageAnswer } from '../../contract/common';
import type { ActorScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { audit } from '../audit/audit.service';
import { PayOrder } from '../order/order.model';
import { refundOrder } from '../order/refund.service';
import { CmsApply, CmsFeeOrder } from './cms.model';
import { orderAbilities, orderFacts } from './cms.policy';
import { presentCmsOrder } from './cms.presenter';
import { batchesOf, personWhere } from './cms-apply.service';

/**
 * The fee orders of applications (考务订单, docs/product-decisions.md "CMS"): `pay_order` rows of kind
 * CMS, listed with their candidate and batch; staff refund one in full through the order module's
 * refund engine (WeChat Pay back the way it came), and the application is cancelled when the refund
 * succeeds (`cms.listeners.ts`).
 */

/** Orders as the page lists them. */
async function orderRows(scope: ActorScope, orders: PayOrder[]): Promise<CmsOrderRow[]> {
  const projectId = scope.project.id;
  const links = orders.length
    ? await CmsFeeOrder.findAll({ where: { projectId, orderId: orders.map((order) => order.id) } })
    : [];
  const applyOf = new Map(links.map((link) => [link.orderId, link.applyId]));
  const applies = links.length
    ? await CmsApply.findAll({ where: { projectId, id: [...new Set(links.map((link) => link.applyId))] } })
    : [];
  const applyById = new Map(applies.map((apply) => [apply.id, apply]));
  const batches = await batchesOf(projectId, applies);
  return orders.flatMap((order) => {
    const apply = applyById.get(applyOf.get(order.id) ?? 0);
    if (!apply) return [];
    return [
      presentCmsOrder(
        order,
        apply,
        batches.get(apply.batchId)?.name ?? '',
        orderAbilities(scope, orderFacts(order, apply)),
      ),
    ];
  });
}

/** `cms-order/page`: the project's examination fee orders, filtered, newest first. */
export async function pageCmsOrders(
  scope: ActorScope,
  input: z.output<typeof cmsOrderPageInput>,
): Promise<PageAnswer<CmsOrderRow>> {
  const projectId = scope.project.id;
  const and: WhereOptions<PayOrder>[] = [{ projectId, kind: 'CMS' }];
  if (input.status) and.push({ status: input.status });
  if (input.orderNo) and.push({ [Op.or]: [{ orderNo: input.orderNo }, { transactionId: input.orderNo }] });
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  if (input.batchId || input.student) {
    const applies = await CmsApply.findAll({
      attributes: ['id'],
      where: {
        [Op.and]: [
          { projectId },
          ...(input.batchId ? [{ batchId: input.batchId }] : []),
          ...(input.student ? [personWhere(input.student)] : []),
        ],
      },
    });
    const links = applies.length
      ? await CmsFeeOrder.findAll({ where: { projectId, applyId: applies.map((apply) => apply.id) } })
      : [];
    and.push({ id: links.map((link) => link.orderId) });
  }
  return newestFirstPage(PayOrder, { [Op.and]: and }, input, (rows) => orderRows(scope, rows));
}

/**
 * `cms-order/refund`: refunds a paid fee order in full, for the reason, through the refund engine
 * (at once for an order paid 0; else through WeChat Pay until it settles); audited. The application
 * is cancelled when the refund succeeds. Throws BusinessError by the policy (not paid, refunding,
 * the candidate's scores published).
 */
export async function refundCmsOrder(
  scope: ActorScope,
  input: { id: number; reason: string },
): Promise<CmsOrderRow> {
  const projectId = scope.project.id;
  const order = await PayOrder.findOne({ where: { projectId, id: input.id, kind: 'CMS' } });
  const link = order ? await CmsFeeOrder.findOne({ where: { projectId, orderId: order.id } }) : null;
  const apply = link ? await CmsApply.findOne({ where: { projectId, id: link.applyId } }) : null;
  if (!order || !apply) throw new BusinessError('订单不存在');
  authorize(scope, 'cms-order.refund', orderFacts(order, apply));
  const refund = await refundOrder(scope, { projectId, id: order.id }, input.reason, {
    source: 'STAFF',
    actorId: scope.principal.accountId,
  });
  await audit(scope, {
    action: 'cms-order.refund',
    projectId,
    targetType: 'pay_order',
    targetId: order.id,
    detail: {
      reason: input.reason,
      applyId: apply.id,
      outRefundNo: refund.outRefundNo,
      amountFen: refund.amountFen,
    },
  });
  const fresh = (await PayOrder.findOne({ where: { projectId, id: order.id } })) as PayOrder;
  const [row] = await orderRows(scope, [fresh]);
  return row as CmsOrderRow;
}
