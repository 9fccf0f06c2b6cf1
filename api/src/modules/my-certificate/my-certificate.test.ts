import { RESP_DESC, ROLE_SYSTEM } from '@px/config';
import type { Transaction } from 'sequelize';
import type { Response } from 'supertest';
import type { PageAnswer } from '../../contract/common';
import { VOCATION_MESSAGES } from '../../contract/dictionary';
import type { DocumentLink } from '../../contract/document-link';
import type {
  CertificateDetail,
  CertificateItem,
  CertificateManageItem,
  MyCertificates,
  MyCertificateView,
  PublicCertificate,
} from '../../contract/my-certificate';
import type { TenantScope } from '../../core/action';
import { createManualClock } from '../../core/clock';
import { emit } from '../../core/events';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { Captcha } from '../captcha/captcha.model';
import { seedCertificateDemo } from '../certificate/certificate.demo';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { seedVocationDemo } from '../dictionary/vocation.demo';
import type { Project } from '../project/project.model';
import { tenantOf } from '../project/project.tenant';
import { useTestStorage } from '../resource/resource.testing';
import { buildIdCardNo, buildStudent, staffToken } from '../student/student.testing';
import { passEnrolment } from '../study/progress.service';
import { enrolmentPassed } from '../train-class/my-class.events';
import { MyClass, type TrainClass } from '../train-class/train-class.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { CODE_ALPHABET } from './certificate-issue';
import { Certificate, CertificatePrintLog } from './my-certificate.model';
import { QUERY_MISS_LIMIT, siteOrigin } from './my-certificate.service';
import { decodePdfQrCodes, readPdfText } from './my-certificate.testing';

// Drawing and reading back PDFs (fonts, QR codes) takes seconds each; a loaded runner needs more
// than the default 30 s for the tests that make several.
jest.setTimeout(120_000);

const clock = createManualClock();
const storage = useTestStorage();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
  // Skill certificates name an occupation of the platform's vocational resource tree.
  await seedVocationDemo();
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const MANAGE = '/customer/my-certificate-manage';
const PRINT = '/train-manage/second-certificate-print';

const post = (path: string, options: { token?: string; host?: string } = {}, body: object = {}) => {
  const request = t.http.post(`/api/my-certificate/${path}.action`);
  if (options.token) request.set('token', options.token);
  if (options.host) request.set('Host', options.host);
  return request.send(body);
};
const call = <T>(path: string, options: { token?: string; host?: string }, body: object = {}) =>
  post(path, options, body).then((res) => res.body as Envelope<T>);
const ok = async <T>(pending: Promise<Envelope<T>>): Promise<T> => {
  const body = await pending;
  expect(body).toMatchObject({ respCode: 200 });
  return body.attribute;
};
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
const pdfOf = (path: string, options: { token?: string; host?: string }, body: object) =>
  post(path, options, body).buffer(true).parse(binary);

/** Passes an enrolment the way study and the exam do: the event in a transaction of its own. */
function pass(project: Project, enrolment: MyClass, score: number | null = 88) {
  const scope = t.scope({ project: tenantOf(project) });
  return t.sequelize.transaction((transaction) =>
    emit(
      scope,
      enrolmentPassed,
      {
        projectId: project.id,
        myClassId: enrolment.id,
        accountId: enrolment.accountId,
        classId: enrolment.classId,
        passedAt: clock.now(),
        score,
      },
      transaction,
    ),
  );
}

interface Scene {
  project: Project;
  host: string;
  trainClass: TrainClass;
  student: Awaited<ReturnType<typeof buildStudent>>;
  idCardNo: string;
  studentToken: string;
  enrolment: MyClass;
}

/** A hosted project with a specialized class, a student of it with 12 required and 3 elective hours, FINISHED_STUDY. */
async function scene(
  settings: Record<string, unknown> = {},
  classFields: Partial<TrainClass> = {},
): Promise<Scene> {
  const { project, host } = await buildHostedProject({ settings: { title: '测试培训平台', ...settings } });
  const { trainClass } = await buildClass({
    projectId: project.id,
    baseType: 'specialized',
    examRequired: true,
    name: '建筑施工安全专业班',
    ...classFields,
  });
  const idCardNo = buildIdCardNo();
  const student = await buildStudent(project.id, { realName: '李小明', idCardNo });
  const enrolment = await enrol(trainClass, student.id, 'FINISHED_STUDY');
  await enrolment.update({ requiredTenths: 120, electiveTenths: 30 });
  return { project, host, trainClass, student, idCardNo, studentToken: await signIn(student), enrolment };
}

const classCertificates = (s: Pick<Scene, 'project' | 'enrolment'>) =>
  Certificate.findAll({ where: { projectId: s.project.id, myClassId: s.enrolment.id } });

