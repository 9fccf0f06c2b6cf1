import { ROLE_SYSTEM } from '@px/config';
import type { FaceAgreement, FaceCheckAnswer, FacePhotoStatus } from '../../contract/face';
import type { HeartbeatAnswer, StudyStart } from '../../contract/study';
import { createManualClock } from '../../core/clock';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { useTestStorage } from '../resource/resource.testing';
import { encodePng } from '../storage/png';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { FaceCapture, FaceConsent } from './face.model';

const clock = createManualClock(new Date('2026-11-26T02:00:00Z'));
const storage = useTestStorage();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { ...storage.providers(), clock } });
});
afterAll(() => t.close());

const photo = (side: number) => encodePng(side, side, (x, y) => [x % 256, y % 256, 128]);
const upload = <T>(path: string, token: string, image: Buffer, fields: Record<string, string> = {}) => {
  let request = t.http.post(path).set('token', token);
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  return request
    .attach('file', image, 'face.png')
    .then((res) => res.body as { respCode: number; respDesc: string; attribute: T });
};
const post = <T>(path: string, token: string, body: object = {}) =>
  t.http
    .post(path)
    .set('token', token)
    .send(body)
    .then((res) => res.body as { respCode: number; respDesc: string; attribute: T });

async function scene() {
  const project = await buildProject({
    settings: { needCheckFacePass: 1, faceAgreement: '本项目采集人脸照片仅用于核验本人学习。' },
  });
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const built = await buildClass({
    projectId: project.id,
    courses: [{ lessons: [{ durationSeconds: 120 }] }],
  });
  const enrolment = await enrol(built.trainClass, account.id, 'STUDYING');
  return {
    token: await signIn(account),
    enrolment,
    lessonId: built.courses[0]?.lessons[0]?.id ?? 0,
    account,
  };
}

test('a student agrees to the face agreement first; photos and captures are refused before', async () => {
  const s = await scene();
  expect((await post<FaceAgreement>('/api/project/face-agreement.action', s.token)).attribute).toEqual({
    text: '本项目采集人脸照片仅用于核验本人学习。',
    agreedAt: null,
  });
  expect(await upload('/api/face/photo-upload.action', s.token, photo(200))).toMatchObject({
    respCode: -1,
    respDesc: '请先阅读并同意人脸识别授权协议',
  });
  const agreed = await post<FaceAgreement>('/api/face/agree.action', s.token);
  expect(agreed.attribute.agreedAt).toEqual(expect.any(String));
  // Agreeing again keeps the first consent; the project's later text does not change what was agreed.
  const again = await post<FaceAgreement>('/api/face/agree.action', s.token);
  expect(again.attribute.agreedAt).toBe(agreed.attribute.agreedAt);
  const consents = await FaceConsent.findAll({ where: { accountId: s.account.id }, allTenants: true });
  expect(consents.map((row) => [row.agreementText, row.agreedAt.toISOString()])).toEqual([
    ['本项目采集人脸照片仅用于核验本人学习。', agreed.attribute.agreedAt],
  ]);
  expect((await post<FacePhotoStatus>('/api/face/photo-status.action', s.token)).attribute).toEqual({
    hasPhoto: false,
    updatedAt: null,
    agreedAt: agreed.attribute.agreedAt,
  });
  // Staff are not students: the agreement calls are the student's.
  const staff = await buildAccount({ projectId: s.account.projectId, roleSystem: ROLE_SYSTEM.PROJECT });
  expect((await post('/api/face/agree.action', await signIn(staff.account))).respCode).toBe(403);
});

test('a student uploads a reference photo (an image by its content) and sees it is there', async () => {
  const s = await scene();
  await post('/api/face/agree.action', s.token);
  const refused = await upload('/api/face/photo-upload.action', s.token, Buffer.from('not an image'));
  expect(refused.respCode).toBe(-1);
  const saved = await upload<FacePhotoStatus>('/api/face/photo-upload.action', s.token, photo(200));
  expect(saved.attribute.hasPhoto).toBe(true);
});

test('with face checks on, study waits for a matching capture before it credits, and every capture is kept', async () => {
  const s = await scene();
  const start = (
    await post<StudyStart>('/api/study/start.action', s.token, {
      myClassId: s.enrolment.id,
      lessonId: s.lessonId,
    })
  ).attribute;
  expect(start).toMatchObject({ awaiting: 'FACE', rules: { faceCheck: true } });
  const beat = (seq: number, position: number) => {
    clock.advance(15_000);
    return post<HeartbeatAnswer>('/api/study/heartbeat.action', s.token, {
      sessionId: start.sessionId,
      seq,
      position,
      rate: 1,
      visible: true,
    });
  };
  expect((await beat(1, 0)).attribute).toMatchObject({
    credited: 0,
    refusal: 'AWAITING_FACE',
    action: { kind: 'FACE_CHECK' },
  });
  const fields = { sessionId: start.sessionId };
  // No consent to the face agreement yet: no capture is compared, none is kept.
  expect(await upload('/api/study/face-check.action', s.token, photo(200), fields)).toMatchObject({
    respCode: -1,
    respDesc: '请先阅读并同意人脸识别授权协议',
  });
  await post('/api/face/agree.action', s.token);
  // No reference photo yet.
  expect(await upload('/api/study/face-check.action', s.token, photo(200), fields)).toMatchObject({
    respCode: -1,
    respDesc: '请先在“我的”中上传人脸照片',
  });
  await upload('/api/face/photo-upload.action', s.token, photo(200));
  const failed = await upload<FaceCheckAnswer>('/api/study/face-check.action', s.token, photo(40), fields);
  expect(failed.attribute).toMatchObject({ passed: false, simulated: true });
  expect((await beat(2, 0)).attribute.refusal).toBe('AWAITING_FACE');
  const passed = await upload<FaceCheckAnswer>('/api/study/face-check.action', s.token, photo(200), fields);
  expect(passed.attribute).toMatchObject({ passed: true, simulated: true, threshold: 0.8 });
  expect((await beat(3, 15)).attribute).toMatchObject({ credited: 15, refusal: null });
  const captures = await FaceCapture.findAll({
    where: { accountId: s.account.id },
    order: [['id', 'ASC']],
    allTenants: true,
  });
  expect(captures.map((row) => [row.kind, row.passed, row.simulated])).toEqual([
    ['START', false, true],
    ['START', true, true],
  ]);
});
