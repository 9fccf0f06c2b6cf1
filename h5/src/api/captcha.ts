import type { SliderCaptcha, SliderCheckAnswer } from '@px/api/contract';
import { request } from './request';

/** A new slider puzzle (each is checked once). Rejects with an ApiError. */
export function getSliderCaptcha(): Promise<SliderCaptcha> {
  return request<SliderCaptcha>({ url: '/captcha/get.action', method: 'post' });
}

/**
 * Checks where the piece was dropped (`x` in pixels of the background's own width); a verified
 * token may then go once to the login as `captchaVO.token`. Rejects with an ApiError.
 */
export function checkSliderCaptcha(token: string, x: number): Promise<SliderCheckAnswer> {
  return request<SliderCheckAnswer>({ url: '/captcha/check.action', method: 'post', data: { token, x } });
}
