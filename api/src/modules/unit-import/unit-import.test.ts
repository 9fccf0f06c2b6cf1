import { ROLE_SYSTEM } from '@px/config';
import { paySim, type WechatSimulator } from '@px/wechat/sim';
import ExcelJS from 'exceljs';
import type {
  BatchChildOrder,
  BatchOrderItem,
  BatchPayAnswer,
  UnitImportView,
} from '../../contract/unit-import';
import type { TestApp } from '../../testing/app';
import { buildAccount, buildUnit, signIn } from '../../testing/factories';
import { Account } from '../account/account.model';
import { createBuiltinRoles } from '../account/builtin-roles';
import { BatchOrder, PayAttempt, PayNotification, PayOrder, PayRefund } from '../order/order.model';
import { buildPayingProject, createPayTestApp, PAYER, signedNotification } from '../order/order.testing';
import { useTestStorage } from '../resource/resource.testing';
import { MyClass } from '../train-class/train-class.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { UnitClass } from '../unit-class/unit-class.model';
import { UnitImport } from './unit-import.model';
import { type StaffRow, staffIdCardNo, staffRows, staffWorkbook } from './unit-import.testing';

let t: TestApp;
let sim: WechatSimulator;
useTestStorage();
beforeAll(async () => {
  ({ t, sim } = await createPayTestApp());
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const PAGES = [
  '/home',
  '/train-manage',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/import-student',
  '/train-manage/batch-pay-order',
  '/order-manage',
  '/order-manage/detail',
];

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const call = <T>(path: string, body: object, token: string) =>
  t.http
    .post(`/api/${path}.action`)
    .set('token', token)
    .send(body)
    .then((res) => res.body as Envelope<T>);
const ok = <T>(envelope: Envelope<T>): T => {
  expect(envelope).toMatchObject({ respCode: 200 });
  return envelope.attribute;
};
const refused = (envelope: Envelope<unknown>, respDesc: string | RegExp) =>
  expect(envelope).toMatchObject({ respCode: -1, respDesc: expect.stringMatching(respDesc) });

const upload = (token: string, unitClassId: number, file: Buffer) =>
  t.http
    .post('/api/batch-import-order/import.action')
    .set('token', token)
    .field('unitClassId', String(unitClassId))
    .attach('file', file, '职工名单.xlsx')
    .then((res) => res.body as Envelope<UnitImportView>);

const download = (path: string, body: object, token: string) =>
  t.http
    .post(`/api/${path}.action`)
    .set('token', token)
    .send(body)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Runs queued jobs until none is left (an import sends no follow-up within its time slice). */
async function drain(): Promise<void> {
  while ((await t.jobs.drain()) > 0);
}

const PRICE = 9_900;

/** A paying project with two units, their managers, staff (with 免费开通), an offered class and unit A's unit class. */
async function scene() {
  const { projectId } = await buildPayingProject();
  await createBuiltinRoles(projectId);
  const unitA = await buildUnit(projectId, { name: `甲单位${Math.random()}` });
  const unitB = await buildUnit(projectId, { name: `乙单位${Math.random()}` });
  const manager = async (unitId: number) =>
    signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId, menu: PAGES })).account);
  const managerA = await manager(unitA.id);
  const managerB = await manager(unitB.id);
  const staff = await signIn(
    (
      await buildAccount({
        projectId,
        roleSystem: ROLE_SYSTEM.PROJECT,
        menu: [...PAGES, '/order-manage/list', '/order-manage/free-order'],
      })
    ).account,
  );
  const { trainClass } = await buildClass({ projectId, name: '特种作业班', amountFen: PRICE });
  const unitClass = await UnitClass.create({
    projectId,
    unitId: unitA.id,
    classId: trainClass.id,
    name: '甲单位特种作业一期',
    plannedStudents: 50,
    createdBy: null,
  });
  return { projectId, unitA, unitB, managerA, managerB, staff, trainClass, unitClass };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** Uploads the rows as unit A's manager and runs the job to its end. */
async function importRows(s: Scene, rows: StaffRow[], token = s.managerA): Promise<UnitImportView> {
  const started = ok(await upload(token, s.unitClass.id, await staffWorkbook(rows)));
  expect(started).toMatchObject({ status: 'VALIDATING', total: rows.length, finished: false });
  await drain();
  return ok(await call<UnitImportView>('batch-import-order/progress', { id: started.id }, token));
}

