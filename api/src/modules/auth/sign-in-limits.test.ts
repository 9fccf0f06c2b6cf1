import { ROLE_SYSTEM, SIGN_IN_LIMITS } from '@px/config';
import { Op } from 'sequelize';
import { LOGIN_MESSAGES } from '../../contract/login';
import { createTestApp, type TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';
import { buildAccount, buildProject } from '../../testing/factories';
import { Captcha } from '../captcha/captcha.model';
import type { Project } from '../project/project.model';
import { signInAttemptSweep } from './auth.jobs';
import { SignInAttempt } from './sign-in-attempt.model';
import { attemptKey, deleteOldAttempts } from './sign-in-limits.service';
import { type CallOptions, postLogin, signInOverHttp } from './test-support';

let t: TestApp;
let project: Project;
const HOST = 'limits.example.com';

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  project = await buildProject({ domains: [HOST] });
});
afterAll(() => t.close());

const from = (ip: string): CallOptions => ({ host: HOST, ip });

async function check(account: string, roleType: 1 | 3, options: CallOptions) {
  const res = await postLogin(
    t,
    'check-account-before-login',
    { account: await encryptLoginField(t.sequelize, account), roleType },
    options,
  );
  return res.body.attribute as { needCaptcha: boolean; captchaType: string; lockedUntil: string | null };
}

/** A solved image code, read from the database as only a person reading the image could. */
async function solvedImageCode() {
  const res = await t.http.get('/api/login/get-login-vcode.action');
  const captcha = await Captcha.findByPk(res.body.attribute.codeToken);
  return { codeToken: res.body.attribute.codeToken as string, vcode: (captcha?.answer ?? '').toLowerCase() };
}

/** A slider puzzle solved through `captcha/check`, as the H5 sends it (`captchaVO`). */
async function solvedSlider() {
  const res = await t.http.post('/api/captcha/get.action');
  const token = res.body.attribute.token as string;
  const x = Number((await Captcha.findByPk(token))?.answer);
  await t.http.post('/api/captcha/check.action').send({ token, x });
  return { captchaVO: { token } };
}

/** Moves every attempt of a key back in time. */
async function age(key: string, ms: number) {
  await t.sequelize.query(
    'UPDATE sign_in_attempt SET created_at = created_at - make_interval(secs => :seconds) WHERE account_key = :key',
    { replacements: { key, seconds: ms / 1000 } },
  );
}

/** Failed attempts written directly, `agoMs` before now. */
async function failures(key: string, ip: string, count: number, agoMs = 0) {
  await t.sequelize.query(
    `INSERT INTO sign_in_attempt (account_key, ip, succeeded, created_at)
     SELECT :key, :ip, false, now() - make_interval(secs => :seconds) FROM generate_series(1, :count)`,
    { replacements: { key, ip, count, seconds: agoMs / 1000 } },
  );
}

