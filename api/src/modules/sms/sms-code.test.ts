import { ROLE_SYSTEM, SMS_CODE_RULES } from '@px/config';
import { Op } from 'sequelize';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount } from '../../testing/factories';
import type { Project } from '../project/project.model';
import { createSmsProvider, outboxSmsProvider, type SmsProvider } from './sms.provider';
import {
  buildHostedProject,
  codeCount,
  freshIp,
  freshMobile,
  latestCode,
  passResendInterval,
  post,
  wrongCode,
} from './sms.testing';
import { SmsCode } from './sms-code.model';
import { chinaDayStart, smsCodeMatches } from './sms-code.service';
import { SmsOutbox } from './sms-outbox.model';

const SEND = '/api/login/send-msg-code-by-login.action';
const LOGIN = '/api/login/login-by-mobile.action';
const FORGET_SEND = '/api/forget/send-msg-code-by-forget.action';

let t: TestApp;
let project: Project;
let host: string;

/** While set, the SMS gateway is down: the app's provider fails every message. */
let smsDown = false;
const sms: SmsProvider = {
  name: 'outbox',
  send: (message, options) =>
    smsDown ? Promise.reject(new Error('gateway down')) : outboxSmsProvider.send(message, options),
};

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, providers: { sms } });
  ({ project, host } = await buildHostedProject({ settings: { title: '短信测试平台' } }));
});
afterAll(() => t.close());

/** A student of the test project with a fresh mobile. */
async function student(target: Project = project): Promise<string> {
  const mobile = freshMobile();
  await buildAccount({ projectId: target.id, roleSystem: ROLE_SYSTEM.STUDENT, overrides: { mobile } });
  return mobile;
}

const send = (mobile: string, ip?: string) => post(t, SEND, { host, ip }).send({ mobile });
const login = (mobile: string, msgCode: string) => post(t, LOGIN, { host }).send({ mobile, msgCode });

