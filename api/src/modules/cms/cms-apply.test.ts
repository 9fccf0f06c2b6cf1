import { openIdOf, paySim, type WechatSimulator } from '@px/wechat/sim';
import ExcelJS from 'exceljs';
import type {
  CmsApplyDetail,
  CmsApplyRow,
  CmsBatchApproveAnswer,
  CmsBatchRow,
  CmsOrderRow,
  CmsPayAnswer,
  MyCmsApply,
  OpenCmsBatch,
} from '../../contract/cms';
import type { PageAnswer } from '../../contract/common';
import { VOCATION_MESSAGES } from '../../contract/dictionary';
import type { OrderPayAnswer, OrderView } from '../../contract/order';
import type { TestApp } from '../../testing/app';
import { buildAccount, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { Account } from '../account/account.model';
import { Vocation } from '../dictionary/vocation.model';
import { createFaceidClient } from '../identity/identity.provider';
import { IdentityCheck } from '../identity/identity-check.model';
import { createIdentitySimulator, SIM_IDENTITY_CREDENTIALS } from '../identity/identity-sim';
import { PayOrder } from '../order/order.model';
import { createPayTestApp, demoWxapp, PAYER } from '../order/order.testing';
import { Project } from '../project/project.model';
import { freshIp } from '../sms/sms.testing';
import { useTestFileStorage } from '../storage/test-storage';
import { WechatBinding } from '../wechat/wxapp.model';
import { CmsApply, CmsApplyLog, CmsBatch } from './cms.model';
import {
  batchInput,
  buildCmsProject,
  ELECTRICIAN,
  freshCandidate,
  passportPng,
  registerCandidate,
  saveBatch,
  smsCodeFor,
  staffWith,
  submitRequest,
} from './cms.testing';

let t: TestApp;
let sim: WechatSimulator;
const files = useTestFileStorage('cms-apply');
/** The identity register of 实名核验 (a project with idCardVerify asks it). */
const registry = createIdentitySimulator({ residents: [] });
const RESIDENT = { name: '钱考生', idNumber: '110105194912310011' };
beforeAll(async () => {
  const url = await registry.listen();
  registry.addResidents([RESIDENT]);
  const identity = createFaceidClient({
    baseUrl: url,
    secretId: SIM_IDENTITY_CREDENTIALS.secretId,
    secretKey: SIM_IDENTITY_CREDENTIALS.secretKey,
    simulated: true,
  });
  ({ t, sim } = await createPayTestApp({
    trustProxy: true,
    providers: { storage: files.storage, identity },
  }));
});
afterAll(async () => {
  await sim.close();
  await registry.close();
  await t.close();
});

type Envelope = { body: { respCode: number; respDesc: string; attribute: unknown } };
const post = (path: string, body: object, token?: string, host?: string) => {
  let request = t.http.post(`/api/${path}.action`).set('X-Forwarded-For', freshIp());
  if (token) request = request.set('token', token);
  if (host) request = request.set('Host', host);
  return request.send(body);
};
const ok = <T>(res: Envelope): T => {
  expect(res.body).toMatchObject({ respCode: 200 });
  return res.body.attribute as T;
};
const refused = (res: Envelope, respDesc: string | RegExp) =>
  expect(res.body).toMatchObject({ respCode: -1, respDesc: expect.stringMatching(respDesc) });
const fieldsOf = (res: Envelope) =>
  ((res.body.attribute as { errors?: { field: string }[] } | null)?.errors ?? []).map((error) => error.field);

describe('batches', () => {
  test('staff save a batch with its subjects; the public list shows it open with the places left', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff, { capacity: 3 });
    expect(batch).toMatchObject({
      open: true,
      fee: 5000,
      levels: ['L4', 'L3'],
      abilities: { canDelete: true },
    });
    expect(batch.subjects.map((subject) => subject.name)).toEqual(['理论知识', '操作技能']);
    const open = ok<OpenCmsBatch[]>(await post('cms-batch/open-list', {}, undefined, p.host));
    expect(open).toEqual([expect.objectContaining({ id: batch.id, placesLeft: 3 })]);

    // Bad input names its fields and writes nothing.
    const bad = await post(
      'cms-batch/save',
      {
        ...batch,
        id: undefined,
        name: '',
        levels: [],
        applyTo: '2000-01-01',
        subjects: [
          { name: '理论', fullMark: 100, passMark: 120 },
          { name: '理论', fullMark: 100.55, passMark: 60 },
        ],
      },
      p.staff,
    );
    expect(bad.body.respCode).toBe(-1);
    expect(fieldsOf(bad)).toEqual(
      expect.arrayContaining([
        'name',
        'levels',
        'applyTo',
        'subjects.0.passMark',
        'subjects.1.fullMark',
        'subjects.1.name',
      ]),
    );
    // A closed window leaves the public list.
    ok(await post('cms-batch/save', { ...batch, applyFrom: '2020-01-01', applyTo: '2020-01-31' }, p.staff));
    expect(ok<OpenCmsBatch[]>(await post('cms-batch/open-list', {}, undefined, p.host))).toEqual([]);
    ok(await post('cms-batch/delete', { id: batch.id }, p.staff));
  });

  test('a batch with applications is not deleted, nor its applied level dropped, nor capacity below the places taken', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    await registerCandidate(t, p.host, batch.id);
    await registerCandidate(t, p.host, batch.id);
    refused(await post('cms-batch/delete', { id: batch.id }, p.staff), '已有报名记录');
    const row = ok<PageAnswer<CmsBatchRow>>(await post('cms-batch/page', {}, p.staff)).list[0] as CmsBatchRow;
    expect(row.abilities).toMatchObject({
      canDelete: false,
      deleteRefusal: expect.stringContaining('已有报名'),
    });
    const changed = await post('cms-batch/save', { ...batch, levels: ['L3'], capacity: 1 }, p.staff);
    expect(fieldsOf(changed)).toEqual(expect.arrayContaining(['levels', 'capacity']));
  });

  test('the occupation is a 职业 or 工种 of the vocational resource tree by code: its name kept; any other code refused on the field, nothing written', async () => {
    const p = await buildCmsProject();
    const welder = await saveBatch(t, p.staff, { occupationCode: '6-18-02-04-01' });
    expect(welder).toMatchObject({ occupation: '电焊工', occupationCode: '6-18-02-04-01' });
    const electrician = await saveBatch(t, p.staff);
    expect(electrician).toMatchObject({ occupation: ELECTRICIAN.name, occupationCode: ELECTRICIAN.code });

    // Unknown, a 职业大类, a disabled 工种 (汽车美容装潢工), blank: refused on occupationCode, nothing saved.
    for (const occupationCode of ['9-99-99-99', '6', '4-12-01-01-05', ' ']) {
      const name = `不存在的批次${occupationCode}`;
      const res = await post('cms-batch/save', batchInput({ name, occupationCode }), p.staff);
      expect(res.body.respCode).toBe(-1);
      expect((res.body.attribute as { errors: { field: string; message: string }[] }).errors).toEqual([
        expect.objectContaining({
          field: 'occupationCode',
          message: occupationCode.trim() ? VOCATION_MESSAGES.NOT_PICKABLE : '请选择职业（工种）',
        }),
      ]);
      expect(await CmsBatch.count({ where: { name }, allTenants: true })).toBe(0);
    }
    // Changing a batch to another occupation is checked the same way and changes nothing when refused.
    const moved = await post(
      'cms-batch/save',
      { ...welder, occupationCode: '9-99-99-99', capacity: 7 },
      p.staff,
    );
    expect(fieldsOf(moved)).toEqual(['occupationCode']);
    expect(await CmsBatch.findByPk(welder.id, { allTenants: true })).toMatchObject({
      occupationCode: '6-18-02-04-01',
      capacity: 100,
    });

    // A batch keeps its own occupation (name as printed) after its node is renamed and disabled.
    await Vocation.update({ name: '电焊作业工', enabled: false }, { where: { code: '6-18-02-04-01' } });
    try {
      const kept = ok<CmsBatchRow>(await post('cms-batch/save', { ...welder, capacity: 8 }, p.staff));
      expect(kept).toMatchObject({ occupation: '电焊工', occupationCode: '6-18-02-04-01', capacity: 8 });
      const other = await post(
        'cms-batch/save',
        { ...electrician, occupationCode: '6-18-02-04-01' },
        p.staff,
      );
      expect(fieldsOf(other)).toEqual(['occupationCode']);
    } finally {
      await Vocation.update({ name: '电焊工', enabled: true }, { where: { code: '6-18-02-04-01' } });
    }

    // A batch from before codes were kept (a name the tree lacks) shows its name; saved, it takes a node's code.
    await CmsBatch.update(
      { occupation: '安全员', occupationCode: null },
      { where: { id: electrician.id }, allTenants: true },
    );
    const page = ok<PageAnswer<CmsBatchRow>>(await post('cms-batch/page', {}, p.staff));
    expect(page.list.find((row) => row.id === electrician.id)).toMatchObject({
      occupation: '安全员',
      occupationCode: null,
    });
    const coded = ok<CmsBatchRow>(
      await post('cms-batch/save', { ...electrician, occupationCode: '4-07-05-04' }, p.staff),
    );
    expect(coded).toMatchObject({ occupation: '消防设施操作员', occupationCode: '4-07-05-04' });
  });
});

