import type { Calls } from '@px/api/contract';
import { createApiClient, FIRST_DATA_ELEMENT_ID, firstAnswers } from '@px/config';
import { embeddedCookies } from '../session/embedded';
import { notifyUnauthorized } from '../session/unauthorized';
import { feedback } from './feedback';

/**
 * The student site's one request client (`@px/config` createApiClient): failures shown with
 * react-vant's Toast and Dialog, a 401 answer ends the session. `api.call('shop-cart/find')`. The
 * first calls of a page are answered from the data the page came with when it has them.
 */
export const api = createApiClient<Calls>({
  feedback,
  onUnauthorized: notifyUnauthorized,
  // In a partner's frame, the embedded session's token (session/embedded.ts), never the cookie's.
  cookies: () => embeddedCookies() ?? document.cookie,
  // The answers the server embedded in the page (api/src/h5-first-data.ts), each taken once.
  firstAnswer: firstAnswers(() => document.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent),
});

export type { CallOptions as RequestOptions, FieldError } from '@px/config';
export { ApiFieldsError, fieldErrorsOf } from '@px/config';
