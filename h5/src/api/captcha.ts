import { api } from './request';

/** A new slider puzzle (each is checked once). Rejects with an ApiError. */
export const getSliderCaptcha = () => api.call('captcha/get');

/**
 * Checks where the piece was dropped (`x` in pixels of the background's own width); a verified
 * token may then go once to the login as `captchaVO.token`. Rejects with an ApiError.
 */
export const checkSliderCaptcha = (token: string, x: number) => api.call('captcha/check', { token, x });