describe('issuing', () => {
  test('the event twice, and twice at once, issues one class certificate with the snapshot, and one year certificate', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 88);
    await pass(s.project, s.enrolment, 88);
    await Promise.all([pass(s.project, s.enrolment, 88), pass(s.project, s.enrolment, 88)]);
    const rows = await classCertificates(s);
    expect(rows).toHaveLength(1);
    const certificate = rows[0] as Certificate;
    expect(certificate).toMatchObject({
      kind: 'CLASS',
      accountId: s.student.id,
      classId: s.trainClass.id,
      studentName: '李小明',
      idCardMasked: `${s.idCardNo.slice(0, 6)}********${s.idCardNo.slice(-4)}`,
      className: '建筑施工安全专业班',
      year: s.trainClass.year,
      publicTenths: 0,
      specializedTenths: 120,
      electiveTenths: 30,
      score: 88,
      status: 'VALID',
      printCount: 0,
    });
    expect(certificate.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const years = await Certificate.findAll({
      where: { projectId: s.project.id, accountId: s.student.id, kind: 'YEAR' },
    });
    expect(years).toHaveLength(1);
    expect(years[0]).toMatchObject({
      year: s.trainClass.year,
      specializedTenths: 120,
      electiveTenths: 30,
      score: null,
    });
  });

  test('a class without an exam gets a certificate without a score; the year certificate adds the hours of both classes', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 75);
    const { trainClass: other } = await buildClass({
      projectId: s.project.id,
      baseType: 'public',
      year: s.trainClass.year,
      planId: (await buildClass({ projectId: s.project.id })).plan.id,
    });
    await other.update({ year: s.trainClass.year });
    const second = await enrol(other, s.student.id, 'PASSED');
    await second.update({ requiredTenths: 50, electiveTenths: 0 });
    const before = await Certificate.findOne({
      where: { projectId: s.project.id, accountId: s.student.id, kind: 'YEAR' },
    });
    await pass(s.project, second, null);
    const [noExam] = await classCertificates({ project: s.project, enrolment: second });
    expect(noExam).toMatchObject({ score: null, publicTenths: 50, specializedTenths: 0 });
    const year = await Certificate.findOne({
      where: { projectId: s.project.id, accountId: s.student.id, kind: 'YEAR' },
    });
    expect(year).toMatchObject({ publicTenths: 50, specializedTenths: 120, electiveTenths: 30 });
    // Re-snapshotted, not reissued: the same number and code.
    expect(year?.certificateNo).toBe(before?.certificateNo);
    expect(year?.verifyCode).toBe(before?.verifyCode);
  });

  test('the exam seam (study passEnrolment) issues it with the score, in its transaction; a rollback issues nothing', async () => {
    const s = await scene();
    const scope = t.scope({ project: tenantOf(s.project) });
    const lockedEnrolment = (transaction: Transaction) =>
      MyClass.findOne({
        where: { id: s.enrolment.id, projectId: s.project.id },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
    await expect(
      t.sequelize.transaction(async (transaction) => {
        await passEnrolment(
          scope,
          (await lockedEnrolment(transaction)) as MyClass,
          77,
          clock.now(),
          transaction,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await classCertificates(s)).toHaveLength(0);
    await t.sequelize.transaction(async (transaction) =>
      passEnrolment(scope, (await lockedEnrolment(transaction)) as MyClass, 77, clock.now(), transaction),
    );
    const [certificate] = await classCertificates(s);
    expect(certificate).toMatchObject({ score: 77, specializedTenths: 120 });
  });

  test('numbers and codes are random base32, unique and not sequential', async () => {
    const s = await scene();
    const rows: Certificate[] = [];
    for (let i = 0; i < 12; i++) {
      const student = await buildStudent(s.project.id);
      const enrolment = await enrol(s.trainClass, student.id, 'FINISHED_STUDY');
      await pass(s.project, enrolment);
      rows.push(...(await classCertificates({ project: s.project, enrolment })));
    }
    const numbers = rows.map((row) => row.certificateNo);
    const codes = rows.map((row) => row.verifyCode);
    const base32 = `[${CODE_ALPHABET}]`;
    for (const number of numbers) expect(number).toMatch(new RegExp(`^${s.trainClass.year}${base32}{12}$`));
    for (const code of codes) expect(code).toMatch(new RegExp(`^${base32}{8}$`));
    expect(new Set(numbers).size).toBe(rows.length);
    expect(new Set(codes).size).toBe(rows.length);
    // Random, not counted: consecutive certificates differ in their leading random characters.
    const heads = new Set(numbers.map((number) => number.slice(4, 8)));
    expect(heads.size).toBe(rows.length);
    // As numbers (Crockford base32), consecutive certificates lie far apart, never one step.
    const base32Value = (code: string) =>
      [...code].reduce((value, char) => value * 32n + BigInt(CODE_ALPHABET.indexOf(char)), 0n);
    const values = numbers.map((number) => base32Value(number.slice(4)));
    for (const [index, value] of values.slice(1).entries()) {
      const step = value - (values[index] as bigint);
      expect(step < 0n ? -step : step).toBeGreaterThan(1_000_000n);
    }
  });
});

test('the QR code names the host the call came to, with the public URL’s scheme and port', () => {
  const scopeWith = (publicUrl: string, host: string) =>
    ({ providers: { wechat: { publicUrl } }, request: { host } }) as unknown as TenantScope;
  expect(siteOrigin(scopeWith('https://px.example.com', 'b.example.com'))).toBe('https://b.example.com');
  expect(siteOrigin(scopeWith('http://127.0.0.1:8080', 'localhost'))).toBe('http://localhost:8080');
  expect(siteOrigin(scopeWith('', 'a.example.com'))).toBe('http://a.example.com');
  expect(siteOrigin(scopeWith('https://px.example.com', ''))).toBe('https://px.example.com');
});

describe('public query', () => {
  test('by code (verification code or number): valid, masked; disabled says so; deleted and another project are not found', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 90);
    const [row] = await classCertificates(s);
    const certificate = row as Certificate;
    const found = await ok(
      call<PublicCertificate>('query', { host: s.host }, { code: certificate.verifyCode.toLowerCase() }),
    );
    expect(found).toMatchObject({
      certificateNo: certificate.certificateNo,
      status: 'VALID',
      studentName: '李**',
      idCardNo: certificate.idCardMasked,
      className: '建筑施工安全专业班',
      specializedHours: 12,
      electiveHours: 3,
      totalHours: 15,
      score: 90,
      issuer: '测试培训平台',
    });
    expect(found).not.toHaveProperty('verifyCode');
    expect(found).not.toHaveProperty('accountId');
    expect(
      await ok(call<PublicCertificate>('query', { host: s.host }, { code: certificate.certificateNo })),
    ).toMatchObject({
      status: 'VALID',
    });

    const other = await buildHostedProject();
    expect(await call('query', { host: other.host }, { code: certificate.verifyCode })).toMatchObject({
      respCode: -1,
      respDesc: '证书不存在',
    });

    const staff = await staffToken(s.project.id, [MANAGE]);
    await ok(call('disable', { token: staff }, { id: certificate.id }));
    expect(
      await ok(call<PublicCertificate>('query', { host: s.host }, { code: certificate.verifyCode })),
    ).toMatchObject({
      status: 'DISABLED',
    });
    await ok(call('delete', { token: staff }, { id: certificate.id }));
    expect(await call('query', { host: s.host }, { code: certificate.verifyCode })).toMatchObject({
      respCode: -1,
      respDesc: '证书不存在',
    });
  });

  test('misses are limited per address: past the limit even a good code is refused', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment);
    const [row] = await classCertificates(s);
    // Every test request comes from the loopback address: count from nothing.
    await t.sequelize.query('DELETE FROM certificate_query_miss');
    const asClient = (code: string) =>
      t.http.post('/api/my-certificate/query.action').set('Host', s.host).send({ code });
    for (let i = 0; i < QUERY_MISS_LIMIT; i++) {
      const res = await asClient(`WRONG${i}CODE`);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '证书不存在' });
    }
    expect((await asClient((row as Certificate).verifyCode)).body).toMatchObject({
      respCode: -1,
      respDesc: '查询过于频繁，请 10 分钟后再试',
    });
    await t.sequelize.query('DELETE FROM certificate_query_miss');
  });

  test('by ID number and name needs a verified slider, used once; another project answers nothing', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment);
    const input = { idCardNo: s.idCardNo, realName: '李小明' };
    const missing = await call('query-by-id', { host: s.host }, input);
    expect(missing).toMatchObject({ respCode: -1 });
    expect(JSON.stringify(missing)).toContain('captchaToken');

    const slider = async (solve: boolean) => {
      const token = (await t.http.post('/api/captcha/get.action')).body.attribute.token as string;
      const x = Number((await Captcha.findByPk(token))?.answer) + (solve ? 0 : 60);
      await t.http.post('/api/captcha/check.action').send({ token, x });
      return token;
    };
    expect(
      await call('query-by-id', { host: s.host }, { ...input, captchaToken: await slider(false) }),
    ).toMatchObject({
      respCode: -1,
      respDesc: '请先完成滑块验证',
    });
    const token = await slider(true);
    const list = await ok(
      call<PublicCertificate[]>('query-by-id', { host: s.host }, { ...input, captchaToken: token }),
    );
    expect(list.map((item) => item.kind).sort()).toEqual(['CLASS', 'YEAR']);
    expect(list.every((item) => item.status === 'VALID' && item.studentName === '李**')).toBe(true);
    expect(await call('query-by-id', { host: s.host }, { ...input, captchaToken: token })).toMatchObject({
      respDesc: '请先完成滑块验证',
    });
    const wrongName = await ok(
      call<PublicCertificate[]>(
        'query-by-id',
        { host: s.host },
        { ...input, realName: '王五', captchaToken: await slider(true) },
      ),
    );
    expect(wrongName).toEqual([]);
    const other = await buildHostedProject();
    expect(
      await ok(
        call<PublicCertificate[]>(
          'query-by-id',
          { host: other.host },
          { ...input, captchaToken: await slider(true) },
        ),
      ),
    ).toEqual([]);
  });
});