describe('captcha after 3 failed passwords', () => {
  test('is required after 3 failures; login then fails without one and succeeds with a correct one', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const name = account.accountName as string;
    const ip = '10.1.0.1';
    for (let i = 1; i <= 3; i += 1) {
      const answer = await signInOverHttp(t, { account: name, password: 'Wrong123' }, from(ip));
      expect(answer).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.BAD_CREDENTIALS });
      expect(answer.attribute?.needCaptcha).toBe(i >= 3);
    }
    expect(await check(name, 1, from(ip))).toEqual({
      needCaptcha: true,
      captchaType: 'image',
      lockedUntil: null,
    });
    // From another address too: the captcha rule is per account.
    expect((await check(name, 1, from('10.1.0.2'))).needCaptcha).toBe(true);

    const without = await signInOverHttp(t, { account: name, password }, from(ip));
    expect(without).toMatchObject({
      respCode: -1,
      respDesc: LOGIN_MESSAGES.CAPTCHA_REQUIRED,
      attribute: { needCaptcha: true },
    });

    const wrongCode = await solvedImageCode();
    const wrong = await signInOverHttp(
      t,
      { account: name, password, codeToken: wrongCode.codeToken, vcode: 'zzzz' },
      from(ip),
    );
    expect(wrong).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.CAPTCHA_WRONG });

    const code = await solvedImageCode();
    const ok = await signInOverHttp(t, { account: name, password, ...code }, from(ip));
    expect(ok).toMatchObject({ respCode: 200, attribute: { roleSystem: 2 } });

    // A success resets the count.
    expect((await check(name, 1, from(ip))).needCaptcha).toBe(false);
  });

  test('counts an unknown account the same way, so the answers never tell whether it exists', async () => {
    const ip = '10.1.1.1';
    for (let i = 0; i < 3; i += 1)
      await signInOverHttp(t, { account: 'ghost-account', password: 'Wrong123' }, from(ip));
    expect(await check('ghost-account', 1, from(ip))).toEqual({
      needCaptcha: true,
      captchaType: 'image',
      lockedUntil: null,
    });
    const noCaptcha = await signInOverHttp(t, { account: 'ghost-account', password: 'Wrong123' }, from(ip));
    expect(noCaptcha.respDesc).toBe(LOGIN_MESSAGES.CAPTCHA_REQUIRED);
  });

  test('failures older than the window do not count', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const name = account.accountName as string;
    for (let i = 0; i < 3; i += 1)
      await signInOverHttp(t, { account: name, password: 'Wrong123' }, from('10.1.2.1'));
    await age(attemptKey(project.id, 1, name), SIGN_IN_LIMITS.windowMs + 1000);
    expect((await check(name, 1, from('10.1.2.1'))).needCaptcha).toBe(false);
    expect((await signInOverHttp(t, { account: name, password }, from('10.1.2.1'))).respCode).toBe(200);
  });
});

describe('lockout after 10 failures for one account and IP', () => {
  test('locks that account for that IP, even with the right password, but not from another IP', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      overrides: { idCardNo: '370102199003071238' },
    });
    const ip = '10.2.0.1';
    const key = attemptKey(project.id, 3, '370102199003071238');
    // Ten failures (with the H5's slider after the third; the captcha is not what is tested here).
    for (let i = 0; i < 10; i += 1) {
      const code = i >= 3 ? await solvedSlider() : {};
      const answer = await signInOverHttp(
        t,
        { account: '370102199003071238', password: 'Wrong123', roleType: 3, ...code },
        from(ip),
      );
      expect(answer.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
    }
    const status = await check('370102199003071238', 3, from(ip));
    expect(status.needCaptcha).toBe(true);
    expect(status.lockedUntil).not.toBeNull();
    const lastFailure = await SignInAttempt.max<Date, SignInAttempt>('createdAt', {
      where: { accountKey: key },
    });
    expect(new Date(status.lockedUntil as string).getTime()).toBe(
      lastFailure.getTime() + SIGN_IN_LIMITS.lockMs,
    );

    const code = await solvedSlider();
    const locked = await signInOverHttp(
      t,
      { account: '370102199003071238', password, roleType: 3, ...code },
      from(ip),
    );
    expect(locked).toMatchObject({
      respCode: -1,
      respDesc: '登录失败次数过多，请15分钟后再试',
      attribute: { lockedUntil: status.lockedUntil },
    });
    // The refused attempt is not a failure: the lock is not extended.
    expect(await SignInAttempt.count({ where: { accountKey: key } })).toBe(10);

    // Another IP is not locked (it needs the captcha, as the account had failures).
    expect((await check('370102199003071238', 3, from('10.2.0.2'))).lockedUntil).toBeNull();
    const elsewhere = await signInOverHttp(
      t,
      { account: '370102199003071238', password, roleType: 3, ...(await solvedSlider()) },
      from('10.2.0.2'),
    );
    expect(elsewhere.respCode).toBe(200);
    // The success elsewhere does not lift the lock of the first IP.
    expect((await check('370102199003071238', 3, from(ip))).lockedUntil).toBe(status.lockedUntil);
    expect(account.id).toBeGreaterThan(0);
  });

  test('the lock ends 15 minutes after the last failure', async () => {
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
    });
    const name = account.accountName as string;
    const key = attemptKey(project.id, 1, name);
    const ip = '10.2.1.1';
    await failures(key, ip, 10);
    expect((await check(name, 1, from(ip))).lockedUntil).not.toBeNull();
    await age(key, SIGN_IN_LIMITS.lockMs - 60_000);
    expect((await check(name, 1, from(ip))).lockedUntil).not.toBeNull();
    await age(key, 61_000);
    expect(await check(name, 1, from(ip))).toEqual({
      needCaptcha: false,
      captchaType: 'image',
      lockedUntil: null,
    });
    expect((await signInOverHttp(t, { account: name, password }, from(ip))).respCode).toBe(200);
  });

  test('failures spread over more than 15 minutes do not lock', async () => {
    const { account } = await buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.PROJECT });
    const name = account.accountName as string;
    const key = attemptKey(project.id, 1, name);
    const ip = '10.2.2.1';
    // Nine within the window, the tenth 16 minutes before the newest.
    await failures(key, ip, 1, 16 * 60_000);
    await failures(key, ip, 9);
    expect((await check(name, 1, from(ip))).lockedUntil).toBeNull();
  });
});

