import type { Calls } from '@px/api/contract';
import { createApiClient } from '@px/config';
import { notifyUnauthorized } from '../session/unauthorized';
import { feedback } from './feedback';

/**
 * The back office's one request client (`@px/config` createApiClient): failures shown with antd's
 * message and Modal, a 401 answer ends the session. `api.call(key, input)`.
 */
export const api = createApiClient<Calls>({ feedback, onUnauthorized: notifyUnauthorized });

export type { CallOptions as RequestOptions, FieldError } from '@px/config';
export { ApiFieldsError, fieldErrorsOf } from '@px/config';
