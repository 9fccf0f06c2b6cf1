import type { Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { PayOrder } from '../order/order.model';
import { RefundApply } from './refund-apply.model';

/** The demo project's 退款说明 (README). */
export const DEMO_REFUND_TEXT =
  '1. 支付后 7 天内、学习进度不超过 20% 且未发放证书的班级可申请退款，每个订单可申请 1 次。\n' +
  '2. 退款经审核通过后原路退回微信零钱或银行卡，一般 1-3 个工作日到账。\n' +
  '3. 退款后该班级停止学习，如需继续学习请重新报名。';

/** Who applies in the demo (a demo student other than 张三, whose demo class stays his to study). */
export const DEMO_REFUND_STUDENT = '李四';

/**
 * One pending application in the demo: 李四 asks for his demo order back. Demo orders were paid
 * offline (no WeChat payment stands behind them), so approving it refunds at once without WeChat;
 * a student's own applications are for orders they paid through WeChat Pay.
 */
export async function seedRefundApplyDemo(projectId: number, transaction: Transaction): Promise<void> {
  const student = await Account.findOne({ where: { projectId, realName: DEMO_REFUND_STUDENT }, transaction });
  if (!student) return;
  const order = await PayOrder.findOne({
    where: { projectId, accountId: student.id, status: 'PAID' },
    order: [['id', 'ASC']],
    transaction,
  });
  if (!order) return;
  await RefundApply.create(
    {
      projectId,
      orderId: order.id,
      orderItemId: null,
      accountId: student.id,
      status: 'PENDING',
      amountFen: order.paidFen - order.refundedFen,
      reason: '工作调动，无法继续参加培训',
    },
    { transaction },
  );
}
