import { ROLE_SYSTEM } from '@px/config';
import type { PageAnswer } from '../../contract/common';
import type { FaceCaptureRow, StudentDetail, StudentPage } from '../../contract/student';
import type { StudyStart } from '../../contract/study';
import { createManualClock } from '../../core/clock';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { Account } from '../account/account.model';
import { AuditLog } from '../audit/audit-log.model';
import { useTestStorage } from '../resource/resource.testing';
import { encodePng } from '../storage/png';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { WechatBinding, Wxapp } from '../wechat/wxapp.model';
import { MOBILE_REQUIRED_WITHOUT_ID } from './student.service';
import { buildIdCardNo, buildMobile, buildStudent, staffToken } from './student.testing';

const clock = createManualClock();
const storage = useTestStorage();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
});
afterAll(() => t.close());

type Envelope<T> = { respCode: number; respDesc: string; attribute: T };
const post = (path: string, token: string, body: object = {}) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body);
const call = <T>(path: string, token: string, body: object = {}) =>
  post(path, token, body).then((res) => res.body as Envelope<T>);
const ok = async <T>(pending: Promise<Envelope<T>>): Promise<T> => {
  const body = await pending;
  expect(body).toMatchObject({ respCode: 200 });
  return body.attribute;
};
/** A raw (file) answer's bytes. */
const bytesOf = (path: string, token: string, body: object) =>
  post(path, token, body)
    .buffer(true)
    .parse(rawBody)
    .then((res) => ({
      status: res.status,
      type: String(res.headers['content-type']),
      body: res.body as Buffer,
    }));

const LIST = ['/student-manage', '/student-manage/student'];
const DETAIL = ['/student-manage', '/student-manage/student-detail'];
const BOTH = [...LIST, '/student-manage/student-detail'];

/** A valid ID number whose check character is X (searched by `x` in lower case). */
function idEndingInX(): string {
  for (let sequence = 0; sequence < 1000; sequence += 1) {
    const id = buildIdCardNo(sequence);
    if (id.endsWith('X')) return id;
  }
  throw new Error('no ID number ending in X');
}

const photo = (side: number) => encodePng(side, side, (x, y) => [x % 256, y % 256, 90]);

describe('who may call', () => {
  test('the list grants list, import and template; the detail grants the rest; nobody else gets in', async () => {
    const project = await buildProject();
    const student = await buildStudent(project.id);
    const listOnly = await staffToken(project.id, LIST);
    const detailOnly = await staffToken(project.id, DETAIL);
    const home = await staffToken(project.id, ['/home']);
    const unit = await buildUnit(project.id);
    const { account: manager } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.UNIT,
      unitId: unit.id,
      menu: [...BOTH, '/train-manage/study-report/study-detail'],
    });
    const unitManager = await signIn(manager);
    const studentToken = await signIn(student);
    const calls: [string, object, 'list' | 'detail'][] = [
      ['student/list', {}, 'list'],
      ['student/import-template', {}, 'list'],
      ['student/import', {}, 'list'],
      ['student/detail', { id: student.id }, 'detail'],
      ['student/update', { id: student.id, realName: '改名', status: 'ENABLED' }, 'detail'],
      ['student/face-photo', { id: student.id }, 'detail'],
      ['student/capture-list', { id: student.id }, 'detail'],
      ['student/capture-image', { id: 1 }, 'detail'],
    ];
    for (const [path, body, page] of calls) {
      // A granted call answers (200, or a refusal of the request itself), never 401 or 403.
      const admitted = async (token: string) => ![401, 403].includes((await post(path, token, body)).status);
      const statuses = {
        path,
        list: await admitted(listOnly),
        detail: await admitted(detailOnly),
        home: (await post(path, home, body)).status,
        unitManager: (await post(path, unitManager, body)).status,
        student: (await post(path, studentToken, body)).status,
        anonymous: (await t.http.post(`/api/${path}.action`).send(body)).status,
      };
      expect(statuses).toEqual({
        path,
        list: page === 'list',
        detail: page === 'detail',
        home: 403,
        unitManager: 403,
        student: 403,
        anonymous: 401,
      });
    }
  });
});

