import type { RegulatorSavePushConfigInput } from '@px/api/contract';
import { api } from './request';

/** A project's reporting to the regulator (platform staff); the secret only as `secretSet`. Rejects with an ApiError. */
export const getRegulatorPushConfig = (id: number) => api.call('regulator/push-config', { id });

/**
 * Saves a project's reporting to the regulator; a blank secret keeps the stored one. Rejects with an
 * ApiError (an ApiFieldsError naming appId, appSecret, endpoint or baseTypes).
 */
export const saveRegulatorPushConfig = (payload: RegulatorSavePushConfigInput) =>
  api.call('regulator/save-push-config', payload);
