import { createPayClient, type PayClient } from '@px/wechat';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import type { WechatGateway } from '../wechat/wechat.gateway';
import { Wxapp } from '../wechat/wxapp.model';
import { wxappOfProject } from '../wechat/wxapp.service';

/** A merchant the product takes payments with: the official account's WeChat Pay merchant. */
export interface MerchantPay {
  wxappId: number;
  appId: string;
  mchId: string;
  client: PayClient;
  /** Where WeChat Pay sends this merchant's notifications. */
  notifyUrl: string;
}

export const PAY_NOT_CONFIGURED = '本项目尚未开通微信支付，请联系客服';

/** The path payment notifications of an official account's merchant arrive at. */
export const payNotifyPath = (wxappId: number) => `/api/pay/notify/${wxappId}`;

/** Per gateway (each sends through its own timed fetch), per merchant configuration. */
const clientsOf = new WeakMap<WechatGateway, Map<string, PayClient>>();

/** The pay client of an official account whose merchant is fully configured, else null. Cached per configuration. */
export function merchantOf(gateway: WechatGateway, wxapp: Wxapp): MerchantPay | null {
  const { mchId, mchSerialNo, mchPrivateKey, apiV3Key, platformSerialNo, platformPublicKey } = wxapp;
  if (!mchId || !mchSerialNo || !mchPrivateKey || !apiV3Key || !platformSerialNo || !platformPublicKey)
    return null;
  const key = [wxapp.id, wxapp.updatedAt?.getTime(), gateway.endpoints.pay].join('|');
  let clients = clientsOf.get(gateway);
  if (!clients) {
    clients = new Map();
    clientsOf.set(gateway, clients);
  }
  let client = clients.get(key);
  if (!client) {
    client = createPayClient({
      mchId,
      serialNo: mchSerialNo,
      privateKey: mchPrivateKey,
      apiV3Key,
      platformPublicKeys: { [platformSerialNo]: platformPublicKey },
      endpoints: gateway.endpoints,
      fetch: gateway.fetch,
    });
    clients.set(key, client);
  }
  return {
    wxappId: wxapp.id,
    appId: wxapp.appId,
    mchId,
    client,
    notifyUrl: `${gateway.publicUrl}${payNotifyPath(wxapp.id)}`,
  };
}

/** The merchant of a project's official account. Throws BusinessError when the project takes no payments. */
export async function projectMerchant(scope: Scope, projectId: number): Promise<MerchantPay> {
  const wxapp = await wxappOfProject(projectId);
  const merchant = wxapp ? merchantOf(scope.providers.wechat, wxapp) : null;
  if (!merchant) throw new BusinessError(PAY_NOT_CONFIGURED);
  return merchant;
}

/** The merchant an earlier payment was made with (its official account may since be disabled). */
export async function merchantById(scope: Scope, wxappId: number): Promise<MerchantPay | null> {
  const wxapp = await Wxapp.findByPk(wxappId);
  return wxapp ? merchantOf(scope.providers.wechat, wxapp) : null;
}

/**
 * Simulator mode only (the gateway carries the simulator's bridge script): the simulator's page that
 * plays a person scanning a Native code with WeChat, so a desktop browser can pay in development.
 */
export function simulatorScanUrl(gateway: WechatGateway, codeUrl: string): string | null {
  if (!gateway.bridgeScript) return null;
  return `${gateway.endpoints.pay}/__sim/pay/native?code_url=${encodeURIComponent(codeUrl)}`;
}