describe('staff', () => {
  test('pages by filters, finds, corrects (audited), disables and enables, deletes; another project is never reached', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 66);
    const staff = await staffToken(s.project.id, [MANAGE]);
    const [row] = await classCertificates(s);
    const certificate = row as Certificate;
    const page = (filters: object) =>
      ok(call<PageAnswer<CertificateItem>>('page', { token: staff }, filters));
    expect((await page({})).total).toBe(2);
    expect((await page({ name: '小明', kind: 'CLASS' })).list.map((item) => item.id)).toEqual([
      certificate.id,
    ]);
    expect((await page({ idCardNo: s.idCardNo.toLowerCase() })).total).toBe(2);
    expect((await page({ certificateNo: certificate.certificateNo })).list).toHaveLength(1);
    expect((await page({ certificateNo: certificate.verifyCode })).list).toHaveLength(1);
    expect((await page({ classId: s.trainClass.id, status: 'DISABLED' })).total).toBe(0);
    expect(await call('page', { token: staff }, { idCardNo: '123' })).toMatchObject({ respCode: -1 });
    expect(await ok(call('class-options', { token: staff }, { name: '安全专业' }))).toEqual([
      { id: s.trainClass.id, name: '建筑施工安全专业班', year: s.trainClass.year },
    ]);

    const detail = await ok(call<CertificateDetail>('find', { token: staff }, { id: certificate.id }));
    expect(detail).toMatchObject({ id: certificate.id, score: 66, prints: [], templateId: null });
    expect(detail.queryUrl).toMatch(new RegExp(`/query-certificate\\?code=${certificate.verifyCode}$`));

    const correction = {
      id: certificate.id,
      studentName: '李晓明',
      className: '建筑施工安全专业班（补）',
      publicHours: 0,
      specializedHours: 12.5,
      electiveHours: 3,
      score: 70,
      issueDate: '2026-01-15',
    };
    const bad = await post(
      'save',
      { token: staff },
      { ...correction, specializedHours: 1.25, issueDate: '2026-02-30' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'issueDate',
      'specializedHours',
    ]);
    expect(
      (await Certificate.findOne({ where: { id: certificate.id, projectId: certificate.projectId } }))
        ?.studentName,
    ).toBe('李小明');
    const saved = await ok(call<CertificateDetail>('save', { token: staff }, correction));
    expect(saved).toMatchObject({
      studentName: '李晓明',
      specializedHours: 12.5,
      totalHours: 15.5,
      score: 70,
      issueDate: '2026-01-15',
    });
    const log = await AuditLog.findOne({ where: { projectId: s.project.id, action: 'certificate.update' } });
    expect(log?.detail).toMatchObject({
      before: { studentName: '李小明' },
      after: { studentName: '李晓明', specializedTenths: 125 },
    });

    const year = (await page({ kind: 'YEAR' })).list[0] as CertificateItem;
    // The year certificate took the corrected hours.
    expect(year).toMatchObject({ specializedHours: 12.5, electiveHours: 3, totalHours: 15.5 });
    expect(
      await post('save', { token: staff }, { ...correction, id: year.id, className: year.className }),
    ).toMatchObject({
      status: 400,
    });

    expect(
      await ok(call<CertificateDetail>('disable', { token: staff }, { id: certificate.id })),
    ).toMatchObject({ status: 'DISABLED' });
    expect(
      await ok(call<CertificateDetail>('disable', { token: staff }, { id: certificate.id })),
    ).toMatchObject({ status: 'DISABLED' });
    expect(
      await ok(call<CertificateDetail>('enable', { token: staff }, { id: certificate.id })),
    ).toMatchObject({ status: 'VALID' });

    const stranger = await buildHostedProject();
    const strangerStaff = await staffToken(stranger.project.id, [MANAGE, PRINT]);
    for (const path of ['find', 'disable', 'delete', 'preview', 'reprint'])
      expect(await call(path, { token: strangerStaff }, { id: certificate.id })).toMatchObject({
        respDesc: '证书不存在',
      });
    expect((await ok(call<PageAnswer<CertificateItem>>('page', { token: strangerStaff }, {}))).total).toBe(0);

    await ok(call('delete', { token: staff }, { id: certificate.id }));
    expect(await call('find', { token: staff }, { id: certificate.id })).toMatchObject({
      respDesc: '证书不存在',
    });
    expect((await page({ kind: 'CLASS' })).total).toBe(0);
    expect(await call('delete', { token: staff }, { id: certificate.id })).toMatchObject({
      respDesc: '证书不存在',
    });
  });

  test('calls need their page: the list and reprints separately; students and anonymous callers are refused', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment);
    const [row] = await classCertificates(s);
    const id = (row as Certificate).id;
    const none = await staffToken(s.project.id, ['/train-manage/study-report']);
    const manager = await staffToken(s.project.id, [MANAGE]);
    const printer = await staffToken(s.project.id, [PRINT]);
    const rowOf = async (token: string) =>
      (await ok(call<PageAnswer<CertificateManageItem>>('page', { token }, {}))).list.find(
        (item) => item.id === id,
      );
    expect((await post('page', { token: none })).status).toBe(403);
    expect((await post('page', { token: s.studentToken })).status).toBe(403);
    expect((await post('page', {})).status).toBe(401);
    expect((await post('reprint', { token: manager }, { id })).status).toBe(403);
    expect((await post('disable', { token: printer }, { id })).status).toBe(403);
    expect((await post('find', { token: printer }, { id })).body).toMatchObject({
      respCode: 200,
      attribute: { abilities: { canReprint: true, reprintRefusal: null } },
    });
    // 证书管理 without 证书打印: the certificate says it cannot be reprinted by this caller.
    expect((await ok(call<CertificateDetail>('find', { token: manager }, { id }))).abilities).toMatchObject({
      canReprint: false,
    });
    expect((await rowOf(printer))?.abilities).toMatchObject({
      canReprint: true,
      canEdit: false,
      canDelete: false,
    });

    const pdf = await pdfOf('reprint', { token: printer }, { id });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await pdfOf('reprint', { token: printer }, { id });
    const detail = await ok(call<CertificateDetail>('find', { token: printer }, { id }));
    expect(detail.printCount).toBe(2);
    expect(detail.prints).toHaveLength(2);
    expect(detail.prints[0]).toMatchObject({ actorName: '测试员工' });
    expect(await CertificatePrintLog.count({ where: { projectId: s.project.id, certificateId: id } })).toBe(
      2,
    );

    await ok(call('disable', { token: manager }, { id }));
    const disabled = (await ok(call<CertificateDetail>('find', { token: printer }, { id }))).abilities;
    expect(disabled).toMatchObject({ canReprint: false, reprintRefusal: '证书已停用，不能补打' });
    // The list's rows carry the same abilities (the back office shows its row actions by them).
    expect((await rowOf(printer))?.abilities).toEqual({
      canReprint: false,
      reprintRefusal: '证书已停用，不能补打',
      canEdit: false,
      editRefusal: RESP_DESC.FORBIDDEN,
      canToggle: false,
      toggleRefusal: RESP_DESC.FORBIDDEN,
      canDelete: false,
      deleteRefusal: RESP_DESC.FORBIDDEN,
    });
    expect((await rowOf(manager))?.abilities).toMatchObject({
      canReprint: false,
      canEdit: true,
      canToggle: true,
      canDelete: true,
    });
    expect(await call('reprint', { token: printer }, { id })).toMatchObject({
      respCode: -1,
      respDesc: disabled.reprintRefusal,
    });
    expect((await ok(call<CertificateDetail>('find', { token: printer }, { id }))).printCount).toBe(2);
  });
});