describe('the list', () => {
  test('lists the project’s students only, newest first, masked, filtered by every field', async () => {
    const project = await buildProject();
    const unit = await buildUnit(project.id, { name: '过滤单位' });
    const withX = await buildStudent(project.id, {
      realName: '欧阳明',
      idCardNo: idEndingInX(),
      unitId: unit.id,
      mobile: '13712345678',
    });
    const plain = await buildStudent(project.id, { realName: '李明' });
    const disabled = await buildStudent(project.id, { realName: '停用学员', status: 'DISABLED' });
    await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const elsewhere = await buildProject();
    await buildStudent(elsewhere.id, { realName: '欧阳明' });
    const built = await buildClass({ projectId: project.id });
    await enrol(built.trainClass, withX.id);
    const token = await staffToken(project.id, LIST);

    const all = await ok(call<StudentPage>('student/list', token));
    expect(all.list.map((row) => row.id)).toEqual([disabled.id, plain.id, withX.id]);
    const first = all.list.find((row) => row.id === withX.id);
    expect(first).toMatchObject({
      realName: '欧阳明',
      idCardNo: `${withX.idCardNo?.slice(0, 6)}********${withX.idCardNo?.slice(-4)}`,
      unitName: '过滤单位',
      enrolmentCount: 1,
      wechatBound: false,
      status: 'ENABLED',
    });
    const ids = async (filters: object) =>
      (await ok(call<StudentPage>('student/list', token, filters))).list.map((row) => row.id);
    expect(await ids({ name: '明' })).toEqual([plain.id, withX.id]);
    expect(await ids({ idCardNo: (withX.idCardNo ?? '').toLowerCase() })).toEqual([withX.id]);
    expect(await ids({ mobile: '1234567' })).toEqual([withX.id]);
    expect(await ids({ unitId: unit.id })).toEqual([withX.id]);
    expect(await ids({ status: 'DISABLED' })).toEqual([disabled.id]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(await ids({ createdFrom: today, createdTo: today })).toHaveLength(3);
    expect(await ids({ createdTo: '2000-01-01' })).toEqual([]);
    expect(await call('student/list', token, { createdFrom: today, createdTo: '2000-01-01' })).toMatchObject({
      respCode: -1,
      respDesc: expect.stringContaining('结束日期不能早于开始日期'),
    });
  });
});

describe('a student’s detail and corrections', () => {
  async function scene() {
    const project = await buildProject();
    const unit = await buildUnit(project.id, { name: '原单位' });
    const other = await buildUnit(project.id, { name: '新单位' });
    const student = await buildStudent(project.id, {
      realName: '张同学',
      idCardNo: buildIdCardNo(135),
      unitId: unit.id,
      email: 'zhang@example.com',
    });
    const token = await staffToken(project.id, BOTH);
    return { project, unit, other, student, token };
  }

  test('shows the profile in full, the WeChat binding, enrolments with credited hours and the face photo state', async () => {
    const s = await scene();
    const wxapp = await Wxapp.create({
      name: '学员公众号',
      appId: `wx${Date.now().toString(16).slice(-16)}`,
      appSecret: 'a'.repeat(32),
      pushToken: 'token',
      pushMode: 'plain',
    } as never);
    await WechatBinding.create({
      wxappId: wxapp.id,
      openId: `o${String(wxapp.id).padStart(27, 'y')}`,
      accountId: s.student.id,
      projectId: s.project.id,
      unionId: null,
      nickname: '小张',
      avatarUrl: null,
    });
    const built = await buildClass({
      projectId: s.project.id,
      electiveHoursTenths: 5,
      courses: [{ lessons: [{ hoursTenths: 20 }] }, { kind: 'ELECTIVE', lessons: [{ hoursTenths: 10 }] }],
    });
    const enrolment = await enrol(built.trainClass, s.student.id);
    await enrolment.update({ requiredTenths: 15 });

    const detail = await ok(call<StudentDetail>('student/detail', s.token, { id: s.student.id }));
    expect(detail).toMatchObject({
      realName: '张同学',
      idCardNo: s.student.idCardNo,
      gender: 'male',
      birthDate: '1990-03-07',
      unitName: '原单位',
      email: 'zhang@example.com',
      hasPassword: true,
      wechat: [{ wxappName: '学员公众号', nickname: '小张' }],
      facePhoto: { hasPhoto: false, updatedAt: null },
      captureCount: 0,
    });
    expect(detail.enrolments).toEqual([
      expect.objectContaining({
        myClassId: enrolment.id,
        className: built.trainClass.name,
        status: 'STUDYING',
        requiredHours: 2,
        electiveHours: 0.5,
        creditedRequiredHours: 1.5,
        creditedElectiveHours: 0,
        lastStudyAt: null,
      }),
    ]);
  });

  test('another project’s student, or an account that is no student, answers as missing', async () => {
    const s = await scene();
    const elsewhere = await buildStudent((await buildProject()).id);
    const { account: staffMember } = await buildAccount({
      projectId: s.project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    for (const id of [elsewhere.id, staffMember.id]) {
      for (const [path, body] of [
        ['student/detail', { id }],
        ['student/update', { id, realName: '改名', status: 'ENABLED' }],
        ['student/face-photo', { id }],
        ['student/capture-list', { id }],
      ] as const)
        expect(await call(path, s.token, body)).toMatchObject({ respCode: -1, respDesc: '学员不存在' });
    }
    expect((await Account.findOne({ where: { id: elsewhere.id }, allTenants: true }))?.realName).not.toBe(
      '改名',
    );
  });

  test('corrects name, mobile, e-mail and unit; refuses a taken mobile and a unit of another project; audited', async () => {
    const s = await scene();
    const taken = await buildStudent(s.project.id);
    const body = {
      id: s.student.id,
      realName: '张新名',
      mobile: buildMobile(),
      email: '',
      unitId: s.other.id,
      status: 'ENABLED',
    };
    expect(await call('student/update', s.token, { ...body, mobile: '12345' })).toMatchObject({
      respCode: -1,
      attribute: { errors: [{ field: 'mobile', message: '手机号格式不正确' }] },
    });
    expect(await call('student/update', s.token, { ...body, mobile: taken.mobile })).toMatchObject({
      respCode: -1,
      attribute: { errors: [{ field: 'mobile', rule: 'unique', message: '该手机号已被其他学员使用' }] },
    });
    const foreignUnit = await buildUnit((await buildProject()).id);
    expect(await call('student/update', s.token, { ...body, unitId: foreignUnit.id })).toMatchObject({
      respCode: -1,
      attribute: { errors: [{ field: 'unitId', message: '单位不存在' }] },
    });
    const saved = await ok(call<StudentDetail>('student/update', s.token, body));
    expect(saved).toMatchObject({
      realName: '张新名',
      mobile: body.mobile,
      email: null,
      unitId: s.other.id,
      unitName: '新单位',
      idCardNo: s.student.idCardNo,
    });
    const log = await AuditLog.findOne({
      where: { action: 'student.update', targetId: String(s.student.id) },
      allTenants: true,
    });
    expect(log?.detail).toMatchObject({
      realName: { from: '张同学', to: '张新名' },
      unitId: { from: s.unit.id, to: s.other.id },
      email: { from: 'zhang@example.com', to: null },
    });
  });

  test('a student without an ID number keeps a mobile: clearing it is a field error, not a server error', async () => {
    const s = await scene();
    const mobileOnly = await buildStudent(s.project.id, { idCardNo: null });
    const cleared = await call('student/update', s.token, {
      id: mobileOnly.id,
      realName: '只有手机号',
      status: 'ENABLED',
    });
    expect(cleared).toMatchObject({
      respCode: -1,
      attribute: { errors: [{ field: 'mobile', rule: 'required', message: MOBILE_REQUIRED_WITHOUT_ID }] },
    });
    expect((await Account.findOne({ where: { id: mobileOnly.id }, allTenants: true }))?.mobile).toBe(
      mobileOnly.mobile,
    );
    // With an ID number to sign in with, the mobile may be cleared.
    await ok(call('student/update', s.token, { id: s.student.id, realName: '张同学', status: 'ENABLED' }));
    expect((await Account.findOne({ where: { id: s.student.id }, allTenants: true }))?.mobile).toBeNull();
  });

  test('disabling a student ends the student’s sessions', async () => {
    const s = await scene();
    const studentToken = await signIn(s.student);
    expect((await post('face/photo-status', studentToken)).status).toBe(200);
    await ok(
      call('student/update', s.token, {
        id: s.student.id,
        realName: s.student.realName,
        mobile: s.student.mobile,
        unitId: s.unit.id,
        status: 'DISABLED',
      }),
    );
    expect((await post('face/photo-status', studentToken)).status).toBe(401);
    const list = await ok(call<StudentPage>('student/list', await staffToken(s.project.id, LIST)));
    expect(list.list[0]).toMatchObject({ id: s.student.id, status: 'DISABLED' });
  });
});

describe('face photo and captures', () => {
  test('staff see the reference photo and every capture with its score, as images of the project only', async () => {
    const project = await buildProject({ settings: { needCheckFacePass: 1 } });
    const student = await buildStudent(project.id);
    const studentToken = await signIn(student);
    const built = await buildClass({
      projectId: project.id,
      courses: [{ lessons: [{ durationSeconds: 120 }] }],
    });
    const enrolment = await enrol(built.trainClass, student.id);
    const token = await staffToken(project.id, DETAIL);
    expect(await call('student/face-photo', token, { id: student.id })).toMatchObject({
      respCode: -1,
      respDesc: '该学员尚未上传人脸照片',
    });
    const reference = photo(200);
    const upload = (path: string, image: Buffer, fields: Record<string, string> = {}) => {
      let request = t.http.post(`/api/${path}.action`).set('token', studentToken);
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      return request.attach('file', image, 'face.png').then((res) => res.body as Envelope<unknown>);
    };
    expect((await call('face/agree', studentToken, {})).respCode).toBe(200);
    expect((await upload('face/photo-upload', reference)).respCode).toBe(200);
    const start = await ok(
      call<StudyStart>('study/start', studentToken, {
        myClassId: enrolment.id,
        lessonId: built.courses[0]?.lessons[0]?.id,
      }),
    );
    const small = photo(40);
    await upload('study/face-check', small, { sessionId: start.sessionId });
    clock.advance(5000);
    await upload('study/face-check', photo(160), { sessionId: start.sessionId });

    const photoFile = await bytesOf('student/face-photo', token, { id: student.id });
    expect(photoFile).toMatchObject({ status: 200, type: 'image/png' });
    expect(photoFile.body.equals(reference)).toBe(true);
    const captures = await ok(
      call<PageAnswer<FaceCaptureRow>>('student/capture-list', token, {
        id: student.id,
        myClassId: enrolment.id,
      }),
    );
    expect(captures.total).toBe(2);
    expect(captures.list.map((row) => [row.kind, row.passed, row.simulated, row.className])).toEqual([
      ['START', true, true, built.trainClass.name],
      ['START', false, true, built.trainClass.name],
    ]);
    expect(captures.list[0]?.score).toBeGreaterThan(0.8);
    const failed = captures.list[1] as FaceCaptureRow;
    const image = await bytesOf('student/capture-image', token, { id: failed.id });
    expect(image.body.equals(small)).toBe(true);
    const detail = await ok(call<StudentDetail>('student/detail', token, { id: student.id }));
    expect(detail).toMatchObject({ facePhoto: { hasPhoto: true }, captureCount: 2 });
    // When the student agreed to the face agreement (before the photo).
    expect(detail.faceConsentAt).toEqual(expect.any(String));
    expect(Date.parse(detail.faceConsentAt as string)).toBeLessThanOrEqual(
      Date.parse(detail.facePhoto.updatedAt as string),
    );

    const otherToken = await staffToken((await buildProject()).id, DETAIL);
    expect(await call('student/capture-image', otherToken, { id: failed.id })).toMatchObject({
      respCode: -1,
      respDesc: '抓拍记录不存在',
    });
  });
});
