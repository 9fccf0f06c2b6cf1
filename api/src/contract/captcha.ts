import { z } from 'zod';
import { anyone } from './access';
import { answer, defineCalls } from './call';

/** `login/get-login-vcode`: the back office's image code. */
export const getLoginVcodeInput = z.object({});
export interface ImageCaptcha {
  /** Sent back with the typed code as `codeToken` + `vcode`. */
  codeToken: string;
  /** `data:image/png;base64,...`: pixels only, the text is not in any markup. */
  image: string;
  /** Seconds the code stays valid. */
  expiresIn: number;
}

/** `captcha/get`: the H5's slider puzzle. */
export const getSliderCaptchaInput = z.object({});
export interface SliderCaptcha {
  token: string;
  /** The background with the gap, `data:image/jpeg;base64,...`, `width` x `height` pixels; the gap's x is in no markup. */
  backgroundImage: string;
  /** The piece to slide (PNG with transparency), `pieceWidth` x `pieceHeight` pixels, drawn at `y` from the top. */
  pieceImage: string;
  width: number;
  height: number;
  pieceWidth: number;
  pieceHeight: number;
  y: number;
  expiresIn: number;
}

/** `captcha/check` (body): where the piece was dropped, `x` in pixels of the background's width. */
export const checkSliderCaptchaInput = z.object({
  token: z.string().uuid(),
  x: z.number().finite().min(0).max(10_000),
});
export interface SliderCheckAnswer {
  /** True: the token may be sent once as the login's `captchaVO.token`. False: fetch a new puzzle. */
  verified: boolean;
}

/** The H5's slider captcha (`captcha/...`); the back office's image code is `login/get-login-vcode`. */
export const captchaCalls = defineCalls('captcha', {
  /** A slider puzzle: background with a gap, the piece, and their sizes. */
  get: {
    input: getSliderCaptchaInput,
    answer: answer<SliderCaptcha>(),
    access: anyone,
    methods: ['GET', 'POST'],
  },
  /** Checks where the piece was dropped; a verified token then goes to the login as `captchaVO.token`. */
  check: { input: checkSliderCaptchaInput, answer: answer<SliderCheckAnswer>(), access: anyone },
});
