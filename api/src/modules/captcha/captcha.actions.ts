import { checkSliderCaptchaInput, getLoginVcodeInput, getSliderCaptchaInput } from '../../contract/captcha';
import { defineAction } from '../../core/action';
import { checkSliderCaptcha, createImageCaptcha, createSliderCaptcha } from './captcha.service';

/** The back office's image code; the login sends it back as `vcode` + `codeToken`. */
export const getLoginVcode = defineAction({
  group: 'login',
  name: 'get-login-vcode',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: getLoginVcodeInput,
  handler: () => createImageCaptcha(),
});

/** The H5's slider puzzle: background with a gap, the piece, and their sizes. */
export const getSliderCaptcha = defineAction({
  group: 'captcha',
  name: 'get',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: getSliderCaptchaInput,
  handler: () => createSliderCaptcha(),
});

/** Checks where the piece was dropped; a verified token then goes to the login as `captchaVO.token`. */
export const checkSlider = defineAction({
  group: 'captcha',
  name: 'check',
  auth: 'public',
  input: checkSliderCaptchaInput,
  async handler(_ctx, input) {
    return { verified: await checkSliderCaptcha(input.token, input.x) };
  },
});

export const captchaActions = [getLoginVcode, getSliderCaptcha, checkSlider];
