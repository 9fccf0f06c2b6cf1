import { signedHeaders } from '@px/partner';
import { createDemoPartnerSite, DEMO_PARTNER_USER, type DemoPartnerSite } from '@px/partner/demo';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildHostedProject } from '../../testing/factories';
import { useTestStorage } from '../resource/resource.testing';
import { buildClass } from '../train-class/train-class.testing';
import { buildPartnerApp } from './partner.testing';
import { PartnerSignUp } from './partner-api.model';

const storage = useTestStorage();
let t: TestApp;
let site: DemoPartnerSite;
let api: string;

beforeAll(async () => {
  t = await createTestApp({ providers: storage.providers() });
  api = await t.listen();
  site = createDemoPartnerSite();
  await site.listen(0);
});
afterAll(async () => {
  await site.close();
  await t.close();
});

test('the demo partner site lists our classes, signs its user up, embeds the study page and takes signed notices', async () => {
  const { project } = await buildHostedProject();
  const cls = await buildClass({ projectId: project.id, name: `演示合作班级${project.id}` });
  const { app, secret } = await buildPartnerApp(project.id, {
    allowedOrigins: [site.url()],
    callbackUrl: `${site.url()}/callback`,
  });
  // Not configured yet: it says so.
  expect((await fetch(`${site.url()}/`)).status).toBe(502);
  site.configure({ apiUrl: api, appKey: app.appKey, secret });

  const home = await (await fetch(`${site.url()}/`)).text();
  expect(home).toContain(`演示合作班级${project.id}`);
  expect(home).toContain('报名并学习');

  const signUp = await fetch(`${site.url()}/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `classId=${cls.trainClass.id}`,
    redirect: 'manual',
  });
  expect(signUp.status).toBe(303);
  expect(signUp.headers.get('location')).toBe(`/study?classId=${cls.trainClass.id}`);
  const signUps = await PartnerSignUp.findAll({ where: { appId: app.id }, allTenants: true });
  expect(signUps.map((row) => row.outAccountId)).toEqual([DEMO_PARTNER_USER.outAccountId]);

  const study = await (await fetch(`${site.url()}/study?classId=${cls.trainClass.id}`)).text();
  expect(study).toMatch(
    /<iframe title="培训平台学习页" src="http:\/\/127\.0\.0\.1:\d+\/hxtx\/detail-study\?app=pk_\w+&#38;ticket=[\w-]+"/,
  );
  expect(study).toContain(`const STUDY_ORIGIN = "${new URL(api).origin}"`);

  // A notice signed with the app's secret is kept (once); a forged one is refused.
  const notice = JSON.stringify({
    noticeId: 'n-1',
    event: 'LESSON_FINISHED',
    enrolmentId: 1,
    className: '班',
  });
  const post = (headers: Record<string, string>) =>
    fetch(`${site.url()}/callback`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: notice,
    });
  const signed = (key: string) =>
    signedHeaders(
      { appKey: app.appKey, secret: key },
      {
        method: 'POST',
        target: '/callback',
        body: notice,
        timestamp: Math.floor(Date.now() / 1000),
        nonce: `nonce-${Math.random().toString(36).slice(2, 14)}`,
      },
    );
  expect((await post(signed('sk_forged_secret_000000000000'))).status).toBe(401);
  expect((await post(signed(secret))).status).toBe(200);
  expect((await post(signed(secret))).status).toBe(200);
  const kept = (await (await fetch(`${site.url()}/notices.json`)).json()) as {
    notice: { noticeId: string };
  }[];
  expect(kept.map((entry) => entry.notice.noticeId)).toEqual(['n-1']);
});
