import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildAuthorization,
  decryptResource,
  encryptResource,
  headerValue,
  jsapiPaySign,
  parseAuthorization,
  randomPayNonce,
  sha256WithRsaSign,
  sha256WithRsaVerify,
  signWechatPayMessage,
  toPublicKey,
  verifyJsapiPaySign,
  verifyWechatPaySignature,
} from './pay-crypto';

/**
 * The test key of WeChat Pay's documentation (签名生成 / JSAPI调起支付签名: "以下只是一个示例密钥"),
 * PKCS#1 as the documentation prints it.
 */
const OFFICIAL_TEST_KEY = `-----BEGIN RSA PRIVATE KEY-----
MIIEogIBAAKCAQEAptpm+qvIDCh/9wjU26SQCK26ogYkBhDrYxnAaw2JbbBsp1oD
bHKk+1r381NeBUG2HEFAuU+Fr72u5ot3yKdzoF/FajAzQNKnm569/D3upKoi8mYB
aST15Uig8j8qoUW1U217LL0jEHlSnHV3lcaDTXqDpTRR4Bfz9IqOgJgFZ8/oTfEo
mSrjrLYef81Eyxr7ZIMQXEKKEK7V4UXKS0+/fDsiG/cXidhzt8UbTL9vqXqxM2+I
DImyO+FAc/tkBG55LmzxPto1Nq0WbnZzRM/wTzrd0I/8NlevxtFbphg4evlHjFNI
7+GrqR87ViEwuAJJ9Je5QQjct5YJfFRWiZ5CMQIDAQABAoIBAGBi/GhEgezcHIg1
ltlHaFlLGuxsRbUnYwM9phVxnXk7GJlYe2/TjpERjPkIqOC6hBwwadZjJORP3FCc
Mtc8PKRhjuZ377O7vU0915x2nnyLOGL1IE2AJ3iLi0ZFzTea0FPgg+5lWHM00s9F
YI6qPcGtS41M+xtMWwZiYE3TBBRibHiY8ugGyaNAhiMKehyW05uApjlIF55wwCGx
BkyESJpGRR/6853iHke6Ge+xVcMa9QmQdoH0QqL/8kT28PL568mJJr0Ow/83t4+d
Pe70YPzKAxgUnaDsHJqO+b8qH69AEs8rTI5h2Mon6pH+bJT66KUoiXhn+Kf+4LSs
henRP10CgYEA1QJSfuFOWVRjrg3N/rAIc/Ak84BTZavbyrkqBSuoTs9i/nMI/hOz
VxpDntg7Bx2Tctl6sZO3GioTxKdc/YYaTKci1TKBbeginpsqEQVgwkMCy8HpvUmR
fyAMqLwZC4h9+j+NiZtuoFJDTCgv+WYbasX+kWYEUM21bnSYuO7yEQsCgYEAyIdP
r9uzqPgzN34Tmx+CNTa16VjhBh+zkBtXRLDLhWBeIYxoYNJARD98Pb1XZdvpkZZW
Sk7MfaKo2/DomzyyyB/MbHWwAdFi3yb4y7uMJfyC1MzdUSNN3Vp579hJxHkJ+nN4
Ys76yfcEeVOLnvUT1Z0KKCdIWRdT1Lgi+X1itzMCgYBJUXlPzwGG4fNFj97d0X23
Wmt9nSgXkOYgi0eZbAOMzPmIF9R6kBFk49dur4Lx2g5Ms+r1gKC/0sfnIqxxX11i
EQ1+UNoYGJUB/uql3TIG68XkmKR50P7RwRhaZBRC0gJ6xrFTMjsL2ATuC88niyvY
vrn3FiRaI9RVZrDCxwxvLQKBgEXW4okEAqGBuAzGqztmkOnJoTehDdYdKmOxMgap
cGiGdKJIjX3THDDoz3ONQyglnEZpTqpYoV3MTfU0BT8zt6x9bqwDnQY1D7NalmIW
cqw0Mri8lQQSQKcsQLWo5aA466G/n5kCL1Qx5OwAjesRvhOyuvvbGpZ0ymyWqQ+t
fLkDAoGATcul1L8y5D/wNVP1GXbXMZfBsFP3bbqy8c+Ashm6g8OLm2mGNntd5Z6h
1KkID7Yksh+dZ6t7XaPBtGACXX5Eryr537JVvdX8hAVCp5HVtaN/9VBVP8Ka2e4s
VS/xeNgOMQ7uzhRPBJ8HiTmdI1nHhDnYQpGiBgQn0Z5RAkSvFMk=
-----END RSA PRIVATE KEY-----
`;