describe('issuing a code', () => {
  test('six random digits, sent through the outbox, never in the answer, stored only as a salted hash', async () => {
    const mobile = await student();
    const ip = freshIp();
    const res = await send(mobile, ip);
    expect(res.body).toEqual({ respCode: 200, respDesc: '成功', attribute: { resendSeconds: 60 } });

    const message = await SmsOutbox.findOne({ where: { mobile, projectId: project.id } });
    expect(message?.projectId).toBe(project.id);
    expect(message?.content).toMatch(/^【短信测试平台】您的验证码为\d{6}，5分钟内有效，请勿泄露。$/);
    const code = (await latestCode(mobile)) as string;
    expect(JSON.stringify(res.body)).not.toContain(code);

    const row = (await SmsCode.findOne({ where: { mobile, projectId: project.id } })) as SmsCode;
    expect(row).toMatchObject({ projectId: project.id, purpose: 'login', attempts: 0, usedAt: null, ip });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[\w-]{16}\.[\w-]{43}$/);
    expect(smsCodeMatches(row.codeHash, code)).toBe(true);
    expect(smsCodeMatches(row.codeHash, wrongCode(code))).toBe(false);
    const life = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(life).toBe(SMS_CODE_RULES.ttlSeconds * 1000);
  });

  test('the same code gets a different hash each time (salt per code)', async () => {
    const first = await student();
    const second = await student();
    await send(first);
    await send(second);
    const rows = await SmsCode.findAll({ where: { mobile: [first, second], projectId: project.id } });
    const salts = rows.map((row) => row.codeHash.split('.')[0]);
    expect(new Set(salts).size).toBe(2);
  });

  test('a bad mobile is refused naming the field, and nothing is sent', async () => {
    const res = await post(t, SEND, { host }).send({ mobile: '12345' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：mobile 手机号格式不正确' });
    expect(await SmsCode.count({ where: { mobile: '12345' }, allTenants: true })).toBe(0);
  });

  test('one code per mobile per 60 seconds, whatever the purpose or project', async () => {
    const mobile = await student();
    expect((await send(mobile)).body.respCode).toBe(200);

    const again = await send(mobile);
    expect(again.body.respCode).toBe(-1);
    const [, seconds] = again.body.respDesc.match(/^发送过于频繁，请(\d+)秒后再试$/) ?? [];
    expect(Number(seconds)).toBeGreaterThanOrEqual(58);
    expect(Number(seconds)).toBeLessThanOrEqual(60);

    const otherPurpose = await post(t, FORGET_SEND, { host }).send({ mobile });
    expect(otherPurpose.body.respDesc).toMatch(/^发送过于频繁/);
    const other = await buildHostedProject();
    await buildAccount({
      projectId: other.project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { mobile },
    });
    const otherProject = await post(t, SEND, { host: other.host }).send({ mobile });
    expect(otherProject.body.respDesc).toMatch(/^发送过于频繁/);
    expect(await codeCount(mobile)).toBe(1);

    // 40 seconds later: 20 seconds to go.
    await t.sequelize.query(
      "UPDATE sms_code SET created_at = now() - interval '40 seconds' WHERE mobile = :mobile",
      {
        replacements: { mobile },
      },
    );
    const later = await send(mobile);
    expect(later.body.respDesc).toMatch(/^发送过于频繁，请(19|20|21)秒后再试$/);

    await passResendInterval(t, mobile);
    expect((await send(mobile)).body.respCode).toBe(200);
    expect(await codeCount(mobile)).toBe(2);
  });

  test('two requests at once for one mobile: only one code is issued', async () => {
    const mobile = await student();
    const answers = await Promise.all([send(mobile), send(mobile), send(mobile)]);
    expect(answers.map((res) => res.body.respCode).sort()).toEqual([-1, -1, 200]);
    expect(await codeCount(mobile)).toBe(1);
  });

  test('at most 10 codes per mobile per calendar day (China time)', async () => {
    const mobile = await student();
    const now = new Date();
    await SmsCode.bulkCreate(
      Array.from({ length: SMS_CODE_RULES.dailyPerMobile }, () => ({
        projectId: project.id,
        mobile,
        purpose: 'login' as const,
        codeHash: 'x.y',
        ip: freshIp(),
        createdAt: now,
        expiresAt: now,
      })),
    );
    const res = await send(mobile);
    expect(res.body).toMatchObject({
      respCode: -1,
      respDesc: '该手机号今日获取验证码次数已达上限，请明天再试',
    });
    expect(await codeCount(mobile)).toBe(SMS_CODE_RULES.dailyPerMobile);

    // Yesterday's codes do not count.
    await t.sequelize.query(
      "UPDATE sms_code SET created_at = created_at - interval '1 day' WHERE mobile = :mobile",
      {
        replacements: { mobile },
      },
    );
    expect((await send(mobile)).body.respCode).toBe(200);
  });

  test('at most 50 codes per client address per day', async () => {
    const ip = freshIp();
    const now = new Date();
    await SmsCode.bulkCreate(
      Array.from({ length: SMS_CODE_RULES.dailyPerIp }, () => ({
        projectId: project.id,
        mobile: freshMobile(),
        purpose: 'register' as const,
        codeHash: 'x.y',
        ip,
        createdAt: now,
        expiresAt: now,
      })),
    );
    const mobile = await student();
    const res = await send(mobile, ip);
    expect(res.body).toMatchObject({
      respCode: -1,
      respDesc: '当前网络今日获取验证码次数已达上限，请明天再试',
    });
    expect(await codeCount(mobile)).toBe(0);
    expect((await send(mobile, freshIp())).body.respCode).toBe(200);
  });

  test('a provider failure is refused and leaves no code behind', async () => {
    smsDown = true;
    try {
      const mobile = await student();
      const res = await send(mobile);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: '短信发送失败，请稍后再试' });
      expect(await codeCount(mobile)).toBe(0);
      expect(t.logs.some((line) => line.msg === 'SMS provider failed')).toBe(true);
    } finally {
      smsDown = false;
    }
  });
});

