import { ROLE_SYSTEM } from '@px/config';
import { LOGIN_MESSAGES } from '../../contract/login';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject } from '../../testing/factories';
import { signInOverHttp } from '../auth/test-support';
import type { Project } from '../project/project.model';
import { Captcha } from './captcha.model';
import {
  CAPTCHA_TTL_MS,
  consumeImageCaptcha,
  IMAGE_CODE_CHARS,
  SLIDER_TOLERANCE_PX,
} from './captcha.service';

let t: TestApp;
let project: Project;
const HOST = 'captcha.example.com';

beforeAll(async () => {
  t = await createTestApp();
  project = await buildProject({ domains: [HOST] });
});
afterAll(() => t.close());

const decodeDataUrl = (url: string) =>
  Buffer.from(url.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

/** An account that needs a captcha (3 failed passwords). */
async function accountNeedingCaptcha(roleSystem: 2 | 3) {
  const built = await buildAccount({ projectId: project.id, roleSystem });
  const account = roleSystem === 3 ? (built.account.mobile as string) : (built.account.accountName as string);
  const roleType = roleSystem === 3 ? 3 : 1;
  for (let i = 0; i < 3; i += 1)
    await signInOverHttp(t, { account, password: 'Wrong123', roleType }, { host: HOST });
  return { account, password: built.password, roleType } as const;
}

async function newImageCode() {
  const res = await t.http.get('/api/login/get-login-vcode.action');
  const answer = (await Captcha.findByPk(res.body.attribute.codeToken))?.answer as string;
  return { res, codeToken: res.body.attribute.codeToken as string, answer };
}

async function newSlider() {
  const res = await t.http.post('/api/captcha/get.action');
  const x = Number((await Captcha.findByPk(res.body.attribute.token))?.answer);
  return { res, token: res.body.attribute.token as string, x };
}

const checkSlider = (token: string, x: number) => t.http.post('/api/captcha/check.action').send({ token, x });

describe('image code (login/get-login-vcode)', () => {
  test('answers an SVG data URL and a token, never the code', async () => {
    const { res, answer } = await newImageCode();
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toEqual({
      codeToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      image: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      expiresIn: CAPTCHA_TTL_MS / 1000,
    });
    expect(decodeDataUrl(res.body.attribute.image)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(answer).toMatch(new RegExp(`^[${IMAGE_CODE_CHARS}]{4}$`));
  });

  test('is checked case-insensitively and single use: the second use is refused', async () => {
    const { account, password, roleType } = await accountNeedingCaptcha(2);
    const { codeToken, answer } = await newImageCode();
    const first = await signInOverHttp(
      t,
      { account, password, roleType, codeToken, vcode: ` ${answer.toLowerCase()} ` },
      { host: HOST },
    );
    expect(first.respCode).toBe(200);
    // Fail three times more so that a captcha is needed again, then replay the used code.
    for (let i = 0; i < 3; i += 1) {
      await signInOverHttp(t, { account, password: 'Wrong123', roleType }, { host: HOST });
    }
    const replay = await signInOverHttp(
      t,
      { account, password, roleType, codeToken, vcode: answer },
      { host: HOST },
    );
    expect(replay).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.CAPTCHA_WRONG });
  });

  test('a wrong code uses the code up: one try per code', async () => {
    const { codeToken, answer } = await newImageCode();
    expect(await consumeImageCaptcha(codeToken, 'ZZZZ')).toBe(false);
    expect(await consumeImageCaptcha(codeToken, answer)).toBe(false);
  });

  test('an expired code is refused', async () => {
    const { codeToken, answer } = await newImageCode();
    await Captcha.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: codeToken } });
    expect(await consumeImageCaptcha(codeToken, answer)).toBe(false);
  });
});