const enrolments = (s: Scene) =>
  MyClass.findAll({ where: { projectId: s.projectId, classId: s.trainClass.id }, order: [['id', 'ASC']] });

describe('the template and the checks before anything is written', () => {
  test('the template has the three columns as text and a sheet of rules', async () => {
    const s = await scene();
    const res = await download('batch-import-order/template', {}, s.managerA);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, '姓名', '身份证号', '手机号']);
    expect(book.worksheets[0]?.getColumn(2).numFmt).toBe('@');
    expect(book.getWorksheet('填写说明')?.rowCount).toBeGreaterThan(4);
  });

  test('every rule refuses its row with the reason; one bad row imports nothing', async () => {
    const s = await scene();
    const [good, second] = staffRows(2, 1);
    const taken = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: staffIdCardNo(50, 1), realName: '李四', mobile: '15100000050' },
    });
    const otherUnit = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      unitId: s.unitB.id,
      overrides: { idCardNo: staffIdCardNo(51, 1), realName: '王五', mobile: '15100000051' },
    });
    const enrolled = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: staffIdCardNo(52, 1), realName: '赵六', mobile: '15100000052' },
    });
    await enrol(s.trainClass, enrolled.account.id);
    const badCheck = `${staffIdCardNo(60, 1).slice(0, 17)}${staffIdCardNo(60, 1).endsWith('0') ? '1' : '0'}`;
    const rows: StaffRow[] = [
      good,
      ['', staffIdCardNo(61, 1), '15100000061'],
      ['钱七', badCheck, '15100000060'],
      ['孙八', staffIdCardNo(62, 1), '1234'],
      [second[0], second[1], '15100000063'],
      ['周九', staffIdCardNo(64, 1), good[2]],
      ['张冒名', staffIdCardNo(50, 1), '15100000065'],
      ['王五', staffIdCardNo(51, 1), '15100000066'],
      ['赵六', staffIdCardNo(52, 1), '15100000067'],
      ['吴十', staffIdCardNo(68, 1), taken.account.mobile ?? ''],
      // A long number cell loses its last digits (Excel keeps 15 significant digits).
      ['郑一', Number('110105197001010681'), '15100000069'],
      second,
    ];
    const accountsBefore = await Account.count({ where: { projectId: s.projectId } });
    const result = await importRows(s, rows);
    expect(result).toMatchObject({
      status: 'INVALID',
      finished: true,
      total: rows.length,
      okCount: 2,
      failedCount: rows.length - 2,
      batchOrderId: null,
    });
    expect(otherUnit.account.unitId).toBe(s.unitB.id);
    const errors = await sheetRows(
      (await download('batch-import-order/error-file', { id: result.id }, s.managerA)).body,
    );
    expect(errors[0]).toEqual(['行号', '姓名', '身份证号', '手机号', '错误原因']);
    const reasonOf = new Map(errors.slice(1).map((row) => [row[0], String(row[4])]));
    expect(Object.fromEntries(reasonOf)).toEqual({
      3: '请填写姓名',
      4: expect.stringContaining('身份证号格式不正确'),
      5: '手机号格式不正确',
      7: '与第 2 行手机号重复',
      8: '该身份证号已注册，但姓名与系统中的不一致',
      9: '该学员属于其他单位',
      10: '该学员已报名此班级',
      11: '该手机号已被其他学员使用',
      12: expect.stringContaining('文本格式'),
      13: '与第 6 行身份证号重复',
    });
    // Nothing but the staged rows was written.
    expect(await Account.count({ where: { projectId: s.projectId } })).toBe(accountsBefore);
    expect(await BatchOrder.count({ where: { projectId: s.projectId } })).toBe(0);
    expect((await enrolments(s)).length).toBe(1);
  });

  test('the unit class must be the caller’s, open, and have no import running; the file must be the template', async () => {
    const s = await scene();
    const file = await staffWorkbook(staffRows(2, 2));
    refused(await upload(s.managerB, s.unitClass.id, file), '单位班级不存在');
    refused(
      await upload(s.managerA, s.unitClass.id, await staffWorkbook(staffRows(1, 2), ['姓名', '手机号'])),
      '缺少“身份证号”列',
    );
    ok(await upload(s.staff, s.unitClass.id, file));
    refused(await upload(s.managerA, s.unitClass.id, file), '正在进行的导入');
    await drain();
    await s.unitClass.update({ state: 'CLOSED' });
    refused(await upload(s.managerA, s.unitClass.id, file), '单位班级已关闭');
    expect(await UnitImport.count({ where: { projectId: s.projectId } })).toBe(1);
  });
});