describe('document links (issue 30: WeChat does not download; the PDF opens in another browser)', () => {
  const link = (options: { token?: string; host?: string }, body: object) => {
    const request = t.http.post('/api/document-link/create.action');
    if (options.token) request.set('token', options.token);
    if (options.host) request.set('Host', options.host);
    return request.send(body).then((res) => res.body as Envelope<DocumentLink>);
  };
  const open = (path: string, host: string) => t.http.get(path).set('Host', host).buffer(true).parse(binary);

  test('the student links their certificate; the link opens the PDF without a session, until it lapses', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 95);
    const [certificate] = await classCertificates(s);
    const id = (certificate as Certificate).id;
    const made = await ok(link({ token: s.studentToken }, { kind: 'CERTIFICATE', id }));
    expect(made.path).toMatch(/^\/api\/document-link\/open\.action\?t=[\w.-]+$/);
    const lasts = new Date(made.expiresAt).getTime() - clock.now().getTime();
    expect(lasts).toBeGreaterThan(30 * 60_000 - 1000);
    expect(lasts).toBeLessThanOrEqual(30 * 60_000);

    const pdf = await open(made.path, s.host);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(await readPdfText(pdf.body as Buffer)).toContain('李小明');

    // Tampered, on another project's host, or lapsed: refused with the envelope, no PDF.
    const other = await buildHostedProject({});
    const refused = async (path: string, host: string) => {
      const res = await t.http.get(path).set('Host', host);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '链接无效或已过期，请回到页面重新复制链接' });
    };
    await refused(
      made.path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
      s.host,
    );
    await refused(made.path.replace(`.${id}.`, `.${id + 1}.`), s.host);
    await refused(made.path, other.host);
    clock.advance(30 * 60_000);
    await refused(made.path, s.host);
  });

  test("only the student's own shown documents: others, hidden kinds and invoices without a PDF are refused", async () => {
    const s = await scene({ hideClassCertificate: 1 });
    await pass(s.project, s.enrolment);
    const [hidden] = await classCertificates(s);
    expect(
      await link({ token: s.studentToken }, { kind: 'CERTIFICATE', id: (hidden as Certificate).id }),
    ).toMatchObject({
      respDesc: '班级证书暂未开放',
    });
    const year = await Certificate.findOne({ where: { projectId: s.project.id, kind: 'YEAR' } });
    const someone = await signIn(await buildStudent(s.project.id));
    expect(await link({ token: someone }, { kind: 'CERTIFICATE', id: year?.id })).toMatchObject({
      respDesc: '证书不存在',
    });
    expect(await link({ token: s.studentToken }, { kind: 'INVOICE', id: 1 })).toMatchObject({
      respDesc: '发票不存在',
    });
    expect(await link({}, { kind: 'CERTIFICATE', id: year?.id })).toMatchObject({ respCode: 401 });
  });
});