describe('registration (/registerCms)', () => {
  test('a visitor registers with the SMS code: the account is created and signed in, the application waits for review', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    const { apply, session, candidate } = await registerCandidate(t, p.host, batch.id);
    expect(session?.tokenCode).toEqual(expect.any(String));
    expect(apply).toMatchObject({
      status: 'SUBMITTED',
      skillLevel: 'L4',
      hasPhoto: true,
      education: 'COLLEGE',
    });
    const account = await Account.findOne({ where: { idCardNo: candidate.idCardNo }, allTenants: true });
    expect(account).toMatchObject({
      realName: candidate.realName,
      mobile: candidate.mobile,
      projectId: p.projectId,
    });
    // The new session is the candidate's: /my lists the application.
    const mine = ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, session?.tokenCode));
    expect(mine.map((row) => row.id)).toEqual([apply.id]);
    expect(files.files().filter((key) => key.startsWith(`cms-photos/${p.projectId}/`))).toHaveLength(1);
    // The candidate's own photo.
    const photo = await t.http
      .post('/api/cms-apply/my-photo.action')
      .set('token', session?.tokenCode ?? '')
      .send({ id: apply.id });
    expect(photo.headers['content-type']).toBe('image/png');
  });

  test('validation: required fields, the level, the photo ratio, the SMS code; a refusal keeps nothing', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    const candidate = freshCandidate();
    const msgCode = await smsCodeFor(t, p.host, candidate.mobile);
    const before = files.files().length;
    const missing = await submitRequest(
      t,
      p.host,
      { batchId: batch.id, ...candidate, msgCode, skillLevel: 'L5' },
      { photo: null },
    );
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(['skillLevel', 'education', 'file']));
    const square = await submitRequest(
      t,
      p.host,
      { batchId: batch.id, ...candidate, msgCode, skillLevel: 'L4', education: 'BACHELOR' },
      { photo: passportPng(300).subarray(0, 0) },
    );
    expect(square.body.respCode).toBe(-1);
    const wide = await submitRequest(
      t,
      p.host,
      { batchId: batch.id, ...candidate, msgCode, skillLevel: 'L4', education: 'BACHELOR' },
      { photo: (await import('../storage/png')).encodePng(400, 400, () => [1, 2, 3]) },
    );
    expect(wide.body).toMatchObject({ respCode: -1, respDesc: expect.stringContaining('33:48') });
    const badId = await submitRequest(t, p.host, {
      batchId: batch.id,
      ...candidate,
      idCardNo: '370102199001011234',
      msgCode,
      skillLevel: 'L4',
      education: 'BACHELOR',
    });
    expect(fieldsOf(badId)).toContain('idCardNo');
    const noCode = await submitRequest(t, p.host, {
      batchId: batch.id,
      ...candidate,
      skillLevel: 'L4',
      education: 'BACHELOR',
    });
    expect(fieldsOf(noCode)).toContain('msgCode');
    const wrongCode = await submitRequest(t, p.host, {
      batchId: batch.id,
      ...candidate,
      msgCode: msgCode === '000000' ? '111111' : '000000',
      skillLevel: 'L4',
      education: 'BACHELOR',
    });
    refused(wrongCode, '验证码错误');
    expect(files.files().length).toBe(before);
    expect(await Account.count({ where: { idCardNo: candidate.idCardNo }, allTenants: true })).toBe(0);
    expect(await CmsApply.count({ where: { batchId: batch.id }, allTenants: true })).toBe(0);
    // Closed batches take nothing.
    ok(await post('cms-batch/save', { ...batch, applyFrom: '2020-01-01', applyTo: '2020-01-02' }, p.staff));
    refused(
      await submitRequest(t, p.host, {
        batchId: batch.id,
        ...candidate,
        msgCode,
        skillLevel: 'L4',
        education: 'BACHELOR',
      }),
      '不在报名时间内',
    );
  });

  test('an ID number registered with another mobile is not bound; the right mobile binds the account', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    const { account } = await buildAccount({
      projectId: p.projectId,
      roleSystem: 3,
      overrides: { realName: '王已有' },
    });
    const other = freshCandidate('王已有');
    const code = await smsCodeFor(t, p.host, other.mobile);
    const res = await submitRequest(t, p.host, {
      batchId: batch.id,
      realName: '王已有',
      idCardNo: account.idCardNo ?? '',
      mobile: other.mobile,
      msgCode: code,
      skillLevel: 'L4',
      education: 'SENIOR',
    });
    expect(fieldsOf(res)).toEqual(['mobile']);
    const bound = await registerCandidate(t, p.host, batch.id, {
      realName: '王已有',
      idCardNo: account.idCardNo ?? '',
      mobile: account.mobile ?? '',
    });
    expect(await Account.count({ where: { idCardNo: account.idCardNo }, allTenants: true })).toBe(1);
    expect((await CmsApply.findOne({ where: { id: bound.apply.id }, allTenants: true }))?.accountId).toBe(
      account.id,
    );
  });

  test('one open application per batch and level, also under concurrent submits; the capacity holds', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff, { capacity: 2 });
    const { account } = await buildAccount({ projectId: p.projectId, roleSystem: 3 });
    const token = await signIn(account);
    const fields = {
      batchId: batch.id,
      realName: account.realName,
      idCardNo: account.idCardNo ?? '',
      mobile: account.mobile ?? '',
      skillLevel: 'L4',
      education: 'COLLEGE',
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submitRequest(t, p.host, fields, { token })),
    );
    const codes = answers.map((res) => res.body.respCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.body.respCode !== 200))
      refused(res, '您已报名该批次的这个等级');
    expect(await CmsApply.count({ where: { batchId: batch.id }, allTenants: true })).toBe(1);
    // Only the one photo kept.
    expect(files.files().filter((key) => key.startsWith(`cms-photos/${p.projectId}/`))).toHaveLength(1);
    // Another level is another application; then the batch is full.
    ok(await submitRequest(t, p.host, { ...fields, skillLevel: 'L3' }, { token }));
    const late = freshCandidate();
    const msgCode = await smsCodeFor(t, p.host, late.mobile);
    refused(
      await submitRequest(t, p.host, {
        batchId: batch.id,
        ...late,
        msgCode,
        skillLevel: 'L4',
        education: 'COLLEGE',
      }),
      '报名人数已满',
    );
  });

  test('with 实名核验 on, a name that does not belong to the ID number is refused; a matching one registers, the check kept', async () => {
    const p = await buildCmsProject();
    await Project.update({ settings: { idCardVerify: 1 } }, { where: { id: p.projectId } });
    const batch = await saveBatch(t, p.staff);
    const wrong = { realName: '钱冒名', idCardNo: RESIDENT.idNumber, mobile: freshCandidate().mobile };
    const msgCode = await smsCodeFor(t, p.host, wrong.mobile);
    const refusedByRegistry = await submitRequest(t, p.host, {
      batchId: batch.id,
      ...wrong,
      msgCode,
      skillLevel: 'L4',
      education: 'COLLEGE',
    });
    expect(fieldsOf(refusedByRegistry)).toEqual(expect.arrayContaining(['realName', 'idCardNo']));
    expect(await CmsApply.count({ where: { batchId: batch.id }, allTenants: true })).toBe(0);
    const made = await registerCandidate(t, p.host, batch.id, {
      realName: RESIDENT.name,
      idCardNo: RESIDENT.idNumber,
      mobile: freshCandidate().mobile,
    });
    const checks = await IdentityCheck.findAll({ where: { idCardNo: RESIDENT.idNumber }, allTenants: true });
    const account = await CmsApply.findOne({ where: { id: made.apply.id }, allTenants: true });
    expect(checks.map((check) => [check.purpose, check.result])).toEqual([
      ['CMS', 'MISMATCH'],
      ['CMS', 'MATCH'],
    ]);
    expect(checks[1]?.accountId).toBe(account?.accountId);
  });

  test('staff may not register as candidates', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    const res = await submitRequest(
      t,
      p.host,
      { batchId: batch.id, ...freshCandidate(), skillLevel: 'L4', education: 'COLLEGE' },
      { token: p.staff },
    );
    expect(res.status).toBe(403);
  });
});

