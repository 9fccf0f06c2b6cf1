import { randomBytes, randomUUID } from 'node:crypto';
import { ROLE_SYSTEM } from '@px/config';
import type { StudyStart } from '../../contract/study';
import { createTestApp, type TestApp } from '../../testing/app';
import { delivered as deliveredTo, writeUnheard } from '../../testing/change-feed';
import { buildAccount, buildHostedProject, signIn } from '../../testing/factories';
import { rawBody } from '../../testing/http';
import { Account } from '../account/account.model';
import { CourseLesson } from '../course/course.model';
import { ACCOUNT_DISABLED_KEY } from '../study/session.service';
import { buildClass, enrol } from '../train-class/train-class.testing';
import { type HlsPackage, segmentCipherKey } from './hls';
import { TRIAL_SIGNED_OUT } from './hls.route';
import { Resource } from './resource.model';
import { buildResource, VIDEO_MENU } from './resource.testing';

/**
 * The HLS key route at scale (docs/video.md "Keys at scale"): two API instances on one database,
 * each keeping the videos and the holders' verdicts it read in memory (change-feed caches). A grant
 * revoked through one instance (a study session taken over or ended, a sign-out, an account
 * disabled, a video re-packaged or deleted) is refused by the other as soon as the change's
 * notification arrives; every test first has the other instance serve the key, so it holds the
 * grant when the change comes.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ caches: true });
  b = await createTestApp({ caches: true, sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const delivered = () => deliveredTo(a, b);

/** A package of three SD segments (keys are derived from the secret; no segment is read). */
const packageOf = (): HlsPackage => ({
  id: randomUUID(),
  iv: randomBytes(16).toString('hex'),
  renditions: [{ name: 'sd', width: 640, height: 360, bandwidth: 500_000, segments: [4, 4, 2] }],
  keyPerSegment: true,
});

/** The first SD segment's key under a play URL (`…/master.m3u8`), as `app` answers it. */
async function keyOf(app: TestApp, url: string) {
  const res = await app.http
    .get(`${url.slice(0, url.lastIndexOf('/') + 1)}sd/0.key`)
    .buffer(true)
    .parse(rawBody);
  const body = res.body as Buffer;
  if (res.status === 200) return { status: 200, key: body };
  return { status: res.status, message: JSON.parse(body.toString('utf8')).respDesc as string };
}

/** A hosted project with a packaged video, a class whose one lesson plays it (5 s trial), a student. */
async function studying() {
  const { project, host } = await buildHostedProject();
  const secret = randomBytes(16);
  const first = packageOf();
  const video = await buildResource(project.id, { hls: first, hlsKey: secret });
  const built = await buildClass({
    projectId: project.id,
    courses: [{ kind: 'REQUIRED', lessons: [{ durationSeconds: 10, trialSeconds: 5 }] }],
  });
  const lesson = built.courses[0]?.lessons[0] as CourseLesson;
  await CourseLesson.update({ resourceId: video.id }, { where: { id: lesson.id, projectId: project.id } });
  const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT });
  const enrolment = await enrol(built.trainClass, account.id);
  const token = await signIn(account);
  const start = async (app: TestApp) => {
    const res = await app.http
      .post('/api/study/start.action')
      .set('token', token)
      .send({ myClassId: enrolment.id, lessonId: lesson.id });
    expect(res.body.respCode).toBe(200);
    return res.body.attribute as StudyStart;
  };
  const trialPlay = async (app: TestApp, as: string) => {
    const res = await app.http
      .post('/api/class/trial-play.action')
      .set('Host', host)
      .set('token', as)
      .send({ classId: built.trainClass.id, lessonId: lesson.id });
    expect(res.body.respCode).toBe(200);
    return res.body.attribute.url as string;
  };
  return { project, video, secret, account, token, start, trialPlay };
}

const study = (app: TestApp, as: string, name: 'end', body: object) =>
  app.http.post(`/api/study/${name}.action`).set('token', as).send(body);

test('a study session taken over or ended on instance A: its key is refused on instance B', async () => {
  const { start, secret, token } = await studying();
  const first = await start(a);
  expect(await keyOf(b, first.url)).toEqual({ status: 200, key: segmentCipherKey(secret, 'sd', 0) });
  // Another device starts the lesson through A: B refuses the first session's key.
  const second = await start(a);
  await delivered();
  expect(await keyOf(b, first.url)).toEqual({ status: 403, message: '已在其他设备学习，请重新进入' });
  expect((await keyOf(b, second.url)).status).toBe(200);
  // The page closes the player through A: the session ends, and its key on B with it.
  expect((await study(a, token, 'end', { sessionId: second.sessionId })).body.respCode).toBe(200);
  await delivered();
  expect(await keyOf(b, second.url)).toEqual({ status: 403, message: '本次学习已结束，请重新进入学习' });
});

