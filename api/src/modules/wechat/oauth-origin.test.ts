import { createWechatSimulator, type SimApp, type WechatSimulator } from '@px/wechat/sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildHostedProject } from '../../testing/factories';
import { createWechatGateway } from './wechat.gateway';
import { Wxapp, WxappProject } from './wxapp.model';

// Issue 17: without PUBLIC_URL, `npm start` announced itself as localhost and OAuth sent a visitor
// who came on 127.0.0.1 back to localhost, another origin where their state was gone.

const APP: SimApp = {
  appId: 'wx00000000000origin',
  appSecret: 'e'.repeat(32),
  name: '测试服务号',
  token: 'originToken2026',
  encodingAESKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  pushMode: 'safe',
};

let t: TestApp;
let sim: WechatSimulator;

beforeAll(async () => {
  sim = createWechatSimulator({ apps: [{ ...APP }] });
  await sim.listen();
  const wechat = createWechatGateway({ endpoints: sim.endpoints(), publicUrl: null, bridgeScript: null });
  // As `npm start` does without PUBLIC_URL: the server listens and knows itself as localhost.
  wechat.listeningAt('http://localhost:8080');
  t = await createTestApp({ providers: { wechat } });
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

test('without PUBLIC_URL the OAuth return address is on the host the visitor came on', async () => {
  const { project, host } = await buildHostedProject();
  const wxapp = await Wxapp.create({
    name: APP.name,
    appId: APP.appId,
    appSecret: APP.appSecret,
    pushToken: APP.token,
    encodingAesKey: APP.encodingAESKey,
    pushMode: 'safe',
    mchId: null,
    mchSerialNo: null,
    mchPrivateKey: null,
    apiV3Key: null,
    platformSerialNo: null,
    platformPublicKey: null,
  });
  await WxappProject.create({ projectId: project.id, wxappId: wxapp.id });
  const answer = await t.http
    .post('/api/wechat/oauth-url.action')
    // The visitor came on the host's port 8080: the return address keeps the port.
    .set('host', `${host}:8080`)
    .send({ redirect: '/my' });
  expect(answer.body.respCode).toBe(200);
  const params = new URL(answer.body.attribute.url as string).searchParams;
  expect(params.get('redirect_uri')).toBe(`http://${host}:8080/auth-redirect`);
});
