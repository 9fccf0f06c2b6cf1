import type {
  RecordStatus,
  WxappBindingPage,
  WxappCheckFollowAnswer,
  WxappItem,
  WxappPage,
  WxappQrCodeAnswer,
} from '@px/api/contract';
import { type RequestOptions, request } from './request';

/** Filters and page of `wxapp/list`: `keyword` matches part of the name or the AppID. */
export interface WxappListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  status?: RecordStatus;
}

/** One page of official accounts (platform staff). Rejects with an ApiError. */
export function listWxapps(query: WxappListQuery, ...options: [RequestOptions?]): Promise<WxappPage> {
  return request<WxappPage>({ url: '/wxapp/list.action', method: 'post', data: query }, ...options);
}

/** One official account as the list presents it (secrets only as "set" flags). Rejects with an ApiError. */
export function getWxapp(id: number, ...options: [RequestOptions?]): Promise<WxappItem> {
  return request<WxappItem>({ url: '/wxapp/get.action', method: 'post', data: { id } }, ...options);
}

/**
 * What the official account editor sends to `wxapp/save`: no `id` creates one. A secret left out
 * (`appSecret`, `encodingAesKey`, `mchPrivateKey`, `apiV3Key`, `platformPublicKey`) keeps the stored
 * one on update; the other optional fields left out are cleared.
 */
export interface WxappSavePayload {
  id?: number;
  name: string;
  appId: string;
  appSecret?: string;
  pushToken?: string;
  pushMode: WxappItem['pushMode'];
  encodingAesKey?: string;
  mchId?: string;
  mchSerialNo?: string;
  mchPrivateKey?: string;
  apiV3Key?: string;
  platformSerialNo?: string;
  platformPublicKey?: string;
}

/**
 * Creates or updates an official account (JSON body) and resolves to it as saved. Rejects with an
 * ApiError; an ApiFieldsError names the refused fields (`appId`, `encodingAesKey`, ...).
 */
export function saveWxapp(payload: WxappSavePayload): Promise<WxappItem> {
  return request<WxappItem>({ url: '/wxapp/save.action', method: 'post', data: payload });
}

/** Enables or disables an official account. Rejects with an ApiError. */
export function setWxappStatus(id: number, status: RecordStatus): Promise<null> {
  return request<null>({ url: '/wxapp/disable.action', method: 'post', data: { id, status } });
}

/**
 * Deletes an official account that serves no project and has no bindings. Rejects with an ApiError
 * (the server says when the account is still in use).
 */
export function deleteWxapp(id: number): Promise<null> {
  return request<null>({ url: '/wxapp/delete.action', method: 'post', data: { id } });
}

/**
 * Replaces the projects an official account serves (JSON body) and resolves to the account. Rejects
 * with an ApiError; an ApiFieldsError names `projectIds` (a project served by another account).
 */
export function configWxappProjects(id: number, projectIds: number[]): Promise<WxappItem> {
  return request<WxappItem>({
    url: '/wxapp/config-project-list.action',
    method: 'post',
    data: { id, projectIds },
  });
}

/** The official account's permanent follow QR code. Rejects with an ApiError. */
export function getWxappQrCode(id: number): Promise<WxappQrCodeAnswer> {
  return request<WxappQrCodeAnswer>({ url: '/wxapp/qr-code.action', method: 'post', data: { id } });
}

/** Filters and page of `wxapp/bindings`: `keyword` matches the name, ID number, mobile, nickname or openid. */
export interface WxappBindingsQuery {
  id: number;
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** One page of the openids bound to accounts through the official account. Rejects with an ApiError. */
export function listWxappBindings(
  query: WxappBindingsQuery,
  ...options: [RequestOptions?]
): Promise<WxappBindingPage> {
  return request<WxappBindingPage>(
    { url: '/wxapp/bindings.action', method: 'post', data: query },
    ...options,
  );
}

/** Whether the WeChat user bound to the account follows the official account. Rejects with an ApiError. */
export function checkWxappFollow(id: number, accountId: number): Promise<WxappCheckFollowAnswer> {
  return request<WxappCheckFollowAnswer>({
    url: '/wxapp/check-follow.action',
    method: 'post',
    data: { id, accountId },
  });
}

/** What `wxapp/bind` takes: an openid of the official account and the student account to bind it to. */
export interface WxappBindPayload {
  id: number;
  accountId: number;
  openId: string;
}

/** Binds an openid to a student by hand. Rejects with an ApiError (an ApiFieldsError naming fields). */
export function bindWxappOpenId(payload: WxappBindPayload): Promise<null> {
  return request<null>({ url: '/wxapp/bind.action', method: 'post', data: payload });
}

/** Removes the binding of an openid of the official account. Rejects with an ApiError. */
export function unbindWxappOpenId(id: number, openId: string): Promise<null> {
  return request<null>({ url: '/wxapp/unbind.action', method: 'post', data: { id, openId } });
}
