import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROLE_SYSTEM, VIDEO_PROVIDER } from '@px/config';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildHostedProject, signIn } from '../../testing/factories';
import { CourseLesson } from '../course/course.model';
import { DEMO_VIDEO_DIR } from '../resource/resource.demo';
import { buildResource, useTestStorage, VIDEO_MENU } from '../resource/resource.testing';
import {
  type LocalVideoProvider,
  VIDEO_SERVICE_FAILURE,
  VIDEO_SERVICE_UNAVAILABLE,
} from '../resource/video-provider';
import { StudySession } from '../study/study.model';
import { buildClass, enrol } from '../train-class/train-class.testing';
import type { VodClient } from './vod.client';
import {
  moveToVod,
  VOD_PROVIDER_NAME,
  vodClientFromEnv,
  vodCloudVideo,
  vodStorageKey,
  withCloudVod,
} from './vod.provider';
import { createVodSimulator, type VodSimulator } from './vod-sim';

/**
 * When the cloud VOD service refuses a play grant (a file it does not know, a psign it finds
 * expired) or is out of order, `study/start`, `class/trial-play` and `resource/play-url` answer it
 * in the envelope (the service's reason, or 视频服务暂不可用 with HTTP 503) and log the detail,
 * instead of a bare 500.
 */

const BYTES = fs.readFileSync(path.join(DEMO_VIDEO_DIR, 'first-aid.mp4'));
const storage = useTestStorage();
const base = storage.providers();
let t: TestApp;
let sim: VodSimulator;
let vod: VodClient;
/** How far ahead of this machine's clock the simulator's runs (seconds). */
let simAhead = 0;
let host: string;
let projectId: number;
let staff: string;

