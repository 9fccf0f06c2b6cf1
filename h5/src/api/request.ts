import type { Calls } from '@px/api/contract';
import { createApiClient } from '@px/config';
import { embeddedCookies } from '../session/embedded';
import { notifyUnauthorized } from '../session/unauthorized';
import { feedback } from './feedback';

/**
 * The student site's one request client (`@px/config` createApiClient): failures shown with
 * react-vant's Toast and Dialog, a 401 answer ends the session. `api.call('shop-cart/find')`.
 */
export const api = createApiClient<Calls>({
  feedback,
  onUnauthorized: notifyUnauthorized,
  // In a partner's frame, the embedded session's token (session/embedded.ts), never the cookie's.
  cookies: () => embeddedCookies() ?? document.cookie,
});

export type { CallOptions as RequestOptions, FieldError } from '@px/config';
export { ApiFieldsError, fieldErrorsOf } from '@px/config';
