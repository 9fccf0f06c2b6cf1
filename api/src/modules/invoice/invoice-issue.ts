import { Op, type Transaction } from 'sequelize';
import type { z } from 'zod';
import type {
  InvoiceBatchAnswer,
  InvoiceConfigView,
  InvoiceRow,
  invoiceConfigInput,
  invoiceCorrectInput,
  invoiceMarkInput,
  UploadCallbackAnswer,
} from '../../contract/invoice';
import { type ActorScope, FileResult, type Scope, type TenantScope } from '../../core/action';
import { BusinessError, uniqueRefusal } from '../../core/errors';
import type { JobScope } from '../../core/jobs';
import { withProject } from '../../db/tenant-access';
import { PayOrder } from '../order/order.model';
import { EinvoiceError, type EinvoiceResult } from './einvoice/einvoice.types';
import { Invoice, InvoiceConfig, InvoiceOrder } from './invoice.model';
import { findProjectInvoice, invoiceRow } from './invoice.service';
import { expectStatus, type InvoiceMove, invoiceableFen, moveInvoice, newRequestNo } from './invoice-state';

/**
 * Issuing through the electronic-invoice platform: staff open (one or many), the `invoice.issue`
 * job sends the request (written in the opening transaction, so it exists only if the opening
 * commits), the platform's signed callback or the sweep's query settles it (ISSUED or FAILED),
 * exactly once whatever arrives twice; red reversals the same way (`invoice.red`, RED_ISSUING ->
 * REVERSED, a refused one back to ISSUED). Also reject, cancel, mark, remark, the seller config and
 * the PDFs (fetched from the platform once, then kept in the file storage).
 */

const staffMove = (scope: ActorScope, reason?: string | null): InvoiceMove => ({
  source: 'STAFF',
  actorId: scope.principal.accountId,
  reason: reason ?? null,
});

/** `invoice/config`: the project's seller details, or null before they were saved. */
export async function invoiceConfig(scope: TenantScope): Promise<InvoiceConfigView | null> {
  const config = await InvoiceConfig.findOne({ where: { projectId: scope.project.id } });
  return config ? configView(config) : null;
}

function configView(config: InvoiceConfig): InvoiceConfigView {
  return {
    sellerName: config.sellerName,
    sellerTaxNo: config.sellerTaxNo,
    sellerAddressPhone: config.sellerAddressPhone,
    sellerBankAccount: config.sellerBankAccount,
    itemName: config.itemName,
    taxRatePct: config.taxRatePct,
    updatedAt: config.updatedAt.toISOString(),
  };
}

/** `invoice/save-config`: saves the project's seller details (invoices opened later use them). */
export async function saveInvoiceConfig(
  scope: ActorScope,
  input: z.output<typeof invoiceConfigInput>,
): Promise<InvoiceConfigView> {
  const [config] = await InvoiceConfig.upsert({
    projectId: scope.project.id,
    ...input,
    updatedBy: scope.principal.accountId,
  });
  return configView(config);
}