test('two uploads into one unit class at once: one runs, the other is refused', async () => {
  const s = await scene();
  const file = await staffWorkbook(staffRows(3, 2, 100));
  const answers = await Promise.all([
    upload(s.managerA, s.unitClass.id, file),
    upload(s.staff, s.unitClass.id, file),
  ]);
  expect(answers.map((answer) => answer.respCode).sort()).toEqual([-1, 200]);
  expect(answers.find((answer) => answer.respCode === -1)?.respDesc).toContain('正在进行的导入');
  expect(await UnitImport.count({ where: { projectId: s.projectId } })).toBe(1);
  await drain();
});

describe('importing, and paying for everyone at once', () => {
  test('new staff get accounts in the unit, known students keep theirs; each gets a pending enrolment and a child order', async () => {
    const s = await scene();
    const known = await buildAccount({
      projectId: s.projectId,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: staffIdCardNo(0, 3), realName: '老学员', mobile: '13900000001' },
    });
    const rows: StaffRow[] = [['老学员', staffIdCardNo(0, 3), '15300000000'], ...staffRows(3, 3, 1)];
    const result = await importRows(s, rows);
    expect(result).toMatchObject({ status: 'DONE', okCount: 4, failedCount: 0, processed: 4 });
    const accounts = await Account.findAll({
      where: { projectId: s.projectId, idCardNo: rows.map((row) => String(row[1])) },
    });
    expect(accounts).toHaveLength(4);
    expect(accounts.map((account) => account.unitId)).toEqual(Array(4).fill(s.unitA.id));
    expect((await Account.findByPk(known.account.id, { allTenants: true }))?.mobile).toBe('13900000001');
    expect((await Account.findByPk(known.account.id, { allTenants: true }))?.unitId).toBe(s.unitA.id);
    const mine = await enrolments(s);
    expect(mine.map((row) => [row.status, row.unitClassId])).toEqual(
      Array(4).fill(['PENDING_PAY', s.unitClass.id]),
    );
    const batch = ok(
      await call<BatchOrderItem>('batch-order/detail', { id: result.batchOrderId }, s.managerA),
    );
    expect(batch).toMatchObject({
      status: 'CREATED',
      orderCount: 4,
      totalAmount: 4 * PRICE,
      payable: true,
      importFinished: true,
      unitClassName: '甲单位特种作业一期',
      className: '特种作业班',
    });
    const children = ok(
      await call<{ total: number; list: BatchChildOrder[] }>(
        'batch-order/children',
        { id: batch.id },
        s.managerA,
      ),
    );
    expect(children.total).toBe(4);
    expect(children.list[0]).toMatchObject({ status: 'UNPAID', amount: PRICE, myClassStatus: 'PENDING_PAY' });
    expect(children.list[0]?.orderNo.startsWith(batch.batchNo)).toBe(true);
    expect(children.list[0]?.idCardNo).toMatch(/^\d{6}\*+\w{4}$/);
    // The unit class counts them; the student sees the order as the unit's to pay.
    const unitClass = ok(
      await call<{ studentCount: number }>('unit-class/detail', { id: s.unitClass.id }, s.managerA),
    );
    expect(unitClass.studentCount).toBe(4);
    const student = await signIn((await Account.findByPk(known.account.id, { allTenants: true })) as Account);
    const mineOrders = ok(
      await call<{ list: { byUnit: boolean; id: number }[] }>('order/my-order-page', {}, student),
    );
    expect(mineOrders.list[0]?.byUnit).toBe(true);
    refused(
      await call('order/pay', { id: mineOrders.list[0]?.id, method: 'NATIVE' }, student),
      '单位统一缴费',
    );
    refused(await call('order/cancel', { id: mineOrders.list[0]?.id }, student), '单位统一缴费');
  });

  test('one Native payment: one notification pays every child order and starts every enrolment; a second changes nothing', async () => {
    const s = await scene();
    const result = await importRows(s, staffRows(5, 4));
    const id = result.batchOrderId;
    const pay = ok(await call<BatchPayAnswer>('batch-order/pay', { id }, s.managerA));
    if (pay.kind !== 'NATIVE') throw new Error('expected a code_url');
    // Asking again reuses the open payment.
    expect(ok(await call<BatchPayAnswer>('batch-order/pay', { id }, s.managerA))).toEqual(pay);
    const qr = await download('batch-order/pay-qr', { id }, s.managerA);
    expect(qr.headers['content-type']).toBe('image/png');
    const attempt = await PayAttempt.findOne({ where: { projectId: s.projectId, batchOrderId: id } });
    expect(attempt).toMatchObject({ totalFen: 5 * PRICE, orderId: null, channel: 'WX_NATIVE' });
    // WeChat's notification, delivered twice.
    const notice = signedNotification(
      {
        out_trade_no: attempt?.outTradeNo ?? '',
        trade_type: 'NATIVE',
        amount: { total: 5 * PRICE, payer_total: 5 * PRICE, currency: 'CNY', payer_currency: 'CNY' },
      },
      { id: `EV-batch-${id}` },
    );
    const notify = () =>
      t.http.post(`/api/pay/notify/${attempt?.wxappId}`).set(notice.headers).type('json').send(notice.body);
    const [first, second] = await Promise.all([notify(), notify()]);
    expect([first.status, second.status]).toEqual([204, 204]);
    expect(
      (await PayNotification.findAll({ where: { outTradeNo: attempt?.outTradeNo ?? '' } }))
        .map((row) => row.outcome)
        .sort(),
    ).toEqual(['APPLIED', 'DUPLICATE']);
    const batch = ok(await call<BatchOrderItem>('batch-order/is-paid', { id }, s.managerA));
    expect(batch).toMatchObject({ status: 'PAID', paid: true });
    const orders = await PayOrder.findAll({ where: { projectId: s.projectId, batchOrderId: id } });
    expect(orders.map((order) => [order.status, order.channel, order.paidFen])).toEqual(
      Array(5).fill(['PAID', 'UNIT_BATCH', PRICE]),
    );
    expect((await enrolments(s)).map((row) => row.status)).toEqual(Array(5).fill('STUDYING'));
    refused(await call('batch-order/cancel', { id }, s.managerA), '已支付');
  });

  test('the simulator’s scan pays it end to end', async () => {
    const s = await scene();
    const result = await importRows(s, staffRows(2, 5));
    const pay = ok(await call<BatchPayAnswer>('batch-order/pay', { id: result.batchOrderId }, s.managerA));
    if (pay.kind !== 'NATIVE') throw new Error('expected a code_url');
    const simOrder = paySim(sim).resolveCodeUrl(pay.codeUrl);
    paySim(sim).confirm({ outTradeNo: simOrder?.outTradeNo ?? '', user: PAYER });
    const until = Date.now() + 10_000;
    while (
      (await BatchOrder.findOne({ where: { projectId: s.projectId, id: result.batchOrderId ?? 0 } }))
        ?.status !== 'PAID'
    ) {
      if (Date.now() > until) throw new Error('the batch was not paid');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await enrolments(s)).map((row) => row.status)).toEqual(['STUDYING', 'STUDYING']);
  });

  test('taking students out and cancelling close their orders and remove their enrolments; the total follows', async () => {
    const s = await scene();
    const result = await importRows(s, staffRows(3, 6));
    const id = result.batchOrderId;
    ok(await call<BatchPayAnswer>('batch-order/pay', { id }, s.managerA));
    const children = ok(
      await call<{ list: BatchChildOrder[] }>('batch-order/children', { id }, s.managerA),
    ).list;
    const taken = ok(
      await call<BatchOrderItem>('batch-order/delete', { id, orderIds: [children[0]?.orderId] }, s.managerA),
    );
    expect(taken).toMatchObject({ orderCount: 2, totalAmount: 2 * PRICE, status: 'CREATED' });
    // The open payment for three was closed at WeChat; the next one is for two.
    const attempts = await PayAttempt.findAll({ where: { projectId: s.projectId, batchOrderId: id } });
    expect(attempts.map((row) => row.status)).toEqual(['CLOSED']);
    expect(paySim(sim).order(attempts[0]?.outTradeNo ?? '')?.state).toBe('CLOSED');
    ok(await call<BatchPayAnswer>('batch-order/pay', { id }, s.managerA));
    expect(
      (await PayAttempt.findAll({ where: { projectId: s.projectId, batchOrderId: id, status: 'OPEN' } }))[0]
        ?.totalFen,
    ).toBe(2 * PRICE);
    expect((await enrolments(s)).length).toBe(2);
    refused(
      await call('batch-order/delete', { id, orderIds: [children[0]?.orderId] }, s.managerA),
      '不在该批量订单中或已不是待支付状态',
    );
    const cancelled = ok(await call<BatchOrderItem>('batch-order/cancel', { id }, s.managerA));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', orderCount: 0, totalAmount: 0, payable: false });
    expect((await enrolments(s)).length).toBe(0);
    expect(
      (await PayOrder.findAll({ where: { projectId: s.projectId, batchOrderId: id } })).map(
        (row) => row.status,
      ),
    ).toEqual(['CLOSED', 'CLOSED', 'CLOSED']);
    // The same staff can be imported again after the cancel.
    expect((await importRows(s, staffRows(3, 6))).status).toBe('DONE');
  });

  test('staff pass a batch as free or offline (unit batch free order); unit managers may not', async () => {
    const s = await scene();
    const result = await importRows(s, staffRows(2, 7));
    const id = result.batchOrderId;
    const forbidden = await t.http
      .post('/api/batch-order/pass.action')
      .set('token', s.managerA)
      .send({ id, channel: 'FREE', remark: '单位自行开通' });
    expect(forbidden.status).toBe(403);
    refused(await call('batch-order/pass', { id, channel: 'GIFT', remark: 'x' }, s.staff), '开通方式');
    const passed = ok(
      await call<BatchOrderItem>(
        'batch-order/pass',
        { id, channel: 'FREE', remark: '扶贫项目免费' },
        s.staff,
      ),
    );
    expect(passed).toMatchObject({ status: 'PAID', channel: 'FREE', paidAmount: 0, remark: '扶贫项目免费' });
    const orders = await PayOrder.findAll({ where: { projectId: s.projectId, batchOrderId: id } });
    expect(orders.map((order) => [order.status, order.channel, order.paidFen])).toEqual(
      Array(2).fill(['PAID', 'FREE', 0]),
    );
    expect((await enrolments(s)).map((row) => row.status)).toEqual(['STUDYING', 'STUDYING']);
  });

  test("batch orders carry the caller's abilities, and the server refuses what an ability refuses with the same words", async () => {
    const s = await scene();
    const id = (await importRows(s, staffRows(2, 9))).batchOrderId;
    const detail = async (token: string) =>
      ok(await call<BatchOrderItem>('batch-order/detail', { id }, token)).abilities;
    const notYours = expect.any(String);
    expect(await detail(s.managerA)).toEqual({
      canPay: true,
      payRefusal: null,
      canCancel: true,
      cancelRefusal: null,
      canRemove: true,
      removeRefusal: null,
      canPass: false,
      passRefusal: notYours,
      canRefund: false,
      refundRefusal: notYours,
    });
    expect(await detail(s.staff)).toMatchObject({ canPass: true, passRefusal: null, canRefund: false });
    // The list carries the same abilities.
    expect(
      ok(await call<{ list: BatchOrderItem[] }>('batch-order/page', {}, s.staff)).list.find(
        (row) => row.id === id,
      )?.abilities,
    ).toEqual(await detail(s.staff));
    ok(await call('batch-order/pass', { id, channel: 'OFFLINE', remark: '线下已收款' }, s.staff));
    const refunder = await signIn(
      (
        await buildAccount({
          projectId: s.projectId,
          roleSystem: ROLE_SYSTEM.PROJECT,
          menu: [...PAGES, '/invoice-manage', '/invoice-manage/refund-list'],
        })
      ).account,
    );
    const paid = await detail(refunder);
    expect(paid).toEqual({
      canPay: false,
      payRefusal: '批量订单已支付',
      canCancel: false,
      cancelRefusal: '批量订单已支付',
      canRemove: false,
      removeRefusal: '批量订单已支付',
      canPass: false,
      passRefusal: notYours,
      canRefund: true,
      refundRefusal: null,
    });
    expect((await detail(s.staff)).passRefusal).toBe('批量订单已支付');
    refused(await call('batch-order/cancel', { id }, s.managerA), paid.cancelRefusal as string);
    refused(
      await call('batch-order/pass', { id, channel: 'FREE', remark: '再开通' }, s.staff),
      '批量订单已支付',
    );
  });

  test('a unit manager reaches only their own unit’s imports and batch orders', async () => {
    const s = await scene();
    const result = await importRows(s, staffRows(1, 8));
    const id = result.batchOrderId;
    refused(await call('batch-import-order/progress', { id: result.id }, s.managerB), '导入记录不存在');
    refused(await call('batch-import-order/error-file', { id: result.id }, s.managerB), '导入记录不存在');
    for (const name of ['detail', 'children', 'pay', 'is-paid', 'cancel'])
      refused(await call(`batch-order/${name}`, { id }, s.managerB), '批量订单不存在');
    refused(await call('batch-order/delete', { id, orderIds: [1] }, s.managerB), '批量订单不存在');
    expect(
      ok(await call<{ total: number }>('batch-order/page', { unitId: s.unitA.id }, s.managerB)).total,
    ).toBe(0);
    expect(ok(await call<{ total: number }>('batch-import-order/page', {}, s.managerB)).total).toBe(0);
    expect(ok(await call<{ total: number }>('batch-order/page', {}, s.managerA)).total).toBe(1);
    expect((await BatchOrder.findOne({ where: { projectId: s.projectId, id: id ?? 0 } }))?.status).toBe(
      'CREATED',
    );
  });
});

