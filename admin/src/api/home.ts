import type { CallOptions } from '@px/config';
import { api } from './request';

/** The work waiting for the caller, counted by the server for their project and role. Rejects with an ApiError. */
export const getHomeTodo = (options?: CallOptions) => api.call('home/todo', {}, options);
