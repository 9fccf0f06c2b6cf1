import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/**
 * The SMS messages the outbox provider kept, newest first, filtered by digits of the mobile (a demo
 * reads its codes here). Rejects with an ApiError.
 */
export const getSmsOutbox = (query: InputOf<Calls['sms/outbox']>) => api.call('sms/outbox', query);