describe('checking a code', () => {
  test('a code is single use', async () => {
    const mobile = await student();
    await send(mobile);
    const code = (await latestCode(mobile)) as string;
    const first = await login(mobile, code);
    expect(first.body).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
    expect(first.body.attribute.tokenCode).toEqual(expect.any(String));
    const second = await login(mobile, code);
    expect(second.body).toMatchObject({ respCode: -1, respDesc: '验证码已失效，请重新获取' });
    const row = (await SmsCode.findOne({ where: { mobile, projectId: project.id } })) as SmsCode;
    expect(row.usedAt).not.toBeNull();
  });

  test('a code lives 5 minutes', async () => {
    const mobile = await student();
    await send(mobile);
    const code = (await latestCode(mobile)) as string;
    await t.sequelize.query(
      "UPDATE sms_code SET created_at = now() - interval '301 seconds', expires_at = now() - interval '1 second' WHERE mobile = :mobile",
      { replacements: { mobile } },
    );
    const res = await login(mobile, code);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '验证码已失效，请重新获取' });
  });

  test('five wrong tries kill the code', async () => {
    const mobile = await student();
    await send(mobile);
    const code = (await latestCode(mobile)) as string;
    for (let left = SMS_CODE_RULES.maxWrongTries - 1; left > 0; left -= 1) {
      const res = await login(mobile, wrongCode(code));
      expect(res.body).toMatchObject({ respCode: -1, respDesc: `验证码错误，还可尝试${left}次` });
    }
    const last = await login(mobile, wrongCode(code));
    expect(last.body).toMatchObject({ respCode: -1, respDesc: '验证码错误次数过多，请重新获取' });
    const dead = await login(mobile, code);
    expect(dead.body).toMatchObject({ respCode: -1, respDesc: '验证码已失效，请重新获取' });
    expect((await SmsCode.findOne({ where: { mobile, projectId: project.id } }))?.attempts).toBe(
      SMS_CODE_RULES.maxWrongTries,
    );

    // A new code works again.
    await passResendInterval(t, mobile);
    await send(mobile);
    expect((await login(mobile, (await latestCode(mobile)) as string)).body.respCode).toBe(200);
  });

  test('a new code for the same mobile and purpose makes the older one invalid', async () => {
    const mobile = await student();
    await send(mobile);
    const older = (await latestCode(mobile)) as string;
    await passResendInterval(t, mobile);
    await send(mobile);
    const newer = (await latestCode(mobile)) as string;
    const olderRow = (await SmsCode.findOne({
      where: { mobile, projectId: project.id },
      order: [['id', 'ASC']],
    })) as SmsCode;
    expect(olderRow.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(olderRow.usedAt).toBeNull();
    if (older !== newer) {
      expect((await login(mobile, older)).body.respCode).toBe(-1);
    }
    expect((await login(mobile, newer)).body.respCode).toBe(200);
  });

  test('a code works only for its purpose and its project', async () => {
    const mobile = await student();
    const other = await buildHostedProject();
    await buildAccount({
      projectId: other.project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { mobile },
    });
    await post(t, FORGET_SEND, { host }).send({ mobile });
    const forgetCode = (await latestCode(mobile)) as string;
    const asLogin = await login(mobile, forgetCode);
    expect(asLogin.body).toMatchObject({ respCode: -1, respDesc: '请先获取短信验证码' });

    await passResendInterval(t, mobile);
    await send(mobile);
    const loginCode = (await latestCode(mobile)) as string;
    const elsewhere = await post(t, LOGIN, { host: other.host }).send({ mobile, msgCode: loginCode });
    expect(elsewhere.body).toMatchObject({ respCode: -1, respDesc: '请先获取短信验证码' });
    expect((await login(mobile, loginCode)).body.respCode).toBe(200);
  });

  test('a malformed code is refused naming the field, without counting a try', async () => {
    const mobile = await student();
    await send(mobile);
    const res = await post(t, LOGIN, { host }).send({ mobile, msgCode: '12ab' });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：msgCode 短信验证码为6位数字' });
    expect(await SmsCode.count({ where: { mobile, projectId: project.id, attempts: { [Op.gt]: 0 } } })).toBe(
      0,
    );
  });
});

describe('the calendar day', () => {
  test('starts at midnight China time (UTC+8)', () => {
    expect(chinaDayStart(new Date('2024-05-01T15:59:59Z')).toISOString()).toBe('2024-04-30T16:00:00.000Z');
    expect(chinaDayStart(new Date('2024-05-01T16:00:00Z')).toISOString()).toBe('2024-05-01T16:00:00.000Z');
  });
});

describe('provider configuration', () => {
  test('SMS_PROVIDER defaults to the outbox and accepts nothing else yet', () => {
    expect(loadEnv({}).SMS_PROVIDER).toBe('outbox');
    expect(loadEnv({ SMS_PROVIDER: 'outbox' }).SMS_PROVIDER).toBe('outbox');
    expect(() => loadEnv({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER/);
    expect(createSmsProvider('outbox')).toBe(outboxSmsProvider);
  });
});
