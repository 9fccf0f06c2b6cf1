import { ROLE_SYSTEM } from '@px/config';
import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
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

/** The PNG of a data URL: its size, its pixels and the kinds of its chunks (no text chunk may carry an answer). */
function decodePngDataUrl(url: string) {
  const bytes = Buffer.from(url.replace(/^data:image\/png;base64,/, ''), 'base64');
  const chunks: string[] = [];
  for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at))
    chunks.push(bytes.toString('latin1', at + 4, at + 8));
  return { png: PNG.sync.read(bytes), chunks: [...new Set(chunks)] };
}

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
  test('answers a PNG (pixels only, no glyph outlines) and a token, never the code', async () => {
    const { res, answer } = await newImageCode();
    expect(res.body.respCode).toBe(200);
    expect(res.body.attribute).toEqual({
      codeToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      image: expect.stringMatching(/^data:image\/png;base64,/),
      expiresIn: CAPTCHA_TTL_MS / 1000,
    });
    const { png, chunks } = decodePngDataUrl(res.body.attribute.image);
    expect([png.width, png.height, chunks]).toEqual([120, 40, ['IHDR', 'IDAT', 'IEND']]);
    // Characters are drawn: many pixels far from the background's colour (#f2f6fc).
    let drawn = 0;
    for (let at = 0; at < png.data.length; at += 4)
      if (Math.abs((png.data[at] as number) - 0xf2) + Math.abs((png.data[at + 2] as number) - 0xfc) > 80)
        drawn += 1;
    expect(drawn).toBeGreaterThan(120 * 40 * 0.05);
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
  test('answers the background and the piece as PNGs with their sizes, the gap position in no markup', async () => {
    const { res, x } = await newSlider();
    const slider = res.body.attribute;
    expect(slider).toEqual({
      token: expect.any(String),
      backgroundImage: expect.stringMatching(/^data:image\/jpeg;base64,/),
      pieceImage: expect.stringMatching(/^data:image\/png;base64,/),
      width: 310,
      height: 155,
      pieceWidth: 47,
      pieceHeight: 47,
      y: expect.any(Number),
      expiresIn: 300,
    });
    const background = decodeJpeg(
      Buffer.from(slider.backgroundImage.replace(/^data:image\/jpeg;base64,/, ''), 'base64'),
    );
    const piece = decodePngDataUrl(slider.pieceImage);
    expect([background.width, background.height]).toEqual([310, 155]);
    expect([piece.png.width, piece.png.height, piece.chunks]).toEqual([47, 47, ['IHDR', 'IDAT', 'IEND']]);
    // The piece is cut out: transparent corners, opaque middle.
    const alphaAt = (px: number, py: number) => piece.png.data[(py * 47 + px) * 4 + 3];
    expect([alphaAt(0, 0), alphaAt(20, 27)]).toEqual([0, 255]);
    // The gap is darker than the scene around it (pixels, not coordinates, tell where it is).
    const brightness = (px: number, py: number) => {
      const at = (py * 310 + px) * 4;
      const d = background.data;
      return (d[at] as number) + (d[at + 1] as number) + (d[at + 2] as number);
    };
    const gapY = slider.y + 27;
    expect(brightness(x + 20, gapY)).toBeLessThan(brightness(x - 10 < 0 ? x + 60 : x - 10, gapY) + 60);
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

  test('each door takes only its own captcha: not the slider in the back office, not the image code on the H5', async () => {
    const staff = await accountNeedingCaptcha(2);
    const solved = await newSlider();
    await checkSlider(solved.token, solved.x);
    const bySlider = await signInOverHttp(
      t,
      { ...staff, captchaVO: { token: solved.token } },
      { host: HOST },
    );
    expect(bySlider).toMatchObject({
      respCode: -1,
      respDesc: LOGIN_MESSAGES.CAPTCHA_REQUIRED,
      attribute: { captchaType: 'image' },
    });
    // The slider was not used up by the refusal, nor may it stand in next to a wrong image code.
    const wrongCode = await newImageCode();
    const mixed = await signInOverHttp(
      t,
      { ...staff, captchaVO: { token: solved.token }, codeToken: wrongCode.codeToken, vcode: 'ZZZZ' },
      { host: HOST },
    );
    expect(mixed).toMatchObject({ respCode: -1, respDesc: LOGIN_MESSAGES.CAPTCHA_WRONG });
    const image = await newImageCode();
    const byImage = await signInOverHttp(
      t,
      { ...staff, codeToken: image.codeToken, vcode: image.answer },
      { host: HOST },
    );
    expect(byImage.respCode).toBe(200);

    const student = await accountNeedingCaptcha(3);
    const code = await newImageCode();
    const byCode = await signInOverHttp(
      t,
      { ...student, codeToken: code.codeToken, vcode: code.answer },
      { host: HOST },
    );
    expect(byCode).toMatchObject({
      respCode: -1,
      respDesc: LOGIN_MESSAGES.CAPTCHA_REQUIRED,
      attribute: { captchaType: 'slider' },
    });
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