/** The PKCS#8 test key of wechatpay-go (utils/sign_test.go), with its expected signature of "source". */
const WECHATPAY_GO_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END PRIVATE KEY-----
`;
const WECHATPAY_GO_SIGNATURE =
  'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOhuH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwfLpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==';

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'sim', 'fixtures', name), 'utf8');
const platformPrivate = fixture('demo-platform-private.pem');
const platformPublic = fixture('demo-platform-public.pem');
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000091912026112100000000000001';

describe('buildAuthorization', () => {
  // The request of the documentation's 签名生成 example (JSAPI order), signed with its test key.
  const officialBody =
    '{"appid":"wxd678efh567hg6787","mchid":"1230000109","description":"Image形象店-深圳腾大-QQ公仔","out_trade_no":"1217752501201407033233368018","notify_url":"https://www.weixin.qq.com/wxpay/pay.php","amount":{"total":100,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}}';
  const officialSignature =
    'gEuexJ547PHFV77TQ6eiE4tphVYfWfUe1Wc2dBmVnoMYU2rl/M4zhw+b3vBhuMw6AC7pteNkryLA7UWU2h+umo0OdSuuLm1++O3NckQPCSfm6dypsjn4GYm84KMqXWFrhFmyxEwIdEJDr3w1UYfxOcu55OQupfLkrt/ZzuOspnliJFrPzGQFUk7lGqMMtpz3EfbDUNxnVsHblORg3hVmuYNmbGWnS2ovU30Y2Q+iKFDxzkaXBk8LTy6HzvxizRo6Q+J4SVM7O0hKXfgo1QdI68kpzNULb3EVBXlhTyPUzhkHzzLxECL1qHl3HH2hEv8++C+4wBlsagF3j/O6PABojA==';
  const official = {
    mchId: '1230000109',
    serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
    privateKey: OFFICIAL_TEST_KEY,
    method: 'POST',
    url: '/v3/pay/transactions/jsapi',
    body: officialBody,
    timestamp: 1554208460,
    nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
  };

  test("matches the documentation's example signature", () => {
    expect(buildAuthorization(official)).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="${officialSignature}",timestamp="1554208460",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"`,
    );
  });

  test('every signed part changes the signature', () => {
    const signatureOf = (changes: Partial<typeof official>) =>
      parseAuthorization(buildAuthorization({ ...official, ...changes }))?.signature;
    expect(signatureOf({})).toBe(officialSignature);
    expect(signatureOf({ method: 'PUT' })).not.toBe(officialSignature);
    expect(signatureOf({ url: '/v3/pay/transactions/native' })).not.toBe(officialSignature);
    expect(signatureOf({ timestamp: 1554208461 })).not.toBe(officialSignature);
    expect(signatureOf({ nonce: '593BEC0C930BF1AFEB40B4A08C8FB243' })).not.toBe(officialSignature);
    expect(signatureOf({ body: `${officialBody} ` })).not.toBe(officialSignature);
  });

  test('signs GET requests over an empty body line and lowercase methods as uppercase', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const header = buildAuthorization({
      mchId: '1900009191',
      serialNo: 'ABC',
      privateKey,
      method: 'get',
      url: '/v3/pay/transactions/out-trade-no/T123456?mchid=1900009191',
      timestamp: 1700000000,
      nonce: 'N1',
    });
    const parsed = parseAuthorization(header);
    expect(parsed).not.toBeNull();
    const message = 'GET\n/v3/pay/transactions/out-trade-no/T123456?mchid=1900009191\n1700000000\nN1\n\n';
    expect(sha256WithRsaVerify(message, parsed?.signature ?? '', publicKey)).toBe(true);
  });

  test('refuses a URL that is not a path', () => {
    expect(() => buildAuthorization({ ...official, url: 'https://api.mch.weixin.qq.com/v3/x' })).toThrow();
  });
});

