import { Op, type Sequelize, type Transaction } from 'sequelize';
import { Account } from '../account/account.model';
import { PayOrder } from '../order/order.model';
import { Project } from '../project/project.model';
import type { EinvoiceSimulator } from './einvoice/einvoice-sim';
import { Invoice, InvoiceConfig, InvoiceLog, InvoiceOrder } from './invoice.model';
import { invoiceableFen, newRequestNo } from './invoice-state';

/** The demo project's seller details (a made-up company with a valid-looking credit code). */
export const DEMO_INVOICE_CONFIG = {
  sellerName: '演示职业培训服务有限公司',
  sellerTaxNo: '91370100MA3C000X1K',
  sellerAddressPhone: '山东省济南市历下区示范路1号 0531-80000000',
  sellerBankAccount: '中国工商银行济南示范路支行 1602000000000000000',
  itemName: '培训费',
  taxRatePct: 6,
} as const;

/** The demo student whose order holds the demo's issued invoice (张三's own order stays free to try). */
export const DEMO_INVOICED_STUDENT = '李四';

/** The demo project's invoice config (seed). */
export async function seedInvoiceConfigDemo(projectId: number, transaction: Transaction): Promise<void> {
  await InvoiceConfig.create({ projectId, ...DEMO_INVOICE_CONFIG, updatedBy: null }, { transaction });
}

/**
 * One issued invoice in the demo project: 李四's paid order, titled to him, issued by the invoice
 * simulator at once (no callback: the server is not listening yet). Runs when the demo project has a
 * config and no invoice yet; answers whether it issued one.
 */
export async function seedDemoInvoice(sequelize: Sequelize, sim: EinvoiceSimulator): Promise<boolean> {
  return sequelize.transaction(async (transaction) => {
    const project = await Project.findOne({ where: { code: 'demo' }, transaction });
    if (!project) return false;
    const projectId = project.id;
    const config = await InvoiceConfig.findOne({ where: { projectId }, transaction });
    if (!config || (await Invoice.count({ where: { projectId }, transaction })) > 0) return false;
    const student = await Account.findOne({
      where: { projectId, realName: DEMO_INVOICED_STUDENT },
      transaction,
    });
    const order = student
      ? await PayOrder.findOne({
          where: {
            projectId,
            accountId: student.id,
            status: 'PAID',
            batchOrderId: null,
            paidFen: { [Op.gt]: 0 },
          },
          transaction,
        })
      : null;
    if (!student || !order) return false;
    const amountFen = invoiceableFen(order);
    const requestNo = newRequestNo('INV');
    const result = await sim.issueNow({
      requestNo,
      seller: {
        name: config.sellerName,
        taxNo: config.sellerTaxNo,
        addressPhone: config.sellerAddressPhone,
        bankAccount: config.sellerBankAccount,
      },
      buyer: { type: 'PERSONAL', name: student.realName, taxNo: null, email: 'lisi@example.com' },
      items: [{ name: config.itemName, amountFen, taxRatePct: config.taxRatePct }],
      remark: null,
    });
    const invoice = await Invoice.create(
      {
        projectId,
        kind: 'SINGLE',
        accountId: student.id,
        unitId: order.unitId,
        status: 'ISSUED',
        titleType: 'PERSONAL',
        title: student.realName,
        taxNo: null,
        email: 'lisi@example.com',
        amountFen,
        itemName: config.itemName,
        taxRatePct: config.taxRatePct,
        requestNo,
        serialNo: result.serialNo,
        invoiceNumber: result.invoiceNumber,
        issuedAt: result.issuedAt ? new Date(result.issuedAt) : new Date(),
        createdBy: student.id,
      },
      { transaction },
    );
    await InvoiceOrder.create(
      { invoiceId: invoice.id, projectId, orderId: order.id, amountFen },
      { transaction },
    );
    for (const [from, to, source] of [
      [null, 'PENDING', 'STUDENT'],
      ['PENDING', 'ISSUING', 'SYSTEM'],
      ['ISSUING', 'ISSUED', 'PLATFORM'],
    ] as const)
      await InvoiceLog.create(
        {
          invoiceId: invoice.id,
          projectId,
          fromStatus: from,
          toStatus: to,
          source,
          actorId: null,
          reason: '演示数据',
        },
        { transaction },
      );
    return true;
  });
}
