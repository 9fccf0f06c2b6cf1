import type { Calls } from '@px/api/contract';
import { type ApiClient, createApiClient } from '@px/config';
import { notifyUnauthorized } from '../session/unauthorized';
import { feedback } from './feedback';

/**
 * The student site's one request client (`@px/config` createApiClient): failures shown with
 * react-vant's Toast and Dialog, a 401 answer ends the session. `api.call('shop-cart/find')`.
 */
export const api = createApiClient<Calls>({ feedback, onUnauthorized: notifyUnauthorized });

/** Sends one request as written (an action of the site not in the catalogue yet); fails like `api.call`. */
export const request: ApiClient<Calls>['request'] = api.request;

export type { CallOptions as RequestOptions, FieldError } from '@px/config';
export { ApiFieldsError, fieldErrorsOf } from '@px/config';