/** The orders of an invoice, locked, with what each was invoiced for. */
async function ordersOf(invoice: Invoice, transaction: Transaction) {
  const links = await InvoiceOrder.findAll({
    where: { invoiceId: invoice.id, projectId: invoice.projectId },
    transaction,
  });
  const orders = await PayOrder.findAll({
    where: { projectId: invoice.projectId, id: links.map((link) => link.orderId) },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  return links.map((link) => ({ link, order: orders.find((order) => order.id === link.orderId) }));
}

/** Refuses when an order was refunded (or otherwise changed) so that the invoice would exceed paid minus refunded. */
async function checkStillInvoiceable(invoice: Invoice, transaction: Transaction): Promise<void> {
  for (const { link, order } of await ordersOf(invoice, transaction)) {
    if (!order || link.amountFen > invoiceableFen(order))
      throw new BusinessError(
        `订单 ${order?.orderNo ?? link.orderId} 的可开票金额已不足（已退款或未支付），请驳回或作废该申请`,
      );
  }
}

/** Opens one PENDING invoice in the caller's transaction: ISSUING, with the `invoice.issue` job written beside it. */
async function openOne(scope: ActorScope, id: number, transaction: Transaction): Promise<void> {
  const invoice = await findProjectInvoice(scope, id, transaction);
  expectStatus(invoice, ['PENDING'], '开票');
  await startIssue(scope, invoice, transaction);
}

/** Sends a (locked) invoice to the platform: ISSUING with the project's item and tax rate, and the job. */
async function startIssue(scope: ActorScope, invoice: Invoice, transaction: Transaction): Promise<void> {
  const config = await InvoiceConfig.findOne({ where: { projectId: scope.project.id }, transaction });
  if (!config) throw new BusinessError('请先在开票设置中填写销售方信息');
  if (!scope.providers.einvoice.configured) throw new BusinessError('未配置电子发票平台');
  await checkStillInvoiceable(invoice, transaction);
  invoice.itemName = config.itemName;
  invoice.taxRatePct = config.taxRatePct;
  invoice.failure = null;
  await moveInvoice(invoice, 'ISSUING', staffMove(scope), transaction);
  await scope.jobs.send('invoice.issue', { invoiceId: invoice.id }, { transaction });
}

/** `invoice/open`: issues a PENDING invoice through the platform (ISSUING until its result arrives). */
export async function openInvoice(scope: ActorScope, id: number): Promise<InvoiceRow> {
  await scope.sequelize.transaction((transaction) => openOne(scope, id, transaction));
  return invoiceRow(scope, id);
}

/** Runs `work` for each id in a transaction of its own; answers which were done and why others were not. */
async function eachInvoice(
  scope: ActorScope,
  ids: number[],
  work: (id: number, transaction: Transaction) => Promise<void>,
): Promise<InvoiceBatchAnswer> {
  const answer: InvoiceBatchAnswer = { done: [], refused: [] };
  for (const id of ids) {
    try {
      await scope.sequelize.transaction((transaction) => work(id, transaction));
      answer.done.push(id);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      answer.refused.push({ id, reason: error.message });
    }
  }
  return answer;
}

/** `invoice/batch-open`: opens each PENDING invoice (one transaction each; the others go on when one is refused). */
export function batchOpen(scope: ActorScope, ids: number[]): Promise<InvoiceBatchAnswer> {
  return eachInvoice(scope, ids, (id, transaction) => openOne(scope, id, transaction));
}

/** `invoice/reject`: refuses a PENDING application with a reason; its order is free again and the student may re-save. */
export async function rejectInvoice(scope: ActorScope, id: number, reason: string): Promise<InvoiceRow> {
  await scope.sequelize.transaction(async (transaction) => {
    const invoice = await findProjectInvoice(scope, id, transaction);
    expectStatus(invoice, ['PENDING'], '驳回');
    invoice.rejectReason = reason;
    await moveInvoice(invoice, 'REJECTED', staffMove(scope, reason), transaction);
  });
  return invoiceRow(scope, id);
}

/** `invoice/cancel`: cancels a PENDING, REJECTED or FAILED application for good. */
export async function cancelInvoice(scope: ActorScope, id: number, reason: string): Promise<InvoiceRow> {
  await scope.sequelize.transaction(async (transaction) => {
    const invoice = await findProjectInvoice(scope, id, transaction);
    expectStatus(invoice, ['PENDING', 'REJECTED', 'FAILED'], '作废');
    await moveInvoice(invoice, 'CANCELLED', staffMove(scope, reason), transaction);
  });
  return invoiceRow(scope, id);
}

/** `invoice/mark`: records a PENDING or FAILED invoice as issued outside the platform (number and date; no PDF here). */
export async function markInvoice(
  scope: ActorScope,
  input: z.output<typeof invoiceMarkInput>,
): Promise<InvoiceRow> {
  await scope.sequelize
    .transaction(async (transaction) => {
      const invoice = await findProjectInvoice(scope, input.id, transaction);
      expectStatus(invoice, ['PENDING', 'FAILED'], '标记已开票');
      await checkStillInvoiceable(invoice, transaction);
      Object.assign(invoice, {
        marked: true,
        invoiceNumber: input.invoiceNumber,
        issuedAt: new Date(`${input.issuedDate}T12:00:00+08:00`),
        failure: null,
      });
      await moveInvoice(invoice, 'ISSUED', staffMove(scope, `线下开具 ${input.invoiceNumber}`), transaction);
    })
    .catch(uniqueRefusal(new BusinessError('该订单已有其他开票申请')));
  return invoiceRow(scope, input.id);
}

/**
 * `invoice/correct` (发票纠正): corrects the title, taxpayer number and e-mail of an application not
 * yet issued (PENDING, REJECTED, FAILED); its state stays, the log keeps who, what before and why.
 * An issued invoice is corrected by a red reversal and a new application instead.
 */
export async function correctInvoice(
  scope: ActorScope,
  input: z.output<typeof invoiceCorrectInput>,
): Promise<InvoiceRow> {
  await scope.sequelize.transaction(async (transaction) => {
    const invoice = await findProjectInvoice(scope, input.id, transaction);
    if (!['PENDING', 'REJECTED', 'FAILED'].includes(invoice.status))
      throw new BusinessError('已开票的发票不能纠正，请红冲后重新申请');
    const before =
      `${invoice.title}${invoice.taxNo ? ` ${invoice.taxNo}` : ''} ${invoice.email ?? ''}`.trim();
    Object.assign(invoice, {
      titleType: input.titleType,
      title: input.title,
      taxNo: input.titleType === 'COMPANY' ? (input.taxNo ?? null) : null,
      email: input.email,
    });
    await moveInvoice(
      invoice,
      invoice.status,
      staffMove(scope, `纠正：${input.reason}（原为 ${before}）`),
      transaction,
    );
  });
  return invoiceRow(scope, input.id);
}

/** `invoice/remark`: staff's note (blank clears it). */
export async function remarkInvoice(
  scope: ActorScope,
  id: number,
  remark: string | undefined,
): Promise<InvoiceRow> {
  const invoice = await findProjectInvoice(scope, id);
  invoice.remark = remark ?? null;
  await invoice.save();
  return invoiceRow(scope, id);
}

/** Starts the red reversal of an ISSUED invoice in the caller's transaction (RED_ISSUING, `invoice.red` job). */
async function redOne(
  scope: ActorScope,
  id: number,
  reason: string,
  transaction: Transaction,
): Promise<void> {
  const invoice = await findProjectInvoice(scope, id, transaction);
  expectStatus(invoice, ['ISSUED'], '红冲');
  if (invoice.marked || !invoice.serialNo) throw new BusinessError('线下开具的发票请在线下红冲后作废');
  invoice.redRequestNo = newRequestNo('RED');
  invoice.redReason = reason;
  invoice.failure = null;
  await moveInvoice(invoice, 'RED_ISSUING', staffMove(scope, reason), transaction);
  await scope.jobs.send('invoice.red', { invoiceId: invoice.id }, { transaction });
}

/** `invoice/red`: reverses an issued invoice by a red invoice (RED_ISSUING until the platform's result). */
export async function redInvoice(scope: ActorScope, id: number, reason: string): Promise<InvoiceRow> {
  await scope.sequelize.transaction((transaction) => redOne(scope, id, reason, transaction));
  return invoiceRow(scope, id);
}

/** `invoice/red-batch`: reverses each issued invoice. */
export function redBatch(scope: ActorScope, ids: number[], reason: string): Promise<InvoiceBatchAnswer> {
  return eachInvoice(scope, ids, (id, transaction) => redOne(scope, id, reason, transaction));
}

/** The platform's answer applied: how the invoice's state changed, if it did. */
export type ApplyOutcome = 'APPLIED' | 'DUPLICATE' | 'PENDING';

/**
 * Applies a result of the platform (callback, query or accept answer) to its invoice, exactly once:
 * the invoice is locked and moves only from ISSUING (blue) or RED_ISSUING (red) with the matching
 * request number; anything else is a duplicate or late result and changes nothing.
 */
export async function applyResult(
  scope: Scope,
  result: EinvoiceResult,
  source: InvoiceMove['source'],
): Promise<ApplyOutcome> {
  const red = result.kind === 'RED';
  const byRequest = red ? { redRequestNo: result.requestNo } : { requestNo: result.requestNo };
  // The platform names the request only: its project is the invoice's, found across projects.
  const known = await Invoice.findOne({ where: byRequest, attributes: ['projectId'], allTenants: true });
  if (!known) throw new BusinessError('未知的开票请求');
  return withProject(known.projectId, () =>
    applyInProject(scope, result, source, byRequest, known.projectId),
  );
}

async function applyInProject(
  scope: Scope,
  result: EinvoiceResult,
  source: InvoiceMove['source'],
  byRequest: { redRequestNo: string } | { requestNo: string },
  projectId: number,
): Promise<ApplyOutcome> {
  return scope.sequelize.transaction(async (transaction) => {
    const red = result.kind === 'RED';
    const invoice = await Invoice.findOne({
      where: { ...byRequest, projectId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!invoice) throw new BusinessError('未知的开票请求');
    if (invoice.status !== (red ? 'RED_ISSUING' : 'ISSUING')) return 'DUPLICATE';
    const move = { source, actorId: null };
    if (result.state === 'ISSUING') {
      if (!red && !invoice.serialNo) {
        invoice.serialNo = result.serialNo;
        await invoice.save({ transaction });
      }
      return 'PENDING';
    }
    if (!red && result.state === 'ISSUED') {
      Object.assign(invoice, {
        serialNo: result.serialNo,
        invoiceNumber: result.invoiceNumber,
        issuedAt: result.issuedAt ? new Date(result.issuedAt) : new Date(),
        failure: null,
      });
      await moveInvoice(
        invoice,
        'ISSUED',
        { ...move, reason: `发票号码 ${result.invoiceNumber}` },
        transaction,
      );
    } else if (!red) {
      invoice.serialNo = result.serialNo;
      invoice.failure = (result.failure ?? '开票失败').slice(0, 200);
      await moveInvoice(invoice, 'FAILED', { ...move, reason: invoice.failure }, transaction);
    } else if (result.state === 'ISSUED') {
      Object.assign(invoice, {
        redSerialNo: result.serialNo,
        redInvoiceNumber: result.invoiceNumber,
        reversedAt: result.issuedAt ? new Date(result.issuedAt) : new Date(),
      });
      await moveInvoice(
        invoice,
        'REVERSED',
        { ...move, reason: `红字发票号码 ${result.invoiceNumber}` },
        transaction,
      );
    } else {
      invoice.failure = `红冲失败：${result.failure ?? ''}`.slice(0, 200);
      await moveInvoice(invoice, 'ISSUED', { ...move, reason: invoice.failure }, transaction);
    }
    return 'APPLIED';
  });
}

/** `invoice/upload-callback`: the platform's signed result, verified, then applied once. */
export async function uploadCallback(
  scope: Scope,
  body: Parameters<Scope['providers']['einvoice']['verifyCallback']>[0],
): Promise<UploadCallbackAnswer> {
  let result: EinvoiceResult;
  try {
    result = scope.providers.einvoice.verifyCallback(body);
  } catch (error) {
    if (!(error instanceof EinvoiceError)) throw error;
    scope.log.warn({ code: error.code, requestNo: body.requestNo }, 'invoice callback refused');
    throw new BusinessError('回调验签失败');
  }
  const outcome = await applyResult(scope, result, 'PLATFORM');
  return { outcome: outcome === 'APPLIED' ? 'APPLIED' : 'DUPLICATE' };
}

/**
 * 异常记录's 重试 of an invoice the platform refused: a FAILED invoice is issued again as
 * `invoice/open` issues a PENDING one (config, platform, still invoiceable), under a new request
 * number (the platform keeps its answer to the refused one), holding its orders again (refused in
 * words when another application holds one meanwhile). Only a FAILED invoice, under its row lock:
 * a second retry finds it ISSUING (or ISSUED) and changes nothing. Staff correct the title or tax
 * number first with `invoice/correct` when that was the refusal.
 */
export async function reissueInvoice(scope: ActorScope, id: number): Promise<InvoiceRow> {
  await scope.sequelize
    .transaction(async (transaction) => {
      const invoice = await findProjectInvoice(scope, id, transaction);
      expectStatus(invoice, ['FAILED'], '重新开票');
      invoice.requestNo = newRequestNo('INV');
      await startIssue(scope, invoice, transaction);
    })
    .catch(uniqueRefusal(new BusinessError('该订单已有其他开票申请')));
  return invoiceRow(scope, id);
}

/** A refusal of the platform that sending again would not change (bad data), as opposed to being unreachable. */
const isFinalRefusal = (error: unknown) =>
  error instanceof EinvoiceError &&
  !['unreachable', 'UNAVAILABLE', 'bad-answer', 'not-configured', 'ERROR'].includes(error.code);

/** Moves an invoice the platform refused (at request time) to FAILED, or a refused red request back to ISSUED. */
async function refusedByPlatform(
  scope: Scope,
  invoiceId: number,
  red: boolean,
  message: string,
): Promise<void> {
  await scope.sequelize.transaction(async (transaction) => {
    const invoice = await Invoice.findOne({
      where: { id: invoiceId },
      transaction,
      lock: transaction.LOCK.UPDATE,
      allTenants: true,
    });
    if (!invoice || invoice.status !== (red ? 'RED_ISSUING' : 'ISSUING')) return;
    invoice.failure = (red ? `红冲失败：${message}` : message).slice(0, 200);
    await moveInvoice(
      invoice,
      red ? 'ISSUED' : 'FAILED',
      { source: 'PLATFORM', actorId: null, reason: invoice.failure },
      transaction,
    );
  });
}

/**
 * Sends an ISSUING invoice's request to the platform (the `invoice.issue` job and the sweep). The
 * request number makes a repeat harmless. A refusal for bad data fails the invoice; an unreachable
 * platform throws, so the job retries (and the sweep later).
 */
export async function sendIssue(scope: Scope, invoiceId: number): Promise<void> {
  const invoice = await Invoice.findOne({ where: { id: invoiceId }, allTenants: true });
  if (invoice?.status !== 'ISSUING') return;
  const config = await InvoiceConfig.findOne({ where: { projectId: invoice.projectId } });
  if (!config) return refusedByPlatform(scope, invoiceId, false, '开票设置缺失');
  await Invoice.update(
    { attempts: invoice.attempts + 1, checkedAt: new Date() },
    { where: { id: invoice.id, projectId: invoice.projectId } },
  );
  let result: EinvoiceResult;
  try {
    result = await scope.providers.einvoice.issue({
      requestNo: invoice.requestNo,
      seller: {
        name: config.sellerName,
        taxNo: config.sellerTaxNo,
        addressPhone: config.sellerAddressPhone,
        bankAccount: config.sellerBankAccount,
      },
      buyer: { type: invoice.titleType, name: invoice.title, taxNo: invoice.taxNo, email: invoice.email },
      items: [
        {
          name: invoice.itemName ?? config.itemName,
          amountFen: invoice.amountFen,
          taxRatePct: invoice.taxRatePct ?? config.taxRatePct,
        },
      ],
      remark: null,
    });
  } catch (error) {
    if (isFinalRefusal(error)) return refusedByPlatform(scope, invoiceId, false, (error as Error).message);
    throw error;
  }
  await applyResult(scope, result, 'PLATFORM');
}

/** Sends a RED_ISSUING invoice's red request (the `invoice.red` job and the sweep); as sendIssue. */
export async function sendRed(scope: Scope, invoiceId: number): Promise<void> {
  const invoice = await Invoice.findOne({ where: { id: invoiceId }, allTenants: true });
  if (invoice?.status !== 'RED_ISSUING' || !invoice.redRequestNo || !invoice.serialNo) return;
  await Invoice.update(
    { attempts: invoice.attempts + 1, checkedAt: new Date() },
    { where: { id: invoice.id, projectId: invoice.projectId } },
  );
  let result: EinvoiceResult;
  try {
    result = await scope.providers.einvoice.reverse({
      requestNo: invoice.redRequestNo,
      originalSerialNo: invoice.serialNo,
      reason: invoice.redReason ?? '',
    });
  } catch (error) {
    if (isFinalRefusal(error)) return refusedByPlatform(scope, invoiceId, true, (error as Error).message);
    throw error;
  }
  await applyResult(scope, result, 'PLATFORM');
}

/**
 * Asks the platform how an ISSUING or RED_ISSUING invoice stands and applies it; a request the
 * platform never received is sent again. Answers whether the state changed.
 */
export async function queryInvoice(
  scope: Scope,
  invoice: Invoice,
  source: InvoiceMove['source'],
): Promise<boolean> {
  const red = invoice.status === 'RED_ISSUING';
  const requestNo = red ? invoice.redRequestNo : invoice.requestNo;
  if (!requestNo || (invoice.status !== 'ISSUING' && !red)) return false;
  await Invoice.update(
    { checkedAt: new Date() },
    { where: { id: invoice.id, projectId: invoice.projectId } },
  );
  const result = await scope.providers.einvoice.query(requestNo);
  if (!result) {
    if (red) await sendRed(scope, invoice.id);
    else await sendIssue(scope, invoice.id);
    return false;
  }
  return (await applyResult(scope, result, source)) === 'APPLIED';
}

/** `invoice/refresh` (刷新开票结果): asks the platform now about an ISSUING or RED_ISSUING invoice. */
export async function refreshInvoice(scope: ActorScope, id: number): Promise<InvoiceRow> {
  const invoice = await findProjectInvoice(scope, id);
  expectStatus(invoice, ['ISSUING', 'RED_ISSUING'], '刷新开票结果');
  try {
    await queryInvoice(scope, invoice, 'STAFF');
  } catch (error) {
    if (error instanceof EinvoiceError) throw new BusinessError(`电子发票平台查询失败：${error.message}`);
    throw error;
  }
  return invoiceRow(scope, id);
}

/** Invoices in flight not moved on since `before` and not asked about since then, oldest first. */
export function stalledInvoices(before: Date, limit: number): Promise<Invoice[]> {
  return Invoice.findAll({
    where: {
      status: ['ISSUING', 'RED_ISSUING'],
      updatedAt: { [Op.lt]: before },
      [Op.or]: [{ checkedAt: null }, { checkedAt: { [Op.lt]: before } }],
    },
    order: [['updatedAt', 'ASC']],
    limit,
    allTenants: true,
  });
}

/** The sweep of stalled invoices (a lost callback, an unreachable platform): each asked about, failures logged. */
export async function sweepInvoices(
  scope: JobScope,
  now: Date,
  staleMs: number,
  limit: number,
): Promise<void> {
  for (const invoice of await stalledInvoices(new Date(now.getTime() - staleMs), limit)) {
    try {
      await queryInvoice(scope, invoice, 'SWEEP');
    } catch (error) {
      scope.log.warn({ err: error, invoiceId: invoice.id }, 'querying a stalled invoice failed');
    }
  }
}

/** Whether an invoice (or its red reversal) has a PDF to give: issued on the platform, not only marked. */
export function hasInvoicePdf(invoice: Invoice, red: boolean): boolean {
  const serialNo = red ? invoice.redSerialNo : invoice.serialNo;
  const number = red ? invoice.redInvoiceNumber : invoice.invoiceNumber;
  const ready = red
    ? invoice.status === 'REVERSED'
    : ['ISSUED', 'RED_ISSUING', 'REVERSED'].includes(invoice.status);
  return ready && !invoice.marked && Boolean(serialNo) && Boolean(number);
}

/** Refusal of an invoice without a PDF to give. */
export const NO_INVOICE_PDF = '该发票没有可下载的 PDF';

/**
 * The PDF of an invoice (or of its red reversal): fetched from the platform the first time and
 * kept in the file storage, so later downloads need no platform.
 */
export async function invoicePdf(scope: Scope, invoice: Invoice, red: boolean): Promise<FileResult> {
  const serialNo = red ? invoice.redSerialNo : invoice.serialNo;
  const number = red ? invoice.redInvoiceNumber : invoice.invoiceNumber;
  if (!hasInvoicePdf(invoice, red) || !serialNo || !number) throw new BusinessError(NO_INVOICE_PDF);
  const keyField = red ? 'redPdfKey' : 'pdfKey';
  let key = invoice[keyField];
  if (!key) {
    let bytes: Buffer;
    try {
      bytes = await scope.providers.einvoice.pdf(serialNo);
    } catch (error) {
      if (error instanceof EinvoiceError)
        throw new BusinessError(`电子发票平台暂不能提供 PDF：${error.message}`);
      throw error;
    }
    key = `invoices/${invoice.projectId}/${invoice.id}-${red ? 'red' : 'blue'}-${number}.pdf`;
    await scope.providers.storage.put(key, bytes);
    await Invoice.update({ [keyField]: key }, { where: { id: invoice.id, projectId: invoice.projectId } });
    return new FileResult(bytes, 'application/pdf', `${red ? '红字发票' : '发票'}-${number}.pdf`);
  }
  return new FileResult(
    await scope.providers.storage.get(key),
    'application/pdf',
    `${red ? '红字发票' : '发票'}-${number}.pdf`,
  );
}
