import { randomUUID } from 'node:crypto';
import { Op } from 'sequelize';
import type { ImageCaptcha, SliderCaptcha } from '../../contract/captcha';
import { CAPTCHA_KIND, Captcha, type CaptchaKind } from './captcha.model';
import { drawImageCode } from './image-code';
import { imageDataUrl } from './raster';
import { drawSliderImages, SLIDER_SIZE } from './slider-image';

/** How long a challenge may be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** How long a solved slider stays usable for the login that follows. */
export const SLIDER_VERIFIED_TTL_MS = 2 * 60_000;
/** How far (pixels of the background) the piece may land from the gap and still pass. */
export const SLIDER_TOLERANCE_PX = 5;
export { IMAGE_CODE_CHARS, IMAGE_CODE_LENGTH } from './image-code';

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

/** A new image code (`login/get-login-vcode`): the PNG as a data URL and its token; the text stays here. */
export async function createImageCaptcha(): Promise<ImageCaptcha> {
  const { text, png } = drawImageCode();
  const codeToken = await store(CAPTCHA_KIND.IMAGE, text);
  return { codeToken, image: imageDataUrl('png', png), expiresIn: CAPTCHA_TTL_MS / 1000 };
}

/** A new slider puzzle (`captcha/get`); the gap's x stays here. */
export async function createSliderCaptcha(): Promise<SliderCaptcha> {
  const images = drawSliderImages();
  const token = await store(CAPTCHA_KIND.SLIDER, String(images.x));
  return {
    token,
    backgroundImage: imageDataUrl('jpeg', images.background),
    pieceImage: imageDataUrl('png', images.piece),
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

/** Whether a proof of the captcha `kind` the sign-in asked for was sent; a proof of the other kind does not count. */
export function hasCaptchaProof(kind: CaptchaKind, proof: CaptchaProof): boolean {
  return kind === CAPTCHA_KIND.IMAGE ? Boolean(proof.vcode && proof.codeToken) : Boolean(proof.sliderToken);
}

/**
 * Uses up the proof of the captcha `kind` the sign-in asked for and tells whether it holds. A proof
 * of the other kind is ignored (a solved slider never opens the back office, which asks for the image code).
 */
export function consumeCaptchaProof(kind: CaptchaKind, proof: CaptchaProof): Promise<boolean> {
  if (kind === CAPTCHA_KIND.IMAGE)
    return proof.vcode && proof.codeToken
      ? consumeImageCaptcha(proof.codeToken, proof.vcode)
      : Promise.resolve(false);
  return proof.sliderToken ? consumeSliderCaptcha(proof.sliderToken) : Promise.resolve(false);
}