test('the unit workspace counts a unit manager’s own unit only; staff see the project', async () => {
  const s = await scene();
  await importRows(s, staffRows(2, 2, 200));
  await UnitClass.create({
    projectId: s.projectId,
    unitId: s.unitB.id,
    classId: s.trainClass.id,
    name: '乙单位一期',
    plannedStudents: 5,
    state: 'CLOSED',
    createdBy: null,
  });
  expect(ok(await call('unit-workspace/overview', {}, s.managerA))).toEqual({
    unitClasses: 1,
    openUnitClasses: 1,
    students: 2,
    studentsByStatus: { PENDING_PAY: 2 },
    unpaidBatches: 1,
    unpaidAmount: 2 * PRICE,
    runningImports: 0,
  });
  expect(ok(await call('unit-workspace/overview', {}, s.managerB))).toMatchObject({
    unitClasses: 1,
    openUnitClasses: 0,
    students: 0,
    unpaidBatches: 0,
  });
  expect(ok(await call('unit-workspace/overview', {}, s.staff))).toMatchObject({
    unitClasses: 2,
    students: 2,
  });
});

describe('refunds of child orders', () => {
  async function until(check: () => Promise<boolean>): Promise<void> {
    const end = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('not reached in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const refundPages = [...PAGES, '/invoice-manage', '/invoice-manage/refund-list'];

  test('a child of a batch paid by WeChat is refunded against the batch’s payment; study stops; once only', async () => {
    const s = await scene();
    const refunder = await signIn(
      (await buildAccount({ projectId: s.projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: refundPages }))
        .account,
    );
    const result = await importRows(s, staffRows(3, 3, 300));
    const id = result.batchOrderId;
    const pay = ok(await call<BatchPayAnswer>('batch-order/pay', { id }, s.managerA));
    if (pay.kind !== 'NATIVE') throw new Error('expected a code_url');
    paySim(sim).confirm({
      outTradeNo: paySim(sim).resolveCodeUrl(pay.codeUrl)?.outTradeNo ?? '',
      user: PAYER,
    });
    await until(
      async () =>
        (await BatchOrder.findOne({ where: { projectId: s.projectId, id: id ?? 0 } }))?.status === 'PAID',
    );
    const children = ok(
      await call<{ list: BatchChildOrder[] }>('batch-order/children', { id }, s.managerA),
    ).list;
    const [first, second] = children;
    // Unit managers do not refund; staff without the refund page neither.
    const forbidden = await t.http
      .post('/api/batch-order/refund.action')
      .set('token', s.managerA)
      .send({ id, orderIds: [first?.orderId], reason: '离职' });
    expect(forbidden.status).toBe(403);
    refused(
      await call('batch-order/refund', { id, orderIds: [first?.orderId, 999_999], reason: '离职' }, refunder),
      '不在该批量订单中',
    );
    const { refunds } = ok(
      await call<{ refunds: { refundStatus: string; amount: number; orderStatus: string }[] }>(
        'batch-order/refund',
        { id, orderIds: [first?.orderId], reason: '职工离职' },
        refunder,
      ),
    );
    expect(refunds).toEqual([expect.objectContaining({ amount: PRICE })]);
    // Under way, or already done when the simulator's notification came before the answer was read.
    expect([
      ['REFUNDING', 'REFUNDING'],
      ['SUCCESS', 'REFUNDED'],
    ]).toContainEqual([refunds[0]?.refundStatus, refunds[0]?.orderStatus]);
    const simRefund = paySim(sim)
      .refunds()
      .find((refund) => refund.outRefundNo.startsWith(first?.orderNo ?? '-'));
    expect(simRefund).toMatchObject({ refundFen: PRICE, totalFen: 3 * PRICE });
    await until(
      async () =>
        (await PayOrder.findOne({ where: { projectId: s.projectId, id: first?.orderId ?? 0 } }))?.status ===
        'REFUNDED',
    );
    const refunded = await PayOrder.findOne({ where: { projectId: s.projectId, id: first?.orderId ?? 0 } });
    expect(refunded?.refundedFen).toBe(PRICE);
    expect(
      (await MyClass.findOne({ where: { projectId: s.projectId, id: first?.myClassId ?? 0 } }))?.status,
    ).toBe('REFUNDED');
    expect(
      (await MyClass.findOne({ where: { projectId: s.projectId, id: second?.myClassId ?? 0 } }))?.status,
    ).toBe('STUDYING');
    expect((await BatchOrder.findOne({ where: { projectId: s.projectId, id: id ?? 0 } }))?.status).toBe(
      'PAID',
    );
    // The refund's notification again changes nothing; a second refund is refused.
    const before = await PayRefund.count({ where: { projectId: s.projectId } });
    paySim(sim).duplicateNotification(simRefund?.outTradeNo ?? '');
    await until(
      async () =>
        (await PayNotification.count({
          where: { outcome: 'DUPLICATE', outTradeNo: simRefund?.outTradeNo ?? '' },
        })) > 0,
    );
    expect(await PayRefund.count({ where: { projectId: s.projectId } })).toBe(before);
    refused(
      await call('batch-order/refund', { id, orderIds: [first?.orderId], reason: '再退' }, refunder),
      '不是已支付状态',
    );
    // A refund WeChat fails returns the order to PAID.
    paySim(sim).failRefund(`${second?.orderNo}R01`);
    ok(await call('batch-order/refund', { id, orderIds: [second?.orderId], reason: '测试失败' }, refunder));
    await until(
      async () =>
        (await PayOrder.findOne({ where: { projectId: s.projectId, id: second?.orderId ?? 0 } }))?.status ===
        'PAID',
    );
    expect(
      (await PayRefund.findOne({ where: { projectId: s.projectId, orderId: second?.orderId ?? 0 } }))?.status,
    ).toBe('FAILED');
    expect(
      (await MyClass.findOne({ where: { projectId: s.projectId, id: second?.myClassId ?? 0 } }))?.status,
    ).toBe('STUDYING');
  });

  test('a child of a batch passed free is refunded at once, without WeChat', async () => {
    const s = await scene();
    const refunder = await signIn(
      (await buildAccount({ projectId: s.projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: refundPages }))
        .account,
    );
    const result = await importRows(s, staffRows(1, 3, 400));
    const id = result.batchOrderId;
    ok(await call('batch-order/pass', { id, channel: 'FREE', remark: '免费' }, s.staff));
    const [child] = ok(
      await call<{ list: BatchChildOrder[] }>('batch-order/children', { id }, s.managerA),
    ).list;
    const { refunds } = ok(
      await call<{ refunds: { refundStatus: string; amount: number; orderStatus: string }[] }>(
        'batch-order/refund',
        { id, orderIds: [child?.orderId], reason: '重复报名' },
        refunder,
      ),
    );
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 0, refundStatus: 'SUCCESS', orderStatus: 'REFUNDED' }),
    ]);
    expect(
      (await MyClass.findOne({ where: { projectId: s.projectId, id: child?.myClassId ?? 0 } }))?.status,
    ).toBe('REFUNDED');
  });
});
