import type { Calls, PartnerAppRotateInput, PartnerAppSaveInput } from '@px/api/contract';
import type { CallOptions, InputOf } from '@px/config';
import { api } from './request';

/** One page of partner apps with their usage (platform staff). Rejects with an ApiError. */
export const listPartnerApps = (query: InputOf<Calls['partner-app/list']>, options?: CallOptions) =>
  api.call('partner-app/list', query, options);

/** One partner app. Rejects with an ApiError. */
export const getPartnerApp = (id: number) => api.call('partner-app/detail', { id });

/**
 * Creates (no `id`) or updates a partner app; a new app's secret is answered this once. Rejects
 * with an ApiError (an ApiFieldsError naming the field).
 */
export const savePartnerApp = (payload: PartnerAppSaveInput) => api.call('partner-app/save', payload);

/** A new secret (answered this once), the old one accepted for the overlap. Rejects with an ApiError. */
export const rotatePartnerSecret = (payload: PartnerAppRotateInput) =>
  api.call('partner-app/rotate-secret', payload);

/** Revokes every access token of an app. Rejects with an ApiError. */
export const revokePartnerTokens = (id: number) => api.call('partner-app/revoke-tokens', { id });

/** One page of an app's calls, newest first. Rejects with an ApiError. */
export const listPartnerCallLogs = (query: InputOf<Calls['partner-app/call-logs']>, options?: CallOptions) =>
  api.call('partner-app/call-logs', query, options);

/** One page of an app's progress notices, newest first. Rejects with an ApiError. */
export const listPartnerNotices = (query: InputOf<Calls['partner-app/notices']>, options?: CallOptions) =>
  api.call('partner-app/notices', query, options);

/** Sends a delivered or failed notice again. Rejects with an ApiError. */
export const replayPartnerNotice = (id: number) => api.call('partner-app/replay-notice', { id });