describe('review', () => {
  test('reject with a reason, the candidate corrects and resubmits, staff approve; the history is logged', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    const { apply, session } = await registerCandidate(t, p.host, batch.id);
    const token = session?.tokenCode ?? '';
    const reviewer = await staffWith(p.projectId, ['/cms-manage/apply-manage']);
    const list = ok<PageAnswer<CmsApplyRow>>(
      await post('cms-apply/page', { batchId: batch.id, status: 'SUBMITTED' }, reviewer),
    );
    expect(list.list[0]).toMatchObject({ id: apply.id, abilities: { canApprove: true, canReject: true } });
    expect(list.list[0]?.idCardNo).toMatch(/\*{8}/);
    // Staff without the page are refused.
    const outsider = await staffWith(p.projectId, ['/home']);
    expect((await post('cms-apply/reject', { id: apply.id, reason: 'x' }, outsider)).status).toBe(403);

    refused(
      await post('cms-apply/resubmit', { id: apply.id, skillLevel: 'L4', education: 'COLLEGE' }, token),
      '待审核',
    );
    const rejected = ok<CmsApplyRow>(
      await post('cms-apply/reject', { id: apply.id, reason: '照片不清晰' }, reviewer),
    );
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejectReason: '照片不清晰',
      abilities: { canApprove: false },
    });
    const mine = ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, token))[0];
    expect(mine).toMatchObject({
      status: 'REJECTED',
      rejectReason: '照片不清晰',
      abilities: { canResubmit: true, canPay: false },
    });

    const resubmit = await t.http
      .post('/api/cms-apply/resubmit.action')
      .set('token', token)
      .field('id', String(apply.id))
      .field('skillLevel', 'L3')
      .field('education', 'BACHELOR')
      .attach('file', passportPng(396), { filename: 'new.png', contentType: 'image/png' });
    expect(ok<MyCmsApply>(resubmit)).toMatchObject({
      status: 'SUBMITTED',
      skillLevel: 'L3',
      rejectReason: null,
    });
    expect(files.files().filter((key) => key.startsWith(`cms-photos/${p.projectId}/`))).toHaveLength(1);

    const approved = ok<CmsApplyRow>(await post('cms-apply/approve', { id: apply.id }, reviewer));
    expect(approved).toMatchObject({ status: 'APPROVED', auditorName: '测试员工' });
    refused(await post('cms-apply/approve', { id: apply.id }, reviewer), '待缴费');
    const detail = ok<CmsApplyDetail>(await post('cms-apply/detail', { id: apply.id }, reviewer));
    expect(detail.logs.map((log) => log.toStatus)).toEqual([
      'SUBMITTED',
      'REJECTED',
      'SUBMITTED',
      'APPROVED',
    ]);
    expect(detail.fullIdCardNo).toMatch(/^\d{17}[\dX]$/);
    const photo = await t.http
      .post('/api/cms-apply/photo.action')
      .set('token', reviewer)
      .send({ id: apply.id });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.body.length).toBeGreaterThan(100);
  });

  test('bulk approval approves the submitted ones and says why the others were not; the export lists them', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff, { fee: 0 });
    const first = await registerCandidate(t, p.host, batch.id);
    const second = await registerCandidate(t, p.host, batch.id, freshCandidate('赵考生'));
    ok(await post('cms-apply/reject', { id: second.apply.id, reason: '资料不全' }, p.staff));
    const answer = ok<CmsBatchApproveAnswer>(
      await post('cms-apply/batch-approve', { ids: [first.apply.id, second.apply.id] }, p.staff),
    );
    expect(answer.approved).toBe(1);
    expect(answer.refused).toEqual([
      expect.objectContaining({
        id: second.apply.id,
        realName: '赵考生',
        reason: expect.stringContaining('已驳回'),
      }),
    ]);
    // A free batch registers on approval.
    const mine = ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, first.session?.tokenCode))[0];
    expect(mine).toMatchObject({ status: 'PAID', abilities: { canPay: false } });

    const file = await t.http
      .post('/api/cms-apply/export.action')
      .set('token', p.staff)
      .buffer(true)
      .parse(rawBody)
      .send({ batchId: batch.id });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const names = [2, 3].map((row) => sheet?.getRow(row).getCell(4).value);
    expect(names.sort()).toEqual([first.candidate.realName, '赵考生'].sort());
    expect(sheet?.getRow(2).getCell(5).value).toMatch(/^\d{17}[\dX]$/);
  });
});