describe('slider captcha (captcha/get, captcha/check)', () => {
  test('answers the background and the piece as SVG with their sizes, never the gap position', async () => {
    const { res, x } = await newSlider();
    const slider = res.body.attribute;
    expect(slider).toEqual({
      token: expect.any(String),
      backgroundImage: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      pieceImage: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      width: 310,
      height: 155,
      pieceWidth: 47,
      pieceHeight: 47,
      y: expect.any(Number),
      expiresIn: 300,
    });
    expect(decodeDataUrl(slider.backgroundImage)).toContain('width="310" height="155"');
    expect(decodeDataUrl(slider.pieceImage)).toContain('width="47" height="47"');
    expect(x).toBeGreaterThanOrEqual(47);
    expect(x + 47).toBeLessThanOrEqual(310);
    expect(slider).not.toHaveProperty('x');
  });

  test(`passes within ±${SLIDER_TOLERANCE_PX} px, once per puzzle`, async () => {
    const near = await newSlider();
    const pass = await checkSlider(near.token, near.x + SLIDER_TOLERANCE_PX);
    expect(pass.body).toMatchObject({ respCode: 200, attribute: { verified: true } });
    // One check per puzzle.
    expect((await checkSlider(near.token, near.x)).body.attribute.verified).toBe(false);

    const below = await newSlider();
    expect((await checkSlider(below.token, below.x - SLIDER_TOLERANCE_PX)).body.attribute.verified).toBe(
      true,
    );
  });

  test('a miss outside the tolerance uses the puzzle up', async () => {
    const far = await newSlider();
    expect((await checkSlider(far.token, far.x + SLIDER_TOLERANCE_PX + 1)).body.attribute.verified).toBe(
      false,
    );
    expect((await checkSlider(far.token, far.x)).body.attribute.verified).toBe(false);
  });

  test('a malformed check is refused naming the field', async () => {
    const res = await checkSlider('not-a-token', 10);
    expect(res.status).toBe(400);
    expect(res.body.attribute.errors[0].field).toBe('token');
  });

  test('login accepts a verified slider once as captchaVO; an unverified one is refused', async () => {
    const { account, password, roleType } = await accountNeedingCaptcha(3);
    const unverified = await newSlider();
    const refused = await signInOverHttp(
      t,
      { account, password, roleType, captchaVO: { token: unverified.token } },
      { host: HOST },
    );
    expect(refused).toMatchObject({
      respCode: -1,
      respDesc: LOGIN_MESSAGES.CAPTCHA_WRONG,
      attribute: { captchaType: 'slider' },
    });

    const solved = await newSlider();
    await checkSlider(solved.token, solved.x);
    const ok = await signInOverHttp(
      t,
      { account, password, roleType, captchaVO: { token: solved.token } },
      { host: HOST },
    );
    expect(ok).toMatchObject({ respCode: 200, attribute: { roleSystem: 3 } });
    expect((await Captcha.findByPk(solved.token))?.usedAt).toBeInstanceOf(Date);
  });

  test('captchaVO may arrive as JSON text (form bodies)', async () => {
    const { account, password, roleType } = await accountNeedingCaptcha(3);
    const solved = await newSlider();
    await checkSlider(solved.token, solved.x);
    const ok = await signInOverHttp(
      t,
      { account, password, roleType, captchaVO: JSON.stringify({ token: solved.token }) },
      { host: HOST },
    );
    expect(ok.respCode).toBe(200);
  });

  test('the back office accepts the slider too, and the H5 the image code', async () => {
    const staff = await accountNeedingCaptcha(2);
    const solved = await newSlider();
    await checkSlider(solved.token, solved.x);
    const byslider = await signInOverHttp(
      t,
      { ...staff, captchaVO: { token: solved.token } },
      { host: HOST },
    );
    expect(byslider.respCode).toBe(200);

    const student = await accountNeedingCaptcha(3);
    const { codeToken, answer } = await newImageCode();
    const byImage = await signInOverHttp(t, { ...student, codeToken, vcode: answer }, { host: HOST });
    expect(byImage.respCode).toBe(200);
  });
});

test('captchas are not needed before 3 failures; one sent anyway is ignored', async () => {
  const { account, password } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
  });
  const res = await signInOverHttp(
    t,
    { account: account.accountName as string, password, codeToken: crypto.randomUUID(), vcode: 'ABCD' },
    { host: HOST },
  );
  expect(res.respCode).toBe(200);
});