describe('the student', () => {
  test('lists, views (with the QR code) and downloads their own certificates only', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 95);
    const mine = await ok(call<MyCertificates>('mine', { token: s.studentToken }));
    expect(mine.hiddenKinds).toEqual([]);
    expect(mine.list.map((item) => item.kind).sort()).toEqual(['CLASS', 'YEAR']);
    const classCertificate = mine.list.find((item) => item.kind === 'CLASS') as CertificateItem;
    const view = await ok(
      call<MyCertificateView>('view', { token: s.studentToken, host: s.host }, { id: classCertificate.id }),
    );
    expect(view.queryUrl).toBe(`http://${s.host}/query-certificate?code=${classCertificate.verifyCode}`);
    expect(view.qrCode).toMatch(/^data:image\/png;base64,/);

    const someone = await buildStudent(s.project.id);
    const someoneToken = await signIn(someone);
    expect(await call('view', { token: someoneToken }, { id: classCertificate.id })).toMatchObject({
      respDesc: '证书不存在',
    });
    expect((await ok(call<MyCertificates>('mine', { token: someoneToken }))).list).toEqual([]);
    const { account: staffAccount } = await buildAccount({
      projectId: s.project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: [MANAGE],
    });
    expect((await post('mine', { token: await signIn(staffAccount) })).status).toBe(403);
  });

  test('hideClassCertificate and hideYearCertificate hide each kind and refuse it', async () => {
    const s = await scene({ hideClassCertificate: 1 });
    await pass(s.project, s.enrolment);
    const mine = await ok(call<MyCertificates>('mine', { token: s.studentToken }));
    expect(mine.hiddenKinds).toEqual(['CLASS']);
    expect(mine.list.map((item) => item.kind)).toEqual(['YEAR']);
    const [hidden] = await classCertificates(s);
    expect(await call('view', { token: s.studentToken }, { id: (hidden as Certificate).id })).toMatchObject({
      respDesc: '班级证书暂未开放',
    });
    expect(
      await call('download', { token: s.studentToken }, { id: (hidden as Certificate).id }),
    ).toMatchObject({
      respDesc: '班级证书暂未开放',
    });

    const y = await scene({ hideYearCertificate: 1 });
    await pass(y.project, y.enrolment);
    const yearMine = await ok(call<MyCertificates>('mine', { token: y.studentToken }));
    expect(yearMine.list.map((item) => item.kind)).toEqual(['CLASS']);
    const year = await Certificate.findOne({ where: { projectId: y.project.id, kind: 'YEAR' } });
    expect(await call('view', { token: y.studentToken }, { id: year?.id })).toMatchObject({
      respDesc: '年度学时证书暂未开放',
    });
  });
});

