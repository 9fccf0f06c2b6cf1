import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import { create as createSvgCaptcha } from 'svg-captcha';
import type { ImageCaptcha, SliderCaptcha } from '../../contract/captcha';
import { CAPTCHA_KIND, Captcha } from './captcha.model';
import { drawSliderImages, SLIDER_SIZE, svgDataUrl } from './slider-image';

/** How long a challenge may be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** How long a solved slider stays usable for the login that follows. */
export const SLIDER_VERIFIED_TTL_MS = 2 * 60_000;
/** How far (pixels of the background) the piece may land from the gap and still pass. */
export const SLIDER_TOLERANCE_PX = 5;
/** Image code: 4 characters, none that look like another (no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V). */
export const IMAGE_CODE_CHARS = 'ACEFHJKMNPRTWXY34679';
export const IMAGE_CODE_LENGTH = 4;

/** Share of new challenges that also delete expired ones. */
const CLEANUP_SHARE = 0.02;

async function store(kind: Captcha['kind'], answer: string): Promise<string> {
  const id = randomUUID();
  await Captcha.create({ id, kind, answer, expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  if (Math.random() < CLEANUP_SHARE) await deleteExpiredCaptchas();
  return id;
}

/** Deletes challenges past their life; they can no longer be used. Returns how many. */
export function deleteExpiredCaptchas(): Promise<number> {
  return Captcha.destroy({ where: { expiresAt: { [Op.lt]: new Date() } } });
}

/** A new image code (`login/get-login-vcode`): the SVG as a data URL and its token; the text stays here. */
export async function createImageCaptcha(): Promise<ImageCaptcha> {
  const { text, data } = createSvgCaptcha({
    size: IMAGE_CODE_LENGTH,
    charPreset: IMAGE_CODE_CHARS,
    noise: 3,
    color: true,
    width: 120,
    height: 40,
    fontSize: 44,
    background: '#f2f6fc',
  });
  const codeToken = await store(CAPTCHA_KIND.IMAGE, text.toUpperCase());
  return { codeToken, image: svgDataUrl(data), expiresIn: CAPTCHA_TTL_MS / 1000 };
}

/** A new slider puzzle (`captcha/get`); the gap's x stays here. */
export async function createSliderCaptcha(): Promise<SliderCaptcha> {
  const images = drawSliderImages();
  const token = await store(CAPTCHA_KIND.SLIDER, String(images.x));
  return {
    token,
    backgroundImage: svgDataUrl(images.background),
    pieceImage: svgDataUrl(images.piece),
    width: SLIDER_SIZE.width,
    height: SLIDER_SIZE.height,
    pieceWidth: SLIDER_SIZE.piece,
    pieceHeight: SLIDER_SIZE.piece,
    y: images.y,
    expiresIn: CAPTCHA_TTL_MS / 1000,
  };
}

/**
 * Checks where the slider piece was dropped (`captcha/check`). Each puzzle gets one check: a pass
 * marks it verified (usable once by a login within `SLIDER_VERIFIED_TTL_MS`), a miss uses it up.
 * False for a miss and for an unknown, expired, used or already checked token.
 */
export async function checkSliderCaptcha(token: string, x: number): Promise<boolean> {
  const [, rows] = await Captcha.update(
    { attempts: 1 },
    {
      where: {
        id: token,
        kind: CAPTCHA_KIND.SLIDER,
        attempts: 0,
        usedAt: null,
        expiresAt: { [Op.gt]: new Date() },
      },
      returning: true,
    },
  );
  const captcha = rows[0];
  if (!captcha) return false;
  const passed = Math.abs(Number(captcha.answer) - x) <= SLIDER_TOLERANCE_PX;
  const now = new Date();
  await Captcha.update(
    passed
      ? { verifiedAt: now, expiresAt: new Date(now.getTime() + SLIDER_VERIFIED_TTL_MS) }
      : { usedAt: now },
    { where: { id: token } },
  );
  return passed;
}

/**
 * Uses up an image code whatever the outcome (one try per code) and tells whether `vcode` matched,
 * ignoring case and surrounding spaces. False for an unknown, expired or used token.
 */
export async function consumeImageCaptcha(codeToken: string, vcode: string): Promise<boolean> {
  const [, rows] = await Captcha.update(
    { usedAt: new Date(), attempts: 1 },
    {
      where: { id: codeToken, kind: CAPTCHA_KIND.IMAGE, usedAt: null, expiresAt: { [Op.gt]: new Date() } },
      returning: true,
    },
  );
  const captcha = rows[0];
  return captcha !== undefined && captcha.answer === vcode.trim().toUpperCase();
}

/** Uses up a verified slider captcha; false when it was not verified, has expired or was used. */
export async function consumeSliderCaptcha(token: string): Promise<boolean> {
  const [count] = await Captcha.update(
    { usedAt: new Date() },
    {
      where: {
        id: token,
        kind: CAPTCHA_KIND.SLIDER,
        verifiedAt: { [Op.ne]: null },
        usedAt: null,
        expiresAt: { [Op.gt]: new Date() },
      },
    },
  );
  return count > 0;
}

/** What a login may carry as proof of a solved captcha: the image code or a verified slider. */
export interface CaptchaProof {
  vcode?: string;
  codeToken?: string;
  sliderToken?: string;
}

/** Whether a proof was sent at all. */
export function hasCaptchaProof(proof: CaptchaProof): boolean {
  return Boolean((proof.vcode && proof.codeToken) || proof.sliderToken);
}

/** Uses up the proof a login carries (the image code when both are sent) and tells whether it holds. */
export function consumeCaptchaProof(proof: CaptchaProof): Promise<boolean> {
  if (proof.vcode && proof.codeToken) return consumeImageCaptcha(proof.codeToken, proof.vcode);
  if (proof.sliderToken) return consumeSliderCaptcha(proof.sliderToken);
  return Promise.resolve(false);
}
