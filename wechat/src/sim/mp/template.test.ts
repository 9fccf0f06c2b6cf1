import { createClock } from '../clock';
import { DEMO_WECHAT_APP, DEMO_WECHAT_USERS } from '../demo';
import { openIdOf } from '../registry';
import { createSimulator, type WechatSimulator } from '../server';
import { mpModule, mpSimulator } from '.';

// The template message (模板消息) of the official-account simulator: WeChat's refusals, and what it keeps.

let sim: WechatSimulator;
let base: string;
beforeEach(async () => {
  sim = createSimulator({
    apps: [DEMO_WECHAT_APP],
    users: DEMO_WECHAT_USERS,
    clock: createClock(() => 1_700_000_000_000),
    modules: [mpModule],
  });
  base = await sim.listen();
});
afterEach(() => sim.close());

const APP = DEMO_WECHAT_APP;
const send = async (token: string, body: unknown) =>
  (await fetch(`${base}/cgi-bin/message/template/send?access_token=${token}`, {
    method: 'POST',
    body: JSON.stringify(body),
  }).then((r) => r.json())) as Record<string, unknown>;

async function token(): Promise<string> {
  const answer = await fetch(
    `${base}/cgi-bin/token?grant_type=client_credential&appid=${APP.appId}&secret=${APP.appSecret}`,
  ).then((r) => r.json() as Promise<{ access_token: string }>);
  return answer.access_token;
}

const message = (over: Record<string, unknown> = {}) => ({
  touser: openIdOf(APP.appId, 'zhangsan'),
  template_id: 'tpl_study_01',
  url: 'http://h5.example.test/my',
  data: { first: { value: '请及时学习' }, keyword1: { value: '安全生产法专题班' } },
  ...over,
});

test('a follower gets the message: msgid answered, kept and listed', async () => {
  await mpSimulator(sim).follow(APP.appId, 'zhangsan');
  const answer = await send(await token(), message());
  expect(answer).toMatchObject({ errcode: 0, errmsg: 'ok' });
  expect(typeof answer.msgid).toBe('number');
  const kept = mpSimulator(sim).templateMessages(APP.appId);
  expect(kept).toEqual([
    expect.objectContaining({ msgId: answer.msgid, nickname: '张三', templateId: 'tpl_study_01' }),
  ]);
  const listed = await fetch(`${base}/__sim/mp/template-messages?appId=${APP.appId}`).then((r) => r.json());
  expect(listed).toHaveLength(1);
});

test("WeChat's refusals: token, openid, follow, template id, data", async () => {
  const valid = await token();
  expect((await send('nope', message())).errcode).toBe(40001);
  expect((await send(valid, message({ touser: 'oSomeoneElse' }))).errcode).toBe(40003);
  expect((await send(valid, message())).errcode).toBe(43004);
  await mpSimulator(sim).follow(APP.appId, 'zhangsan');
  expect((await send(valid, message({ template_id: 'bad id!' }))).errcode).toBe(40037);
  expect((await send(valid, message({ data: {} }))).errcode).toBe(47001);
  expect((await send(valid, message({ data: { first: { value: 3 } } }))).errcode).toBe(47001);
  expect(mpSimulator(sim).templateMessages()).toHaveLength(0);
});
