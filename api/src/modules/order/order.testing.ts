import { ROLE_SYSTEM } from '@px/config';
import { encryptResource, type PayTransaction, signWechatPayMessage } from '@px/wechat';
import {
  createWechatSimulator,
  DEMO_WECHAT_APP,
  demoMerchant,
  demoMerchantPrivateKey,
  openIdOf,
  paySim,
  type WechatSimulator,
} from '@px/wechat/sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import type { Account } from '../account/account.model';
import { ShopCartItem } from '../cart/cart.model';
import type { TrainClass } from '../train-class/train-class.model';
import { buildClass } from '../train-class/train-class.testing';
import { createWechatGateway } from '../wechat/wechat.gateway';
import { WechatBinding, Wxapp, WxappProject } from '../wechat/wxapp.model';

/**
 * Test support of orders: a running WeChat simulator (demo app and merchant) pointed at the test
 * app, projects taking payments through it, students bound to the official account, classes in
 * their carts, and notifications signed the way WeChat Pay signs them.
 */

/**
 * A test app reaching WeChat through a running simulator (notifications delivered 1000x faster than
 * WeChat's schedule), listening on a loopback port so the simulator's notifications reach it; other
 * options as `createTestApp`'s.
 */
export async function createPayTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; sim: WechatSimulator }> {
  const sim = createWechatSimulator();
  await sim.listen();
  paySim(sim).setNotifySpeed(1000);
  const wechat = createWechatGateway({ endpoints: sim.endpoints(), publicUrl: null, bridgeScript: null });
  const t = await createTestApp({ ...options, providers: { ...options.providers, wechat } });
  wechat.listeningAt(await t.listen());
  return { t, sim };
}

/** The demo official account with the demo merchant (one per database; it may serve many projects). */
export async function demoWxapp(): Promise<Wxapp> {
  const existing = await Wxapp.findOne({ where: { appId: DEMO_WECHAT_APP.appId } });
  if (existing) return existing;
  const merchant = demoMerchant();
  return Wxapp.create({
    name: DEMO_WECHAT_APP.name,
    appId: DEMO_WECHAT_APP.appId,
    appSecret: DEMO_WECHAT_APP.appSecret,
    pushToken: DEMO_WECHAT_APP.token,
    encodingAesKey: DEMO_WECHAT_APP.encodingAESKey,
    pushMode: DEMO_WECHAT_APP.pushMode,
    mchId: merchant.mchId,
    mchSerialNo: merchant.merchantSerial,
    mchPrivateKey: demoMerchantPrivateKey(),
    apiV3Key: merchant.apiV3Key,
    platformSerialNo: merchant.platformSerial,
    platformPublicKey: merchant.platformPublicKey,
  });
}

/** A project whose official account takes payments with the demo merchant. */
export async function buildPayingProject(): Promise<{ projectId: number; wxapp: Wxapp }> {
  const project = await buildProject();
  const wxapp = await demoWxapp();
  await WxappProject.create({ projectId: project.id, wxappId: wxapp.id });
  return { projectId: project.id, wxapp };
}

/** The simulator user a test student pays as. */
export const PAYER = 'zhangsan';

/** A signed-in student of the project, bound to its official account as the simulator's `PAYER`. */
export async function buildPayingStudent(
  projectId: number,
  wxapp: Wxapp,
  userKey = PAYER,
): Promise<{ student: Account; token: string }> {
  const { account: student } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT });
  await WechatBinding.create({
    wxappId: wxapp.id,
    openId: openIdOf(wxapp.appId, userKey),
    unionId: null,
    accountId: student.id,
    projectId,
    nickname: null,
    avatarUrl: null,
  });
  return { student, token: await signIn(student) };
}

/** An offered class of the project at `amountFen`, put into the student's cart; answers the class and cart item. */
export async function classInCart(
  projectId: number,
  student: Account,
  amountFen = 12_800,
): Promise<{ cls: TrainClass; cartItemId: number }> {
  const { trainClass: cls } = await buildClass({ projectId, amountFen });
  const item = await ShopCartItem.create({ projectId, accountId: student.id, classId: cls.id });
  return { cls, cartItemId: item.id };
}

/**
 * A payment notification as WeChat Pay sends it for `trade`: the resource encrypted with the demo
 * merchant's APIv3 key, the body signed with the demo platform key at `timestamp` (seconds).
 */
export function signedNotification(
  trade: Partial<PayTransaction> & Pick<PayTransaction, 'out_trade_no'>,
  options: { timestamp?: number; id?: string } = {},
): { body: string; headers: Record<string, string> } {
  const merchant = demoMerchant();
  const resource: PayTransaction = {
    appid: DEMO_WECHAT_APP.appId,
    mchid: merchant.mchId,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    transaction_id: `4200${Date.now()}`,
    success_time: '2026-11-26T10:00:00+08:00',
    payer: { openid: 'payer' },
    amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' },
    ...trade,
  };
  const sealed = encryptResource({
    apiV3Key: merchant.apiV3Key,
    plaintext: JSON.stringify(resource),
    associatedData: 'transaction',
  });
  const body = JSON.stringify({
    id: options.id ?? `EV-${Date.now()}-${Math.random()}`,
    create_time: '2026-11-26T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.ciphertext,
      associated_data: sealed.associatedData,
      nonce: sealed.nonce,
    },
  });
  const headers = signWechatPayMessage({
    serial: merchant.platformSerial,
    privateKey: merchant.platformPrivateKey,
    body,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { body, headers };
}