describe('the PDF', () => {
  test('from the class template: A4, the Chinese name and number read back, the QR code decodes to the query page', async () => {
    const { project, host } = await buildHostedProject({ settings: { title: '测试培训平台' } });
    await t.sequelize.transaction((transaction) =>
      seedCertificateDemo(project.id, transaction, storage.providers().storage),
    );
    const template = (await CertificateTemplate.findOne({
      where: { projectId: project.id },
    })) as CertificateTemplate;
    const { trainClass } = await buildClass({
      projectId: project.id,
      certificateTemplateId: template.id,
      name: '职业道德提升班',
    });
    const student = await buildStudent(project.id, { realName: '欧阳娜娜' });
    const enrolment = await enrol(trainClass, student.id, 'PASSED');
    await enrolment.update({ requiredTenths: 80 });
    await pass(project, enrolment, null);
    const [row] = await classCertificates({ project, enrolment });
    const certificate = row as Certificate;
    expect(certificate.templateId).toBe(template.id);

    const res = await pdfOf('download', { token: await signIn(student), host }, { id: certificate.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${certificate.certificateNo}.pdf`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(400_000);
    const text = await readPdfText(pdf);
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain('职业道德提升班');
    expect(text).toContain(certificate.certificateNo);
    expect(text).toContain('结业证书');
    expect(await decodePdfQrCodes(pdf)).toEqual([
      `http://${host}/query-certificate?code=${certificate.verifyCode}`,
    ]);
  });

  test('without a template: the default layout, text and QR code read back; staff preview is not counted', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment, 91);
    const [row] = await classCertificates(s);
    const certificate = row as Certificate;
    const staff = await staffToken(s.project.id, [MANAGE]);
    const res = await pdfOf('preview', { token: staff, host: s.host }, { id: certificate.id });
    const pdf = res.body as Buffer;
    const text = await readPdfText(pdf);
    for (const expected of [
      '结业证书',
      '李小明',
      '建筑施工安全专业班',
      '91 分',
      '12 学时',
      certificate.verifyCode,
    ])
      expect(text).toContain(expected);
    expect(await decodePdfQrCodes(pdf)).toEqual([
      `http://${s.host}/query-certificate?code=${certificate.verifyCode}`,
    ]);
    expect(
      (await Certificate.findOne({ where: { id: certificate.id, projectId: certificate.projectId } }))
        ?.printCount,
    ).toBe(0);
  });
});

