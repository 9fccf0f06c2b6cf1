import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** Sends a registration code to a mobile not yet registered in the project. Rejects with an ApiError. */
export const sendRegisterMsgCode = (payload: InputOf<Calls['register/send-msg-code']>) =>
  api.call('register/send-msg-code', payload);

/**
 * Creates the student account (password encrypted; `scene` binds the WeChat visitor to it) and signs
 * it in (answers the token). Rejects with an ApiError, an ApiFieldsError when the server names the
 * fields it refused.
 */
export const doRegister = (payload: InputOf<Calls['register/do-register']>) =>
  api.call('register/do-register', payload);

/** What a unit's registration page shows (unit and project names). Rejects with an ApiError. */
export const getRegisterConfigByUnit = (unitId: number) =>
  api.call('unit/register-config-by-unit', { unitId });
