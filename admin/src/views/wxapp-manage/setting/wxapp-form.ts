import type { WxappItem, WxappSaveInput } from '@px/api/contract';

/** The values of the official account form (sections 基本信息 and 微信支付). */
export interface WxappFormValues {
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

/** The fields the server never answers: left empty on update, the stored value is kept. */
export const SECRET_FIELDS = [
  'appSecret',
  'pushToken',
  'encodingAesKey',
  'mchPrivateKey',
  'apiV3Key',
  'platformPublicKey',
] as const satisfies readonly (keyof WxappFormValues)[];

/** The optional fields that are not secrets: left empty, the stored value is cleared. */
const OPTIONAL_FIELDS = [
  'mchId',
  'mchSerialNo',
  'platformSerialNo',
] as const satisfies readonly (keyof WxappFormValues)[];

/** Placeholder of a secret that is stored: the server keeps it when the field stays empty. */
export const SECRET_SET_PLACEHOLDER = '已设置，留空则不修改';

/**
 * The rules of `wxapp/save` (api contract/wechat.ts), checked before sending with the server's
 * messages. PEM keys are checked on the trimmed text.
 */
export const WXAPP_FIELD_RULES = {
  appId: { pattern: /^wx[0-9a-f]{16}$/, message: 'AppID 应为 wx 开头的18位字符' },
  appSecret: { pattern: /^[0-9a-zA-Z]{32}$/, message: 'AppSecret 应为32位字母或数字' },
  pushToken: { pattern: /^[0-9a-zA-Z]{3,32}$/, message: '令牌(Token)应为3-32位字母或数字' },
  encodingAesKey: { pattern: /^[0-9a-zA-Z]{43}$/, message: 'EncodingAESKey 应为43位字母或数字' },
  mchId: { pattern: /^\d{8,12}$/, message: '商户号应为8-12位数字' },
  mchSerialNo: { pattern: /^[0-9A-Fa-f]{8,64}$/, message: '商户证书序列号应为十六进制字符' },
  apiV3Key: { pattern: /^[0-9a-zA-Z]{32}$/, message: 'APIv3密钥应为32位字母或数字' },
  platformSerialNo: { pattern: /^[0-9A-Za-z_]{8,64}$/, message: '微信支付公钥ID格式不正确' },
  mchPrivateKey: {
    pattern: /^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/,
    message: '商户私钥应为 PEM 格式',
  },
  platformPublicKey: {
    pattern: /^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/,
    message: '微信支付公钥应为 PEM 格式',
  },
} as const;

/** The message of safe mode without a stored or typed EncodingAESKey (as the server words it). */
export const AES_KEY_REQUIRED = '安全模式须填写 EncodingAESKey';

/** The form's starting values: the account's (secrets always empty), or those of a new account. */
export function initialWxappValues(wxapp: WxappItem | null): WxappFormValues {
  return {
    name: wxapp?.name ?? '',
    appId: wxapp?.appId ?? '',
    appSecret: '',
    pushToken: '',
    pushMode: wxapp?.pushMode ?? 'safe',
    encodingAesKey: '',
    mchId: wxapp?.mchId ?? '',
    mchSerialNo: wxapp?.mchSerialNo ?? '',
    mchPrivateKey: '',
    apiV3Key: '',
    platformSerialNo: wxapp?.platformSerialNo ?? '',
    platformPublicKey: '',
  };
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();

/**
 * What the form sends to `wxapp/save`: text trimmed, empty secrets and empty optional fields left
 * out (on update an empty secret keeps the stored one); `id` only when editing.
 */
export function buildWxappPayload(values: WxappFormValues, id?: number): WxappSaveInput {
  const payload: WxappSaveInput = {
    ...(id === undefined ? {} : { id }),
    name: trimmed(values.name),
    appId: trimmed(values.appId),
    pushMode: values.pushMode,
  };
  for (const field of [...SECRET_FIELDS, ...OPTIONAL_FIELDS]) {
    const value = trimmed(values[field]);
    if (value) payload[field] = value;
  }
  return payload;
}