describe('skill certificates', () => {
  const skill = (accountId: number, extra: object = {}) => ({
    accountId,
    skillCode: '6-31-01-03',
    skillLevel: 'L4',
    score: 86,
    assessDate: '2026-06-18',
    ...extra,
  });

  test('init validates naming the fields (nothing written), refuses a student of another project and a duplicate, is audited', async () => {
    const s = await scene();
    const staff = await staffToken(s.project.id, [MANAGE]);
    const count = () => Certificate.count({ where: { projectId: s.project.id, kind: 'SKILL' } });

    const bad = await post(
      'skill-init',
      { token: staff },
      { accountId: s.student.id, skillCode: ' ', skillLevel: 'L9', score: 101, assessDate: '2026-02-30' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'assessDate',
      'score',
      'skillCode',
      'skillLevel',
    ]);
    // The occupation is a 职业 or 工种 the tree offers: not an unknown code, a 职业大类 or a disabled 工种.
    for (const skillCode of ['9-99-99-99', '6', '4-12-01-01-05']) {
      const unknown = await post('skill-init', { token: staff }, skill(s.student.id, { skillCode }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.attribute.errors).toEqual([
        expect.objectContaining({ field: 'skillCode', message: VOCATION_MESSAGES.NOT_PICKABLE }),
      ]);
    }
    const future = await post(
      'skill-init',
      { token: staff },
      skill(s.student.id, { assessDate: '2099-01-01', templateId: 999_999 }),
    );
    expect(future.status).toBe(400);
    expect(future.body.attribute.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'assessDate',
      'templateId',
    ]);
    const other = await buildHostedProject();
    const outsider = await buildStudent(other.project.id);
    const { account: staffAccount } = await buildAccount({
      projectId: s.project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu: [MANAGE],
    });
    for (const accountId of [outsider.id, staffAccount.id]) {
      const refused = await post('skill-init', { token: staff }, skill(accountId));
      expect(refused.status).toBe(400);
      expect(refused.body.attribute.errors).toEqual([
        expect.objectContaining({ field: 'accountId', message: '学员不存在' }),
      ]);
    }
    expect(await count()).toBe(0);

    const issued = await ok(call<CertificateDetail>('skill-init', { token: staff }, skill(s.student.id)));
    expect(issued).toMatchObject({
      kind: 'SKILL',
      accountId: s.student.id,
      studentName: '李小明',
      idCardNo: `${s.idCardNo.slice(0, 6)}********${s.idCardNo.slice(-4)}`,
      className: '电工 四级/中级工',
      skillName: '电工',
      skillCode: '6-31-01-03',
      skillLevel: 'L4',
      score: 86,
      assessDate: '2026-06-18',
      issuer: '测试培训平台',
      year: 2026,
      status: 'VALID',
      totalHours: 0,
      templateId: null,
      classId: null,
    });
    expect(issued.certificateNo).toMatch(/^2026[0-9A-Z]{12}$/);
    const log = await AuditLog.findOne({
      where: { projectId: s.project.id, action: 'certificate.skill-init', targetId: `${issued.id}` },
    });
    expect(log?.detail).toMatchObject({
      skillName: '电工',
      skillCode: '6-31-01-03',
      skillLevel: 'L4',
      accountId: s.student.id,
    });

    expect(await call('skill-init', { token: staff }, skill(s.student.id, { score: 90 }))).toMatchObject({
      respCode: -1,
      respDesc: '该学员已有「电工 四级/中级工」的有效技能证书',
    });
    // Another level, or no score and another issuer, is another certificate.
    const higher = await ok(
      call<CertificateDetail>(
        'skill-init',
        { token: staff },
        skill(s.student.id, { skillLevel: 'L3', score: '', issuer: '某某职业技能鉴定中心' }),
      ),
    );
    expect(higher).toMatchObject({ skillLevel: 'L3', score: null, issuer: '某某职业技能鉴定中心' });
    expect(await count()).toBe(2);

    // A disabled one no longer blocks; re-enabling it while the new one is valid is refused.
    await ok(call('disable', { token: staff }, { id: issued.id }));
    const again = await ok(call<CertificateDetail>('skill-init', { token: staff }, skill(s.student.id)));
    expect(await call('enable', { token: staff }, { id: issued.id })).toMatchObject({
      respDesc: '该学员已有「电工 四级/中级工」的有效技能证书',
    });
    await ok(call('delete', { token: staff }, { id: again.id }));
    expect(await ok(call<CertificateDetail>('enable', { token: staff }, { id: issued.id }))).toMatchObject({
      status: 'VALID',
    });
  });

  test('staff search students, filter by kind and correct it within its kind; roles and projects are kept apart', async () => {
    const s = await scene();
    await pass(s.project, s.enrolment);
    const staff = await staffToken(s.project.id, [MANAGE]);
    const printer = await staffToken(s.project.id, [PRINT]);
    expect(await ok(call('student-options', { token: staff }, { keyword: '小明' }))).toEqual([
      {
        id: s.student.id,
        realName: '李小明',
        idCardNo: `${s.idCardNo.slice(0, 6)}********${s.idCardNo.slice(-4)}`,
        mobile: s.student.mobile,
      },
    ]);
    expect(
      (await ok(call<{ id: number }[]>('student-options', { token: staff }, { keyword: s.idCardNo }))).map(
        (option) => option.id,
      ),
    ).toEqual([s.student.id]);
    expect((await post('student-options', { token: staff }, { keyword: '' })).status).toBe(400);
    expect((await post('student-options', { token: printer }, { keyword: '小明' })).status).toBe(403);
    expect((await post('skill-init', { token: printer }, skill(s.student.id))).status).toBe(403);
    expect((await post('skill-init', { token: s.studentToken }, skill(s.student.id))).status).toBe(403);
    expect((await post('skill-init', {}, skill(s.student.id))).status).toBe(401);

    const issued = await ok(call<CertificateDetail>('skill-init', { token: staff }, skill(s.student.id)));
    const page = (token: string, filters: object) =>
      ok(call<PageAnswer<CertificateItem>>('page', { token }, filters));
    expect((await page(staff, { kind: 'SKILL' })).list.map((item) => item.id)).toEqual([issued.id]);
    expect((await page(printer, {})).total).toBe(3);
    expect(await ok(call<CertificateDetail>('find', { token: printer }, { id: issued.id }))).toMatchObject({
      skillName: '电工',
      skillLevel: 'L4',
    });

    const correction = {
      id: issued.id,
      studentName: '李晓明',
      className: '电工 四级/中级工',
      publicHours: 0,
      specializedHours: 0,
      electiveHours: 0,
      score: 88,
      issueDate: '2026-07-01',
    };
    const bad = await post('save', { token: staff }, { ...correction, className: '电工', electiveHours: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.attribute.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'className',
      'electiveHours',
    ]);
    expect(await ok(call<CertificateDetail>('save', { token: staff }, correction))).toMatchObject({
      studentName: '李晓明',
      score: 88,
      skillName: '电工',
    });

    const stranger = await buildHostedProject();
    const strangerStaff = await staffToken(stranger.project.id, [MANAGE, PRINT]);
    expect(await call('find', { token: strangerStaff }, { id: issued.id })).toMatchObject({
      respDesc: '证书不存在',
    });
    expect((await page(strangerStaff, { kind: 'SKILL' })).total).toBe(0);
    expect(await ok(call('student-options', { token: strangerStaff }, { keyword: '小明' }))).toEqual([]);
  });

  test('the student lists, views and downloads it (skill and level in the PDF, always shown); the public query answers it, then 已停用', async () => {
    const s = await scene({ hideClassCertificate: 1, hideYearCertificate: 1 });
    const staff = await staffToken(s.project.id, [MANAGE]);
    const issued = await ok(call<CertificateDetail>('skill-init', { token: staff }, skill(s.student.id)));
    const mine = await ok(call<MyCertificates>('mine', { token: s.studentToken }));
    expect(mine.hiddenKinds).toEqual(['CLASS', 'YEAR']);
    expect(mine.list).toEqual([
      expect.objectContaining({ id: issued.id, kind: 'SKILL', skillName: '电工', skillLevel: 'L4' }),
    ]);
    const view = await ok(
      call<MyCertificateView>('view', { token: s.studentToken, host: s.host }, { id: issued.id }),
    );
    expect(view).toMatchObject({ skillName: '电工', assessDate: '2026-06-18' });
    expect(view.queryUrl).toBe(`http://${s.host}/query-certificate?code=${issued.verifyCode}`);

    const res = await pdfOf('download', { token: s.studentToken, host: s.host }, { id: issued.id });
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    const text = await readPdfText(pdf);
    for (const expected of [
      '职业技能等级证书',
      '李小明',
      '电工',
      '四级/中级工',
      '86 分',
      '2026年6月18日',
      '测试培训平台',
      issued.certificateNo,
    ])
      expect(text).toContain(expected);
    expect(await decodePdfQrCodes(pdf)).toEqual([view.queryUrl]);

    const someone = await signIn(await buildStudent(s.project.id));
    expect(await call('view', { token: someone }, { id: issued.id })).toMatchObject({
      respDesc: '证书不存在',
    });

    const query = () => call<PublicCertificate>('query', { host: s.host }, { code: issued.verifyCode });
    expect((await query()).attribute).toMatchObject({
      kind: 'SKILL',
      status: 'VALID',
      studentName: '李**',
      skillName: '电工',
      skillLevel: 'L4',
      score: 86,
      issuer: '测试培训平台',
    });
    const other = await buildHostedProject();
    expect(await call('query', { host: other.host }, { code: issued.verifyCode })).toMatchObject({
      respDesc: '证书不存在',
    });
    await ok(call('disable', { token: staff }, { id: issued.id }));
    expect((await query()).attribute).toMatchObject({ kind: 'SKILL', status: 'DISABLED' });
  });

  test('printed from a chosen template with the skill and level fields; the staff reprint counts', async () => {
    const { project, host } = await buildHostedProject({ settings: { title: '测试培训平台' } });
    await t.sequelize.transaction((transaction) =>
      seedCertificateDemo(project.id, transaction, storage.providers().storage),
    );
    const template = (await CertificateTemplate.findOne({
      where: { projectId: project.id },
    })) as CertificateTemplate;
    const base = { y: 40, width: 300, fontSize: 20, color: '#333333', bold: false, align: 'left' };
    await template.update({
      fields: [
        ...(template.fields as object[]),
        { ...base, key: 'skillName', x: 20 },
        { ...base, key: 'skillLevel', x: 340 },
      ],
    });
    const student = await buildStudent(project.id, { realName: '欧阳娜娜' });
    const staff = await staffToken(project.id, [MANAGE, PRINT]);
    const issued = await ok(
      call<CertificateDetail>(
        'skill-init',
        { token: staff },
        skill(student.id, { skillCode: '6-18-02-04', skillLevel: 'L2', templateId: template.id }),
      ),
    );
    expect(issued).toMatchObject({ templateId: template.id, templateName: template.name });
    const res = await pdfOf('reprint', { token: staff, host }, { id: issued.id });
    const text = await readPdfText(res.body as Buffer);
    for (const expected of ['欧阳娜娜', '焊工', '二级/技师']) expect(text).toContain(expected);
    expect((await ok(call<CertificateDetail>('find', { token: staff }, { id: issued.id }))).printCount).toBe(
      1,
    );
  });
});
