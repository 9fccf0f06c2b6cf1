import { type WxappItem, wxappSaveInput } from '@px/api/contract';
import {
  buildWxappPayload,
  initialWxappValues,
  SECRET_FIELDS,
  WXAPP_FIELD_RULES,
  type WxappFormValues,
} from './wxapp-form';

// Values from WeChat's own documents: the WXBizMsgCrypt sample (token pamtest, its AppID and
// EncodingAESKey) and the WeChat Pay v3 examples (merchant 1900009191, certificate serial number,
// public key id PUB_KEY_ID_ + 32 digits).
const OFFICIAL = {
  appId: 'wxb11529c136998cb6',
  pushToken: 'pamtest',
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  mchId: '1900009191',
  mchSerialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
  platformSerialNo: 'PUB_KEY_ID_00000000000000000000000000000000',
};
const PRIVATE_PEM =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
const PUBLIC_PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----';

const ITEM: WxappItem = {
  id: 4,
  name: '山东继续教育服务号',
  appId: OFFICIAL.appId,
  pushMode: 'plain',
  status: 'ENABLED',
  appSecretSet: true,
  pushTokenSet: true,
  encodingAesKeySet: false,
  mchPrivateKeySet: false,
  apiV3KeySet: false,
  platformPublicKeySet: false,
  mchId: OFFICIAL.mchId,
  mchSerialNo: null,
  platformSerialNo: OFFICIAL.platformSerialNo,
  paymentReady: false,
  projects: [],
  serverUrl: `http://localhost:8080/api/wechat/push/${OFFICIAL.appId}`,
  bindingCount: 0,
  createdAt: '2024-05-01T02:03:04.000Z',
};

describe('initialWxappValues', () => {
  it('starts a new account in safe mode with every field empty', () => {
    const values = initialWxappValues(null);
    expect(values.pushMode).toBe('safe');
    for (const value of Object.values(values).filter((entry) => entry !== 'safe')) expect(value).toBe('');
  });

  it('shows the stored values of an account but never a secret nor the push token', () => {
    const values = initialWxappValues(ITEM);
    expect(values).toMatchObject({
      name: ITEM.name,
      appId: ITEM.appId,
      pushMode: 'plain',
      mchId: OFFICIAL.mchId,
      mchSerialNo: '',
      platformSerialNo: OFFICIAL.platformSerialNo,
    });
    for (const field of SECRET_FIELDS) expect(values[field]).toBe('');
  });
});

describe('buildWxappPayload', () => {
  const filled: WxappFormValues = {
    name: ' 山东继续教育服务号 ',
    appId: OFFICIAL.appId,
    appSecret: ' '.repeat(3),
    pushToken: OFFICIAL.pushToken,
    pushMode: 'safe',
    encodingAesKey: OFFICIAL.encodingAesKey,
    mchId: '',
    mchSerialNo: OFFICIAL.mchSerialNo,
    mchPrivateKey: `\n${PRIVATE_PEM}\n`,
    apiV3Key: '',
    platformSerialNo: '',
    platformPublicKey: undefined,
  };

  it('trims the text and leaves out empty secrets and empty optional fields', () => {
    expect(buildWxappPayload(filled, 4)).toEqual({
      id: 4,
      name: '山东继续教育服务号',
      appId: OFFICIAL.appId,
      pushToken: OFFICIAL.pushToken,
      pushMode: 'safe',
      encodingAesKey: OFFICIAL.encodingAesKey,
      mchSerialNo: OFFICIAL.mchSerialNo,
      mchPrivateKey: PRIVATE_PEM,
    });
  });

  it('sends no id for a new account', () => {
    expect(buildWxappPayload(filled)).not.toHaveProperty('id');
  });

  it('builds what the server accepts from the official examples', () => {
    const payload = buildWxappPayload({
      ...filled,
      appSecret: 'a1'.repeat(16),
      mchId: OFFICIAL.mchId,
      apiV3Key: 'b2'.repeat(16),
      platformSerialNo: OFFICIAL.platformSerialNo,
      platformPublicKey: PUBLIC_PEM,
    });
    expect(wxappSaveInput.safeParse(payload).success).toBe(true);
  });
});

describe('WXAPP_FIELD_RULES', () => {
  // Each field with values the server accepts and refuses: the form's rule must agree with
  // `wxapp/save`, so nothing the form lets through comes back refused (and nothing valid is blocked).
  const SAMPLES: Record<keyof typeof WXAPP_FIELD_RULES, string[]> = {
    appId: [OFFICIAL.appId, 'wx0123456789abcdef', 'wxB11529C136998CB6', 'wx123', 'ab0123456789abcdef12'],
    appSecret: ['a1'.repeat(16), 'a'.repeat(31), 'a'.repeat(33), `${'a'.repeat(31)}-`],
    pushToken: [OFFICIAL.pushToken, 'abc', 'ab', 'a b c', 'x'.repeat(32), 'x'.repeat(33)],
    encodingAesKey: [OFFICIAL.encodingAesKey, 'x'.repeat(42), 'x'.repeat(44), `${'x'.repeat(42)}=`],
    mchId: [OFFICIAL.mchId, '12345678', '1234567', '1234567890123', '12ab5678'],
    mchSerialNo: [OFFICIAL.mchSerialNo, 'abcdef01', 'ABCDEFG1', '1234567'],
    apiV3Key: ['b2'.repeat(16), 'x'.repeat(31), `${'x'.repeat(31)}!`],
    platformSerialNo: [OFFICIAL.platformSerialNo, 'PUB_KEY', 'PUB-KEY-ID-0000', 'x'.repeat(65)],
    mchPrivateKey: [PRIVATE_PEM, 'not a key', '-----BEGIN PRIVATE KEY-----', PRIVATE_PEM.toLowerCase()],
    platformPublicKey: [PUBLIC_PEM, 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A', `x${PUBLIC_PEM}`],
  };
  const base = {
    name: '服务号',
    appId: OFFICIAL.appId,
    appSecret: 'a1'.repeat(16),
    pushToken: OFFICIAL.pushToken,
    pushMode: 'plain',
  };
  const serverAccepts = (field: string, value: string) => {
    const result = wxappSaveInput.safeParse({ ...base, [field]: value });
    return result.success || !result.error.issues.some((issue) => issue.path[0] === field);
  };

  it.each(Object.entries(SAMPLES))('%s: agrees with the server on every sample', (field, values) => {
    const rule = WXAPP_FIELD_RULES[field as keyof typeof WXAPP_FIELD_RULES];
    const verdicts = values.map((value) => [value, rule.pattern.test(value.trim())]);
    expect(verdicts).toEqual(values.map((value) => [value, serverAccepts(field, value)]));
    // Each sample list holds both kinds, so the comparison means something.
    expect(new Set(verdicts.map(([, ok]) => ok))).toEqual(new Set([true, false]));
  });

  it('words the refusals as the server does', () => {
    const result = wxappSaveInput.safeParse({ ...base, appId: 'wx123', mchId: '12ab' });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([WXAPP_FIELD_RULES.appId.message, WXAPP_FIELD_RULES.mchId.message]),
    );
  });
});