describe('the fee', () => {
  test('paid through the order engine (WeChat Pay Native, the simulator): the application is registered; refunding cancels it', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff, { fee: 3000 });
    const { apply, session } = await registerCandidate(t, p.host, batch.id);
    const token = session?.tokenCode ?? '';
    refused(await post('cms-apply/pay', { id: apply.id }, token), '待审核');
    ok(await post('cms-apply/approve', { id: apply.id }, p.staff));
    const fee = ok<CmsPayAnswer>(await post('cms-apply/pay', { id: apply.id }, token));
    expect(fee).toMatchObject({ status: 'UNPAID', amount: 3000 });
    // Asking again gives the same open order.
    expect(ok<CmsPayAnswer>(await post('cms-apply/pay', { id: apply.id }, token)).orderId).toBe(fee.orderId);
    // The pay page reads it as an examination's fee, named by the batch.
    expect(ok<OrderView>(await post('order/my-order-detail', { id: fee.orderId }, token))).toMatchObject({
      kind: 'CMS',
      title: expect.stringContaining(batch.name),
      items: [],
      abilities: expect.objectContaining({ canPay: true }),
    });
    const native = ok<OrderPayAnswer>(await post('order/pay', { id: fee.orderId, method: 'NATIVE' }, token));
    if (native.kind !== 'NATIVE') throw new Error('expected a code_url');
    const trade = paySim(sim).resolveCodeUrl(native.codeUrl);
    expect(trade).toMatchObject({ description: expect.stringContaining(batch.name) });
    paySim(sim).confirm({ outTradeNo: trade?.outTradeNo ?? '', user: PAYER });
    // The pay page polls until WeChat's word arrives.
    const until = Date.now() + 15_000;
    while ((await post('order/is-paid', { id: fee.orderId }, token)).body.attribute?.paid !== true) {
      if (Date.now() > until) throw new Error('not paid in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const mine = ok<MyCmsApply[]>(await post('cms-apply/my-list', {}, token))[0];
    expect(mine).toMatchObject({ status: 'PAID', unpaidOrderId: null, paidAt: expect.any(String) });
    // The fee is no class order: 我的订单 and the order list leave it out.
    expect(ok<PageAnswer<OrderView>>(await post('order/my-order-page', {}, token)).total).toBe(0);
    const finance = await staffWith(p.projectId, ['/order-manage', '/order-manage/list']);
    expect(ok<PageAnswer<unknown>>(await post('order/page', {}, finance)).total).toBe(0);

    const orders = ok<PageAnswer<CmsOrderRow>>(await post('cms-order/page', { batchId: batch.id }, p.staff));
    expect(orders.list).toEqual([
      expect.objectContaining({
        id: fee.orderId,
        status: 'PAID',
        applyStatus: 'PAID',
        abilities: expect.objectContaining({ canRefund: true }),
      }),
    ]);
    const refunding = ok<CmsOrderRow>(
      await post('cms-order/refund', { id: fee.orderId, reason: '考生无法参加' }, p.staff),
    );
    expect(['REFUNDING', 'REFUNDED']).toContain(refunding.status);
    await t.jobs.queue.send('order.sweep', { now: new Date(Date.now() + 120_000).toISOString() });
    await t.jobs.drain();
    const deadline = Date.now() + 15_000;
    while (
      (await PayOrder.findOne({ where: { id: fee.orderId }, allTenants: true }))?.status !== 'REFUNDED'
    ) {
      if (Date.now() > deadline) throw new Error('not refunded in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await CmsApply.findOne({ where: { id: apply.id }, allTenants: true });
    expect(after).toMatchObject({ status: 'CANCELLED', cancelReason: '报名费已退款' });
    // The candidate may apply again.
    const again = await submitRequest(
      t,
      p.host,
      {
        batchId: batch.id,
        realName: apply.realName,
        idCardNo: after?.idCardNo,
        mobile: apply.mobile,
        skillLevel: 'L4',
        education: 'COLLEGE',
      },
      { token },
    );
    expect(again.body.respCode).toBe(200);
  });

  test('inside WeChat the candidate bound to the official account pays by JSAPI', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff, { fee: 100 });
    const { apply, session } = await registerCandidate(t, p.host, batch.id);
    const token = session?.tokenCode ?? '';
    const row = await CmsApply.findOne({ where: { id: apply.id }, allTenants: true });
    const app = await demoWxapp();
    await WechatBinding.create({
      wxappId: app.id,
      openId: openIdOf(app.appId, PAYER),
      unionId: null,
      accountId: row?.accountId ?? 0,
      projectId: p.projectId,
      nickname: null,
      avatarUrl: null,
    });
    ok(await post('cms-apply/approve', { id: apply.id }, p.staff));
    const fee = ok<CmsPayAnswer>(await post('cms-apply/pay', { id: apply.id }, token));
    const jsapi = ok<OrderPayAnswer>(await post('order/pay', { id: fee.orderId, method: 'JSAPI' }, token));
    expect(jsapi).toMatchObject({ kind: 'JSAPI', params: { package: expect.stringMatching(/^prepay_id=/) } });
  });

  test('withdrawing an unpaid application closes its order; a paid one cannot be withdrawn', async () => {
    const p = await buildCmsProject();
    const batch = await saveBatch(t, p.staff);
    const { apply, session } = await registerCandidate(t, p.host, batch.id);
    const token = session?.tokenCode ?? '';
    ok(await post('cms-apply/approve', { id: apply.id }, p.staff));
    const fee = ok<CmsPayAnswer>(await post('cms-apply/pay', { id: apply.id }, token));
    const cancelled = ok<MyCmsApply>(await post('cms-apply/cancel', { id: apply.id }, token));
    expect(cancelled.status).toBe('CANCELLED');
    expect((await PayOrder.findOne({ where: { id: fee.orderId }, allTenants: true }))?.status).toBe('CLOSED');
    expect(await CmsApplyLog.count({ where: { applyId: apply.id }, allTenants: true })).toBe(3);
    refused(await post('cms-apply/cancel', { id: apply.id }, token), '已取消');
  });
});

describe('tenants', () => {
  test("another project's staff and candidates read another's applications as missing", async () => {
    const a = await buildCmsProject();
    const b = await buildCmsProject();
    const batch = await saveBatch(t, a.staff);
    const { apply } = await registerCandidate(t, a.host, batch.id);
    refused(await post('cms-apply/approve', { id: apply.id }, b.staff), '报名记录不存在');
    refused(await post('cms-apply/detail', { id: apply.id }, b.staff), '报名记录不存在');
    refused(await post('cms-batch/detail', { id: batch.id }, b.staff), '考试批次不存在');
    expect(ok<PageAnswer<CmsApplyRow>>(await post('cms-apply/page', {}, b.staff)).total).toBe(0);
    // A batch of another project is not registered for on this host.
    const other = await submitRequest(t, b.host, {
      batchId: batch.id,
      ...freshCandidate(),
      msgCode: '123456',
      skillLevel: 'L4',
      education: 'COLLEGE',
    });
    expect(fieldsOf(other)).toEqual(['batchId']);
  });
});
