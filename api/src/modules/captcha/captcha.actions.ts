import { captchaCalls } from '../../contract/captcha';
import { loginCalls } from '../../contract/login';
import { implement } from '../../core/action';
import { checkSliderCaptcha, createImageCaptcha, createSliderCaptcha } from './captcha.service';

/** The captchas: the H5's slider (`captcha/...`) and the back office's image code (`login/get-login-vcode`). */
export const captchaActions = [
  ...implement(captchaCalls, {
    get: () => createSliderCaptcha(),
    check: async (_ctx, input) => ({ verified: await checkSliderCaptcha(input.token, input.x) }),
  }),
  ...implement(loginCalls, {
    'get-login-vcode': () => createImageCaptcha(),
  }),
];
