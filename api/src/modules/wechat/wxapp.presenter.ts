import type { WxappItem } from '../../contract/wechat';
import type { Wxapp } from './wxapp.model';

/** How official accounts (公众号) are answered: which secrets are set, never the secrets. */

/** An official account with the projects it serves, its push URL and how many students it binds. */
export function presentWxapp(
  w: Wxapp,
  looked: Pick<WxappItem, 'projects' | 'serverUrl' | 'bindingCount'>,
): WxappItem {
  return {
    id: w.id,
    name: w.name,
    appId: w.appId,
    pushMode: w.pushMode,
    status: w.status,
    appSecretSet: Boolean(w.appSecret),
    pushTokenSet: Boolean(w.pushToken),
    encodingAesKeySet: Boolean(w.encodingAesKey),
    mchPrivateKeySet: Boolean(w.mchPrivateKey),
    apiV3KeySet: Boolean(w.apiV3Key),
    platformPublicKeySet: Boolean(w.platformPublicKey),
    mchId: w.mchId,
    mchSerialNo: w.mchSerialNo,
    platformSerialNo: w.platformSerialNo,
    paymentReady: Boolean(w.mchId && w.mchSerialNo && w.mchPrivateKey && w.apiV3Key && w.platformPublicKey),
    projects: looked.projects,
    serverUrl: looked.serverUrl,
    bindingCount: looked.bindingCount,
    createdAt: w.createdAt.toISOString(),
  };
}
