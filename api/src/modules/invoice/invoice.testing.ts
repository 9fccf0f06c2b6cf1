import { ROLE_SYSTEM } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import type { Account } from '../account/account.model';
import { BatchOrder, PayOrder, PayOrderItem } from '../order/order.model';
import { newOrderNo } from '../order/order-state';
import type { FileStorage } from '../storage/storage';
import { buildClass } from '../train-class/train-class.testing';
import { UnitClass } from '../unit-class/unit-class.model';
import { createEinvoiceClient } from './einvoice/einvoice.provider';
import { createEinvoiceSimulator, type EinvoiceSimulator } from './einvoice/einvoice-sim';
import { InvoiceConfig } from './invoice.model';

/**
 * Test support of invoices: a test app issuing through a running invoice simulator (fast), projects
 * with an invoice config, students and staff, and paid orders built directly.
 */

/** An answer of an `invoice/*` call as the tests read it. */
export type InvoiceAnswer = {
  status: number;
  body: { respCode: number; respDesc: string; attribute: unknown };
};

/** Posts `invoice/<name>` as the holder of `token`. */
export const invoiceCall = (t: TestApp, name: string, body: object, token: string): Promise<InvoiceAnswer> =>
  t.http
    .post(`/api/invoice/${name}.action`)
    .set('token', token)
    .send(body) as unknown as Promise<InvoiceAnswer>;

/** The attribute of a successful answer (expects respCode 200). */
export const ok = <T>(res: InvoiceAnswer): T => {
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as T;
};

/** Expects a refusal (respCode -1) whose words match `respDesc`. */
export const refused = (res: InvoiceAnswer, respDesc: string | RegExp) =>
  expect(res.body).toMatchObject({ respCode: -1, respDesc: expect.stringMatching(respDesc) });

/** A test app whose invoice platform is a running simulator issuing after `delayMs`, calling the app back on loopback. */
export async function createInvoiceTestApp(
  options: { delayMs?: number; storage?: FileStorage } = {},
): Promise<{ t: TestApp; sim: EinvoiceSimulator }> {
  const sim = createEinvoiceSimulator({ delayMs: options.delayMs ?? 30 });
  const url = await sim.listen();
  const einvoice = createEinvoiceClient({
    baseUrl: url,
    appKey: sim.appKey,
    appSecret: sim.appSecret,
    publicUrl: null,
  });
  const t = await createTestApp({
    providers: { einvoice, ...(options.storage ? { storage: options.storage } : {}) },
  });
  einvoice.listeningAt(await t.listen());
  return { t, sim };
}

/** The pages of the invoice back office. */
export const INVOICE_PAGES = [
  '/invoice-manage',
  '/invoice-manage/invoice-list',
  '/invoice-manage/invoice-collective',
];

/** A project with its invoice config, a signed-in student and a signed-in invoice staff member. */
export async function buildInvoiceProject(): Promise<{
  projectId: number;
  student: Account;
  studentToken: string;
  staffToken: string;
}> {
  const project = await buildProject();
  await InvoiceConfig.create({
    projectId: project.id,
    sellerName: '测试培训有限公司',
    sellerTaxNo: '91370100MA3C000X1K',
    sellerAddressPhone: '济南市测试路1号 0531-1234567',
    sellerBankAccount: '测试银行 6222000000000000',
    itemName: '培训费',
    taxRatePct: 6,
    updatedBy: null,
  });
  const { account: student } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const { account: staff } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: INVOICE_PAGES,
  });
  return {
    projectId: project.id,
    student,
    studentToken: await signIn(student),
    staffToken: await signIn(staff),
  };
}

/** A PAID order of the student (channel OFFLINE) of one class at `paidFen`; `batchOrderId` makes it a unit's child order. */
export async function buildPaidOrder(
  projectId: number,
  accountId: number,
  paidFen = 12_800,
  extra: { unitId?: number; batchOrderId?: number; refundedFen?: number } = {},
): Promise<PayOrder> {
  const paidAt = new Date();
  const order = await PayOrder.create({
    projectId,
    orderNo: newOrderNo(paidAt),
    accountId,
    unitId: extra.unitId ?? null,
    batchOrderId: extra.batchOrderId ?? null,
    status: 'PAID',
    channel: extra.batchOrderId ? 'UNIT_BATCH' : 'OFFLINE',
    totalFen: paidFen,
    paidFen,
    refundedFen: extra.refundedFen ?? 0,
    expiresAt: null,
    paidAt,
  });
  const { trainClass } = await buildClass({ projectId, amountFen: paidFen });
  await PayOrderItem.create({
    orderId: order.id,
    projectId,
    classId: trainClass.id,
    className: trainClass.name,
    classYear: 2026,
    amountFen: paidFen,
    myClassId: null,
  });
  return order;
}

/** A unit of the project with a paid batch order of `count` child orders (students of the unit) at `paidFen` each. */
export async function buildUnitBatch(
  projectId: number,
  count: number,
  paidFen = 5_000,
): Promise<{ unitId: number; orders: PayOrder[] }> {
  const unit = await buildUnit(projectId);
  const { trainClass } = await buildClass({ projectId, amountFen: paidFen });
  const unitClass = await UnitClass.create({
    projectId,
    unitId: unit.id,
    classId: trainClass.id,
    name: `${unit.name}第一期`,
    plannedStudents: count,
    createdBy: null,
  });
  const batch = await BatchOrder.create({
    projectId,
    unitId: unit.id,
    unitClassId: unitClass.id,
    batchNo: newOrderNo(new Date()),
    status: 'PAID',
    channel: 'OFFLINE',
    orderCount: count,
    totalFen: count * paidFen,
    paidFen: count * paidFen,
    createdBy: null,
  });
  const orders = [];
  for (let i = 0; i < count; i++) {
    const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, unitId: unit.id });
    orders.push(
      await buildPaidOrder(projectId, account.id, paidFen, { unitId: unit.id, batchOrderId: batch.id }),
    );
  }
  return { unitId: unit.id, orders };
}