beforeAll(async () => {
  sim = createVodSimulator({ now: () => Math.floor(Date.now() / 1000) + simAhead });
  await sim.listen();
  vod = vodClientFromEnv(
    { VOD_API_BASE: '', VOD_PLAY_BASE: '', VOD_TIMEOUT_MS: 10_000 },
    {
      url: sim.url(),
      appId: sim.appId,
      secretId: sim.secretId,
      secretKey: sim.secretKey,
      playKey: sim.playKey,
    },
  ) as VodClient;
  const video = withCloudVod(base.video as LocalVideoProvider, vod);
  t = await createTestApp({ providers: { ...base, vod, cloudVideo: vodCloudVideo(vod), video } });
  const hosted = await buildHostedProject({ settings: { videoProvider: VIDEO_PROVIDER.TENCENT_VOD } });
  host = hosted.host;
  projectId = hosted.project.id;
  staff = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: VIDEO_MENU })).account,
  );
});
afterEach(() => {
  sim.setFault('none');
  simAhead = 0;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/**
 * A video kept by the VOD service under `fileId` (one uploaded now by default), a class whose one
 * lesson plays it with a 5 s trial, and an enrolled student.
 */
async function scene(fileId?: string) {
  let storageKey = fileId && vodStorageKey(fileId);
  if (!storageKey) {
    const key = `videos/${projectId}/${randomUUID()}.mp4`;
    await base.storage.put(key, BYTES);
    storageKey = await moveToVod(vod, base.storage, key, { name: 'a.mp4', type: 'video/mp4' });
  }
  const video = await buildResource(projectId, { storageKey, size: BYTES.length });
  const built = await buildClass({
    projectId,
    courses: [{ kind: 'REQUIRED', lessons: [{ durationSeconds: 10, trialSeconds: 5 }] }],
  });
  const lesson = built.courses[0]?.lessons[0] as CourseLesson;
  await CourseLesson.update({ resourceId: video.id }, { where: { id: lesson.id, projectId } });
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  const enrolment = await enrol(built.trainClass, account.id);
  const student = await signIn(account);
  return {
    video,
    account,
    start: () =>
      t.http
        .post('/api/study/start.action')
        .set('token', student)
        .send({ myClassId: enrolment.id, lessonId: lesson.id }),
    trial: () =>
      t.http
        .post('/api/class/trial-play.action')
        .set('Host', host)
        .send({ classId: built.trainClass.id, lessonId: lesson.id }),
    preview: () => t.http.post('/api/resource/play-url.action').set('token', staff).send({ id: video.id }),
  };
}

/** The log lines of the service's refusals for a video. */
const refusalLogs = (videoId: number) =>
  t.logs.filter((line) => line.msg === 'the video service gave no play grant' && line.videoId === videoId);

/** The student's sessions left ACTIVE. */
const liveSessions = (accountId: number) =>
  StudySession.count({ where: { projectId, accountId, status: 'ACTIVE' } });

test('while the VOD grants them, the study, the trial and the preview play from it', async () => {
  const { start, trial, preview } = await scene();
  for (const res of [await start(), await trial(), await preview()]) {
    expect(res.body.respCode).toBe(200);
    expect(String(res.body.attribute.url).startsWith(`${sim.url()}/vod/`)).toBe(true);
  }
});

test("a file the VOD does not know: the VOD's reason in the envelope, logged; no session is left live", async () => {
  const { video, account, start, trial, preview } = await scene('99999999999999');
  const refusal = {
    respCode: -1,
    respDesc: '视频服务拒绝播放：文件不存在',
    attribute: { reason: VIDEO_SERVICE_FAILURE, provider: VOD_PROVIDER_NAME, code: '4004' },
  };
  for (const res of [await start(), await trial(), await preview()]) {
    expect(res.status).toBe(200);
    expect(res.body).toEqual(refusal);
  }
  expect(await liveSessions(account.id)).toBe(0);
  const logged = refusalLogs(video.id);
  expect(logged).toHaveLength(3);
  expect(logged[0]).toMatchObject({ provider: VOD_PROVIDER_NAME, code: '4004', reason: '文件不存在' });
  expect(typeof logged[0]?.serviceRequestId).toBe('string');
});

test('a psign the VOD finds expired (its clock a day ahead): its reason in the envelope', async () => {
  const { account, start, trial } = await scene();
  simAhead = 24 * 3600;
  for (const res of [await start(), await trial()]) {
    expect(res.body).toMatchObject({
      respCode: -1,
      respDesc: '视频服务拒绝播放：psign 已过期',
      attribute: { reason: VIDEO_SERVICE_FAILURE, code: '4003' },
    });
  }
  expect(await liveSessions(account.id)).toBe(0);
});

test('the VOD out of order (503): 视频服务暂不可用 with HTTP 503, logged; playing again once it is back', async () => {
  const { video, account, start, trial, preview } = await scene();
  sim.setFault('outage');
  for (const res of [await start(), await trial(), await preview()]) {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      respCode: -1,
      respDesc: VIDEO_SERVICE_UNAVAILABLE,
      attribute: { reason: VIDEO_SERVICE_FAILURE, provider: VOD_PROVIDER_NAME, code: 'BadAnswer' },
    });
  }
  expect(await liveSessions(account.id)).toBe(0);
  expect(refusalLogs(video.id)[0]).toMatchObject({ code: 'BadAnswer', unreachable: true });
  // The page of the simulator switches it off.
  const form = await fetch(`${sim.url()}/sim/fault`, {
    method: 'POST',
    body: new URLSearchParams({ fault: 'none' }),
    redirect: 'manual',
  });
  expect(form.status).toBe(303);
  expect((await start()).body.respCode).toBe(200);
  expect(await liveSessions(account.id)).toBe(1);
});

test("a start the VOD refuses takes nothing over: the student's other device keeps its session", async () => {
  const { account, start } = await scene();
  const first = await start();
  expect(first.body.respCode).toBe(200);
  const playing = [[first.body.attribute.sessionId, 'ACTIVE']];
  const sessions = async () =>
    (await StudySession.findAll({ where: { projectId, accountId: account.id } })).map((row) => [
      row.id,
      row.status,
    ]);
  // The service out of order, then refusing (a psign it finds expired).
  sim.setFault('outage');
  expect((await start()).status).toBe(503);
  expect(await sessions()).toEqual(playing);
  sim.setFault('none');
  simAhead = 24 * 3600;
  expect((await start()).body).toMatchObject({ respCode: -1, attribute: { code: '4003' } });
  expect(await sessions()).toEqual(playing);
});

test('the VOD unreachable (not listening): 视频服务暂不可用 with HTTP 503', async () => {
  const { start } = await scene();
  await sim.close();
  const res = await start();
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ respDesc: VIDEO_SERVICE_UNAVAILABLE, attribute: { code: 'Unreachable' } });
});