test("a student's account disabled on A: the study session's key is refused on B", async () => {
  const { start, account, project } = await studying();
  const session = await start(a);
  expect((await keyOf(b, session.url)).status).toBe(200);
  await Account.update({ status: 'DISABLED' }, { where: { id: account.id, projectId: project.id } });
  await delivered();
  expect(await keyOf(b, session.url)).toEqual({ status: 403, message: ACCOUNT_DISABLED_KEY });
});

test('B serves a kept verdict without reading it again; a change naming the student drops it', async () => {
  const { start, account, project } = await studying();
  const session = await start(a);
  // Whatever the arrangement notified has arrived (it could drop what B reads next).
  await delivered();
  expect((await keyOf(b, session.url)).status).toBe(200);
  // Ended without notifying anyone: B still holds what it read (no query per key) ...
  await writeUnheard(a, "UPDATE study_session SET status = 'ENDED' WHERE id = $1", [session.sessionId]);
  expect((await keyOf(b, session.url)).status).toBe(200);
  // ... and a change of another student's session leaves it kept ...
  const other = await studying();
  await other.start(a);
  await other.start(a);
  await delivered();
  expect((await keyOf(b, session.url)).status).toBe(200);
  // ... until a change naming this student (any of their sessions, their account) drops it.
  await Account.update({ realName: '改名学员' }, { where: { id: account.id, projectId: project.id } });
  await delivered();
  expect(await keyOf(b, session.url)).toEqual({ status: 403, message: '本次学习已结束，请重新进入学习' });
});

test("a staff preview's and a signed-in visitor's trial key: refused on B once they sign out on A", async () => {
  const { project, video, trialPlay } = await studying();
  const { account: staffAccount } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: VIDEO_MENU,
  });
  const staff = await signIn(staffAccount);
  const preview = (
    await a.http.post('/api/resource/play-url.action').set('token', staff).send({ id: video.id })
  ).body.attribute.url as string;
  const { account: visitorAccount } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
  });
  const visitor = await signIn(visitorAccount);
  const trial = await trialPlay(a, visitor);
  expect(trial).toContain(`.t${visitorAccount.id}_`);
  expect((await keyOf(b, preview)).status).toBe(200);
  expect((await keyOf(b, trial)).status).toBe(200);
  for (const as of [staff, visitor])
    expect((await a.http.post('/api/login/login-out.action').set('token', as).send({})).body.respCode).toBe(
      200,
    );
  await delivered();
  expect(await keyOf(b, preview)).toEqual({ status: 403, message: '登录已失效，请重新登录后播放' });
  expect(await keyOf(b, trial)).toEqual({ status: 403, message: TRIAL_SIGNED_OUT });
});

test("a video re-packaged or deleted: B serves the new package's keys, then none", async () => {
  const { project } = await buildHostedProject();
  const secret = randomBytes(16);
  const first = packageOf();
  const video = await buildResource(project.id, { hls: first, hlsKey: secret });
  const { account } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: VIDEO_MENU,
  });
  const staff = await signIn(account);
  let preview = (
    await a.http.post('/api/resource/play-url.action').set('token', staff).send({ id: video.id })
  ).body.attribute.url as string;
  expect(await keyOf(b, preview)).toEqual({ status: 200, key: segmentCipherKey(secret, 'sd', 0) });
  // A new package swapped in with its own secret, the old one retired (what a re-package's last
  // update does): the preview issued before keeps the old package's keys; one issued after gets the
  // new package's from B (whose kept row was dropped: else it would not know the new package).
  const renewed = randomBytes(16);
  const deleteAfter = new Date(Date.now() + 3_600_000).toISOString();
  await Resource.update(
    {
      hls: packageOf(),
      hlsKey: renewed,
      hlsRetired: [{ hls: first, key: secret.toString('base64'), deleteAfter }],
    },
    { where: { id: video.id, projectId: project.id } },
  );
  await delivered();
  expect(await keyOf(b, preview)).toEqual({ status: 200, key: segmentCipherKey(secret, 'sd', 0) });
  const before = preview;
  preview = (await a.http.post('/api/resource/play-url.action').set('token', staff).send({ id: video.id }))
    .body.attribute.url as string;
  expect(preview).not.toBe(before);
  expect(await keyOf(b, preview)).toEqual({ status: 200, key: segmentCipherKey(renewed, 'sd', 0) });
  // Packaging failed, then the video is gone.
  await Resource.update({ status: 'FAILED' }, { where: { id: video.id, projectId: project.id } });
  await delivered();
  expect(await keyOf(b, preview)).toEqual({ status: 404, message: '视频不存在' });
  await Resource.update({ status: 'READY' }, { where: { id: video.id, projectId: project.id } });
  await delivered();
  expect((await keyOf(b, preview)).status).toBe(200);
  await Resource.destroy({ where: { id: video.id, projectId: project.id } });
  await delivered();
  expect(await keyOf(b, preview)).toEqual({ status: 404, message: '视频不存在' });
});