describe('per-IP limit', () => {
  test('single failures of 10 different students from one classroom IP lock nobody out', async () => {
    const ip = '10.3.0.1';
    const students = await Promise.all(
      Array.from({ length: 10 }, () =>
        buildAccount({ projectId: project.id, roleSystem: ROLE_SYSTEM.STUDENT }),
      ),
    );
    for (const { account } of students) {
      const answer = await signInOverHttp(
        t,
        { account: account.mobile as string, password: 'Wrong123', roleType: 3 },
        from(ip),
      );
      expect(answer.respDesc).toBe(LOGIN_MESSAGES.BAD_CREDENTIALS);
    }
    for (const { account, password } of students) {
      expect(await check(account.mobile as string, 3, from(ip))).toEqual({
        needCaptcha: false,
        captchaType: 'slider',
        lockedUntil: null,
      });
      const answer = await signInOverHttp(
        t,
        { account: account.mobile as string, password, roleType: 3 },
        from(ip),
      );
      expect(answer.respCode).toBe(200);
    }
  });

  test('100 failures from one IP within 15 minutes stop every sign-in from it, only from it', async () => {
    const ip = '10.3.1.1';
    const { account, password } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
    });
    for (let i = 0; i < SIGN_IN_LIMITS.ipFailures - 1; i += 1)
      await failures(`${project.id}:3:SOMEONE${i}`, ip, 1);
    const mobile = account.mobile as string;
    expect((await check(mobile, 3, from(ip))).lockedUntil).toBeNull();
    await signInOverHttp(t, { account: 'someone-else', password: 'Wrong123', roleType: 3 }, from(ip));
    const status = await check(mobile, 3, from(ip));
    expect(status.lockedUntil).not.toBeNull();
    const refused = await signInOverHttp(t, { account: mobile, password, roleType: 3 }, from(ip));
    expect(refused).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.IP_LOCKED });
    expect(
      (await signInOverHttp(t, { account: mobile, password, roleType: 3 }, from('10.3.1.2'))).respCode,
    ).toBe(200);
  });
});

test('attempts older than a day are deleted', async () => {
  await failures('old', '10.9.9.9', 1, SIGN_IN_LIMITS.keepAttemptsMs + 1000);
  await failures('recent', '10.9.9.9', 1, SIGN_IN_LIMITS.keepAttemptsMs - 60_000);
  expect(await deleteOldAttempts()).toBeGreaterThanOrEqual(1);
  expect(await SignInAttempt.count({ where: { accountKey: { [Op.in]: ['old', 'recent'] } } })).toBe(1);
  expect(await SignInAttempt.count({ where: { accountKey: 'recent' } })).toBe(1);
});

test('the hourly sweep job deletes the old attempts and keeps the recent ones', async () => {
  expect(signInAttemptSweep.schedule).toBe('17 * * * *');
  await failures('swept-old', '10.9.9.8', 2, SIGN_IN_LIMITS.keepAttemptsMs + 1000);
  await failures('swept-recent', '10.9.9.8', 1, SIGN_IN_LIMITS.keepAttemptsMs - 60_000);
  expect(await t.jobs.queue.send('sign-in-attempt.sweep', {})).toEqual(expect.any(String));
  expect(await t.jobs.drain()).toBeGreaterThanOrEqual(1);
  expect(await SignInAttempt.count({ where: { accountKey: 'swept-old' } })).toBe(0);
  expect(await SignInAttempt.count({ where: { accountKey: 'swept-recent' } })).toBe(1);
});