describe('parseAuthorization', () => {
  test('reads the fields back and refuses other shapes', () => {
    const header = buildAuthorization({
      mchId: '1900009191',
      serialNo: 'SERIAL1',
      privateKey: OFFICIAL_TEST_KEY,
      method: 'POST',
      url: '/v3/x',
      body: '{}',
      timestamp: 1700000000,
      nonce: 'NONCE',
    });
    expect(parseAuthorization(header)).toEqual({
      mchid: '1900009191',
      nonce_str: 'NONCE',
      signature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      timestamp: '1700000000',
      serial_no: 'SERIAL1',
    });
    expect(parseAuthorization(undefined)).toBeNull();
    expect(parseAuthorization(header.replace('WECHATPAY2-SHA256-RSA2048', 'Bearer'))).toBeNull();
    expect(parseAuthorization(header.replace(/,serial_no="[^"]*"/, ''))).toBeNull();
    expect(parseAuthorization(`${header},junk`)).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 ')).toBeNull();
  });
});

describe('SHA256withRSA', () => {
  test('matches wechatpay-go (PKCS#8 key)', () => {
    expect(sha256WithRsaSign('source', WECHATPAY_GO_KEY)).toBe(WECHATPAY_GO_SIGNATURE);
    expect(sha256WithRsaVerify('source', WECHATPAY_GO_SIGNATURE, toPublicKey(WECHATPAY_GO_KEY))).toBe(true);
    expect(sha256WithRsaVerify('sourcE', WECHATPAY_GO_SIGNATURE, toPublicKey(WECHATPAY_GO_KEY))).toBe(false);
  });

  test('verification answers false, never throws, on garbage', () => {
    const key = toPublicKey(WECHATPAY_GO_KEY);
    expect(sha256WithRsaVerify('source', '', key)).toBe(false);
    expect(sha256WithRsaVerify('source', 'not base64 !!', key)).toBe(false);
    expect(sha256WithRsaVerify('source', 'AAAA', key)).toBe(false);
    expect(sha256WithRsaVerify('source', WECHATPAY_GO_SIGNATURE, 'not a pem')).toBe(false);
  });
});

describe('jsapiPaySign', () => {
  // The documentation's JSAPI调起支付签名 example values; the expected value is what the
  // documentation's own command gives with its test key:
  // echo -n -e "wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n" \
  //   | openssl dgst -sha256 -sign apiclient_test_key.pem | openssl base64 -A
  const example = {
    appId: 'wx8888888888888888',
    timeStamp: '1414561699',
    nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    package: 'prepay_id=wx201410272009395522657a690389285100',
  };
  const expected =
    'mIDSHc+67tlJlgnSkB1BD1+B08suWtz70aoSI6wwGE+0FC5qnMkKFLn/yl0aFCeD+vrTrztwbyAhgb+RuVEMk3N/d2VYVR+uWt27BqR58mWdlYufNvBwmMwCLXYyDrnWXFUF5OYnVX8ey3NouScOWlCAr7QzbmL7pja1MbuupT7JfIJbI5rzDcVFvFpKbLX93nG5eJcYomKf2Ubiwu0/ZdlLOx848ToI0US0g9g7I0jBUB7tx1eDV+InsYDvHSkGdNjz2xvg3lx7ZaPgIuTRQzf8o5W2RVndInqYfRdyDn0pmqILM76lUlTAlub38D4oViu5To7WihblSEIa+O47Bg==';

  test('matches openssl on the documented example', () => {
    expect(jsapiPaySign({ ...example, privateKey: OFFICIAL_TEST_KEY })).toBe(expected);
  });

  test('verifies with the merchant public key and refuses any change or another key', () => {
    const publicKey = toPublicKey(OFFICIAL_TEST_KEY);
    expect(verifyJsapiPaySign({ ...example, paySign: expected, publicKey })).toBe(true);
    expect(
      verifyJsapiPaySign({ ...example, appId: 'wx8888888888888889', paySign: expected, publicKey }),
    ).toBe(false);
    expect(verifyJsapiPaySign({ ...example, timeStamp: '1414561700', paySign: expected, publicKey })).toBe(
      false,
    );
    expect(verifyJsapiPaySign({ ...example, nonceStr: 'x', paySign: expected, publicKey })).toBe(false);
    expect(verifyJsapiPaySign({ ...example, package: 'prepay_id=wx2', paySign: expected, publicKey })).toBe(
      false,
    );
    const other = jsapiPaySign({ ...example, privateKey: WECHATPAY_GO_KEY });
    expect(verifyJsapiPaySign({ ...example, paySign: other, publicKey })).toBe(false);
  });

  test('refuses a package that is not prepay_id=...', () => {
    expect(() => jsapiPaySign({ ...example, package: 'wx2014', privateKey: OFFICIAL_TEST_KEY })).toThrow();
  });
});

describe('verifyWechatPaySignature', () => {
  const now = 1_700_000_000_000;
  const body = '{"prepay_id": "wx26112221580621e9b071c00d9e093b0000"}';
  const signed = (overrides: { body?: string; timestamp?: number; privateKey?: string } = {}) =>
    signWechatPayMessage({
      serial: PLATFORM_SERIAL,
      privateKey: overrides.privateKey ?? platformPrivate,
      body: overrides.body ?? body,
      timestamp: overrides.timestamp ?? now / 1000,
      nonce: 'fa3bd1c5d3f95de6a36b3e27b8b6a7e2',
    });
  const publicKeys = { [PLATFORM_SERIAL]: platformPublic };
  const check = (headers: Record<string, string>, raw: string | Buffer = body, at = now) =>
    verifyWechatPaySignature({ publicKeys, headers, body: raw, now: at });

  test('accepts a genuine answer (plain object or fetch Headers, any header case)', () => {
    expect(check(signed())).toEqual({
      ok: true,
      serial: PLATFORM_SERIAL,
      timestamp: now / 1000,
      nonce: expect.any(String),
    });
    expect(verifyWechatPaySignature({ publicKeys, headers: new Headers(signed()), body, now }).ok).toBe(true);
    const lower = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(check(lower).ok).toBe(true);
    expect(check(signed(), Buffer.from(body)).ok).toBe(true);
  });

  test('verifies the raw bytes, not re-serialised JSON', () => {
    expect(check(signed(), JSON.stringify(JSON.parse(body)))).toMatchObject({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(check(signed(), `${body}\n`)).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  test('refuses timestamps more than 300 s away, either way', () => {
    expect(check(signed({ timestamp: now / 1000 - 300 })).ok).toBe(true);
    expect(check(signed({ timestamp: now / 1000 - 301 }))).toMatchObject({
      ok: false,
      reason: 'TIMESTAMP_SKEW',
    });
    expect(check(signed({ timestamp: now / 1000 + 301 }))).toMatchObject({
      ok: false,
      reason: 'TIMESTAMP_SKEW',
    });
    expect(
      verifyWechatPaySignature({
        publicKeys,
        headers: signed({ timestamp: now / 1000 - 301 }),
        body,
        now,
        toleranceSeconds: 600,
      }).ok,
    ).toBe(true);
  });

  test('types every failure and never throws', () => {
    const headers = signed();
    expect(check({ ...headers, 'Wechatpay-Signature': 'WECHATPAY/SIGNTEST/c2lnbmF0dXJl' })).toMatchObject({
      ok: false,
      reason: 'SIGNATURE_PROBE',
    });
    expect(check({ ...headers, 'Wechatpay-Serial': 'PUB_KEY_ID_OTHER' })).toMatchObject({
      ok: false,
      reason: 'UNKNOWN_SERIAL',
    });
    expect(check({ ...headers, 'Wechatpay-Serial': '__proto__' })).toMatchObject({
      ok: false,
      reason: 'UNKNOWN_SERIAL',
    });
    const { 'Wechatpay-Nonce': _nonce, ...withoutNonce } = headers;
    expect(check(withoutNonce)).toMatchObject({ ok: false, reason: 'MISSING_HEADERS' });
    expect(check({ ...headers, 'Wechatpay-Timestamp': 'soon' })).toMatchObject({
      ok: false,
      reason: 'BAD_TIMESTAMP',
    });
    expect(check({ ...headers, 'Wechatpay-Signature': '%%%' })).toMatchObject({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(check({ ...headers, 'Wechatpay-Nonce': 'other' })).toMatchObject({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(check(signed({ privateKey: WECHATPAY_GO_KEY }))).toMatchObject({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(
      verifyWechatPaySignature({ publicKeys: { [PLATFORM_SERIAL]: 'garbage' }, headers, body, now }),
    ).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  test('headerValue reads node arrays and fetch Headers alike', () => {
    expect(headerValue({ 'x-a': ['1', '2'] }, 'X-A')).toBe('1');
    expect(headerValue(new Headers({ 'X-A': '3' }), 'x-a')).toBe('3');
    expect(headerValue({}, 'x-a')).toBeUndefined();
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  // wechatpay-axios-plugin's vectors (tests/lib/aes.test.js): key, iv, plaintext, aad -> ciphertext.
  const key = '0123456789abcdef0123456789abcdef';
  const nonce = '0123456789abcdef';

  test('decrypts the published vectors', () => {
    expect(
      decryptResource({
        apiV3Key: key,
        nonce,
        ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8J',
        associatedData: 'world',
      }),
    ).toBe('hello');
    expect(
      decryptResource({ apiV3Key: key, nonce, ciphertext: 'GvpmmdtYwexXIPhySs9Tlg==', associatedData: '' }),
    ).toBe('');
  });

  test('encrypts to the published vector with the same nonce', () => {
    expect(encryptResource({ apiV3Key: key, nonce, plaintext: 'hello', associatedData: 'world' })).toEqual({
      ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8J',
      nonce,
      associatedData: 'world',
    });
  });

  test('round-trips with a random 12-character nonce', () => {
    const plaintext = JSON.stringify({ out_trade_no: 'T20240001', trade_state: 'SUCCESS', note: '支付成功' });
    const encrypted = encryptResource({ apiV3Key: key, plaintext, associatedData: 'transaction' });
    expect(encrypted.nonce).toMatch(/^[A-Z0-9]{12}$/);
    expect(decryptResource({ apiV3Key: key, ...encrypted })).toBe(plaintext);
  });

  test('refuses a wrong key, nonce, associated data or tampered ciphertext', () => {
    const good = {
      apiV3Key: key,
      nonce,
      ciphertext: 'APoZlYpivU3HjbAiB4CvW1rAFr8J',
      associatedData: 'world',
    };
    expect(() => decryptResource({ ...good, apiV3Key: 'ffffffffffffffffffffffffffffffff' })).toThrow();
    expect(() => decryptResource({ ...good, nonce: '0123456789abcdeX' })).toThrow();
    expect(() => decryptResource({ ...good, associatedData: 'World' })).toThrow();
    const bytes = Buffer.from(good.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => decryptResource({ ...good, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptResource({ ...good, ciphertext: 'AAAA' })).toThrow();
    expect(() => decryptResource({ ...good, apiV3Key: 'short' })).toThrow('32 bytes');
  });
});

test('randomPayNonce gives upper-case letters and digits of the asked length', () => {
  expect(randomPayNonce()).toMatch(/^[A-Z0-9]{32}$/);
  expect(randomPayNonce(12)).toMatch(/^[A-Z0-9]{12}$/);
  expect(randomPayNonce()).not.toBe(randomPayNonce());
});
