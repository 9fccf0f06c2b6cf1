import type {
  doRegisterInput,
  LoginAnswer,
  RegisterConfigByUnitAnswer,
  registerSendMsgCodeInput,
  SendMsgCodeAnswer,
} from '@px/api/contract';
import type { z } from 'zod';
import type { WithScene } from './login';
import { request } from './request';

/** A new student account (password encrypted); `scene` binds the WeChat visitor to it. */
export type DoRegisterPayload = z.infer<typeof doRegisterInput> & WithScene;
export type RegisterSendMsgCodePayload = z.infer<typeof registerSendMsgCodeInput>;

/** Sends a registration code to a mobile not yet registered in the project. Rejects with an ApiError. */
export function sendRegisterMsgCode(payload: RegisterSendMsgCodePayload): Promise<SendMsgCodeAnswer> {
  return request<SendMsgCodeAnswer>({ url: '/register/send-msg-code.action', method: 'post', data: payload });
}

/**
 * Creates the student account and signs it in (answers the token). Rejects with an ApiError, an
 * ApiFieldsError when the server names the fields it refused.
 */
export function doRegister(payload: DoRegisterPayload): Promise<LoginAnswer> {
  return request<LoginAnswer>({ url: '/register/do-register.action', method: 'post', data: payload });
}

/** What a unit's registration page shows (unit and project names). Rejects with an ApiError. */
export function getRegisterConfigByUnit(unitId: number): Promise<RegisterConfigByUnitAnswer> {
  return request<RegisterConfigByUnitAnswer>({
    url: '/unit/register-config-by-unit.action',
    method: 'post',
    data: { unitId },
  });
}
