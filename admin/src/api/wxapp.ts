import type { Calls, RecordStatus } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api, type RequestOptions } from './request';

/** One page of official accounts (platform staff), `keyword` matching part of the name or the AppID. Rejects with an ApiError. */
export const listWxapps = (query: InputOf<Calls['wxapp/list']>, ...options: [RequestOptions?]) =>
  api.call('wxapp/list', query, ...options);

/** One official account as the list presents it (secrets only as "set" flags). Rejects with an ApiError. */
export const getWxapp = (id: number, ...options: [RequestOptions?]) =>
  api.call('wxapp/get', { id }, ...options);

/**
 * Creates (without `id`) or updates an official account and resolves to it as saved. A secret left
 * out (`appSecret`, `encodingAesKey`, `mchPrivateKey`, `apiV3Key`, `platformPublicKey`) keeps the
 * stored one on update; the other optional fields left out are cleared. Rejects with an ApiError; an
 * ApiFieldsError names the refused fields (`appId`, `encodingAesKey`, ...).
 */
export const saveWxapp = (payload: InputOf<Calls['wxapp/save']>) => api.call('wxapp/save', payload);

/** Enables or disables an official account. Rejects with an ApiError. */
export const setWxappStatus = (id: number, status: RecordStatus) => api.call('wxapp/disable', { id, status });

/**
 * Deletes an official account that serves no project and has no bindings. Rejects with an ApiError
 * (the server says when the account is still in use).
 */
export const deleteWxapp = (id: number) => api.call('wxapp/delete', { id });

/**
 * Replaces the projects an official account serves (JSON body) and resolves to the account. Rejects
 * with an ApiError; an ApiFieldsError names `projectIds` (a project served by another account).
 */
export const configWxappProjects = (id: number, projectIds: number[]) =>
  api.call('wxapp/config-project-list', { id, projectIds });

/** The official account's permanent follow QR code. Rejects with an ApiError. */
export const getWxappQrCode = (id: number) => api.call('wxapp/qr-code', { id });

/**
 * One page of the openids bound to accounts through the official account, `keyword` matching the
 * name, ID number, mobile, nickname or openid. Rejects with an ApiError.
 */
export const listWxappBindings = (query: InputOf<Calls['wxapp/bindings']>, ...options: [RequestOptions?]) =>
  api.call('wxapp/bindings', query, ...options);

/** Whether the WeChat user bound to the account follows the official account. Rejects with an ApiError. */
export const checkWxappFollow = (id: number, accountId: number) =>
  api.call('wxapp/check-follow', { id, accountId });

/** Binds an openid of the official account to a student by hand. Rejects with an ApiError (an ApiFieldsError naming fields). */
export const bindWxappOpenId = (payload: InputOf<Calls['wxapp/bind']>) => api.call('wxapp/bind', payload);

/** Removes the binding of an openid of the official account. Rejects with an ApiError. */
export const unbindWxappOpenId = (id: number, openId: string) => api.call('wxapp/unbind', { id, openId });
