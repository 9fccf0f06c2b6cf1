import { createCipheriv, createHash } from 'node:crypto';
import {
  answerServerCheck,
  buildPushXml,
  decryptPushMessage,
  encryptPushMessage,
  encryptReply,
  PushError,
  parsePushXml,
  pushDedupKey,
  pushMessageSignature,
  readPush,
  readPushReply,
  textReply,
} from './push';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

function failure(fn: () => unknown): PushError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PushError) return error;
    throw error;
  }
  throw new Error('expected a PushError');
}

// The test case of WeChat's official WXBizMsgCrypt SDK (Java `WXBizMsgCryptTest`): a fixed random
// prefix makes the ciphertext deterministic.
const javaSdk = {
  encodingAESKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appId: 'wxb11529c136998cb6',
  random: 'aaaabbbbccccdddd',
  replyMsg: '我是中文abcd123',
  afterAesEncrypt: 'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==',
  replyMsg2:
    '<xml><ToUserName><![CDATA[oia2Tj我是中文jewbmiOUlr6X-1crbLOvLw]]></ToUserName><FromUserName><![CDATA[gh_7f083739789a]]></FromUserName><CreateTime>1407743423</CreateTime><MsgType><![CDATA[video]]></MsgType><Video><MediaId><![CDATA[eYJ1MbwPRJtOvIEabaxHs7TX2D-HV71s79GUxqdUkjm6Gs2Ed1KF3ulAOA9H1xG0]]></MediaId><Title><![CDATA[testCallBackReplyVideo]]></Title><Description><![CDATA[testCallBackReplyVideo]]></Description></Video></xml>',
  afterAesEncrypt2:
    'jn1L23DB+6ELqJ+6bruv23M2GmYfkv0xBh2h+XTBOKVKcgDFHle6gqcZ1cZrk3e1qjPQ1F4RsLWzQRG9udbKWesxlkupqcEcW7ZQweImX9+wLMa0GaUzpkycA8+IamDBxn5loLgZpnS7fVAbExOkK5DYHBmv5tptA9tklE/fTIILHR8HLXa5nQvFb3tYPKAlHF3rtTeayNf0QuM+UW/wM9enGIDIJHF7CLHiDNAYxr+r+OrJCmPQyTy8cVWlu9iSvOHPT/77bZqJucQHQ04sq7KZI27OcqpQNSto2OdHCoTccjggX5Z9Mma0nMJBU+jLKJ38YB1fBIz+vBzsYjrTmFQ44YfeEuZ+xRTQwr92vhA9OxchWVINGC50qE/6lmkwWTwGX9wtQpsJKhP+oS7rvTY8+VdzETdfakjkwQ5/Xka042OlUb1/slTwo4RscuQ+RdxSGvDahxAJ6+EAjLt9d8igHngxIbf6YyqqROxuxqIeIch3CssH/LqRs+iAcILvApYZckqmA7FNERspKA5f8GoJ9sv8xmGvZ9Yrf57cExWtnX8aCMMaBropU/1k+hKP5LVdzbWCG0hGwx/dQudYR/eXp3P0XxjlFiy+9DMlaFExWUZQDajPkdPrEeOwofJb',
};

// The sample of WeChat's official-account message encryption SDK (Python `Sample.py`): a real
// encrypted push with its msg_signature.
const pythonSample = {
  token: 'spamtest',
  encodingAESKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appId: 'wx2c2769f8efd9abc2',
  timestamp: '1409735669',
  nonce: '1320562132',
  msgSignature: '5d197aaffba7e9b25a30732f161a50dee96bd5fa',
  encrypt:
    'hyzAe4OzmOMbd6TvGdIOO6uBmdJoD0Fk53REIHvxYtJlE2B655HuD0m8KUePWB3+LrPXo87wzQ1QLvbeUgmBM4x6F8PGHQHFVAFmOD2LdJF9FrXpbUAh0B5GIItb52sn896wVsMSHGuPE328HnRGBcrS7C41IzDWyWNlZkyyXwon8T332jisa+h6tEDYsVticbSnyU8dKOIbgU6ux5VTjg3yt+WGzjlpKn6NPhRjpA912xMezR4kw6KWwMrCVKSVCZciVGCgavjIQ6X8tCOp3yZbGpy0VxpAe+77TszTfRd5RJSVO/HTnifJpXgCSUdUue1v6h0EIBYYI1BD1DlD+C0CR8e6OewpusjZ4uBl9FyJvnhvQl+q5rv1ixrcpCumEPo5MJSgM9ehVsNPfUM669WuMyVWQLCzpu9GhglF2PE=',
};
const pythonSampleBody = `<xml><ToUserName><![CDATA[gh_10f6c3c3ac5a]]></ToUserName><FromUserName><![CDATA[oyORnuP8q7ou2gfYjqLzSIWZf0rs]]></FromUserName><CreateTime>1409735668</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[abcdteT]]></Content><MsgId>6054768590064713728</MsgId><Encrypt><![CDATA[${pythonSample.encrypt}]]></Encrypt></xml>`;

// The sample of WeChat Work's WXBizMsgCrypt (C# `Sample.cs`): the same scheme, with a corp id.
const workSample = {
  token: 'QDG6eK',
  encodingAESKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
  appId: 'wx5823bf96d3bd56c7',
  timestamp: '1409659813',
  nonce: '1372623149',
  msgSignature: '477715d11cdb4164915debcba66cb864d751f3e6',
  encrypt:
    'RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==',
};

describe('safe-mode cipher (WXBizMsgCrypt)', () => {
  test("encrypts exactly as the official SDK's test case", () => {
    expect(encryptPushMessage({ ...javaSdk, message: javaSdk.replyMsg })).toBe(javaSdk.afterAesEncrypt);
    expect(encryptPushMessage({ ...javaSdk, message: javaSdk.replyMsg2 })).toBe(javaSdk.afterAesEncrypt2);
  });

  test("decrypts the official SDK's test case", () => {
    expect(decryptPushMessage({ ...javaSdk, encrypted: javaSdk.afterAesEncrypt })).toBe(javaSdk.replyMsg);
    expect(decryptPushMessage({ ...javaSdk, encrypted: javaSdk.afterAesEncrypt2 })).toBe(javaSdk.replyMsg2);
  });

  test('decrypts the official samples of pushes', () => {
    expect(decryptPushMessage({ ...pythonSample, encrypted: pythonSample.encrypt })).toContain(
      '<Content><![CDATA[abcdteT]]></Content>',
    );
    expect(decryptPushMessage({ ...workSample, encrypted: workSample.encrypt })).toContain(
      '<Content><![CDATA[hello]]></Content>',
    );
  });

  test('round-trips with random prefixes (different ciphertexts each time)', () => {
    const message = '<xml><Content><![CDATA[报名链接]]></Content></xml>';
    const a = encryptPushMessage({ ...javaSdk, random: undefined, message });
    const b = encryptPushMessage({ ...javaSdk, random: undefined, message });
    expect(a).not.toBe(b);
    expect(decryptPushMessage({ ...javaSdk, encrypted: a })).toBe(message);
    expect(decryptPushMessage({ ...javaSdk, encrypted: b })).toBe(message);
  });

  test('pads to 32-byte blocks, a full block when already aligned', () => {
    // 16 random + 4 length + the appid (18) = 38 bytes before the message.
    const sizes = ['', 'x'.repeat(25), 'x'.repeat(26)].map(
      (message) => Buffer.from(encryptPushMessage({ ...javaSdk, message }), 'base64').length,
    );
    expect(sizes).toEqual([64, 64, 96]);
    // An input of exactly 64 bytes gets a whole block of padding (value 32).
    const aligned = 'x'.repeat(64 - 20 - javaSdk.appId.length);
    expect(Buffer.from(encryptPushMessage({ ...javaSdk, message: aligned }), 'base64').length).toBe(96);
    expect(
      decryptPushMessage({ ...javaSdk, encrypted: encryptPushMessage({ ...javaSdk, message: aligned }) }),
    ).toBe(aligned);
  });

  test('refuses a message made for another appid', () => {
    expect(
      failure(() =>
        decryptPushMessage({ ...javaSdk, appId: 'wx0000000000000000', encrypted: javaSdk.afterAesEncrypt }),
      ).reason,
    ).toBe('appid');
  });

  test('refuses bad padding, a wrong key, bad base64 and bad lengths', () => {
    const key = Buffer.from(`${javaSdk.encodingAESKey}=`, 'base64');
    const encryptRaw = (plain: Buffer) => {
      const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
      cipher.setAutoPadding(false);
      return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
    };
    const body = Buffer.concat([
      Buffer.alloc(16, 1),
      Buffer.from([0, 0, 0, 2]),
      Buffer.from('hiwxb11529c136998cb6'),
    ]);
    const badPads = [0, 33].map((pad) =>
      Buffer.concat([body, Buffer.alloc(64 - body.length - 1, 7), Buffer.from([pad])]),
    );
    for (const plain of badPads) {
      expect(failure(() => decryptPushMessage({ ...javaSdk, encrypted: encryptRaw(plain) })).reason).toBe(
        'decrypt',
      );
    }
    // Inconsistent padding bytes (last byte says 4, the bytes before it differ).
    const inconsistent = Buffer.concat([body, Buffer.alloc(64 - body.length - 1, 9), Buffer.from([4])]);
    expect(
      failure(() => decryptPushMessage({ ...javaSdk, encrypted: encryptRaw(inconsistent) })).reason,
    ).toBe('decrypt');
    // A valid padding but a length field pointing past the end.
    const longLength = Buffer.concat([
      Buffer.alloc(16, 1),
      Buffer.from([0, 0, 1, 0]),
      Buffer.from('hi'),
      Buffer.alloc(10, 10),
    ]);
    expect(failure(() => decryptPushMessage({ ...javaSdk, encrypted: encryptRaw(longLength) })).reason).toBe(
      'decrypt',
    );

    const otherKey = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq';
    expect(['decrypt', 'appid']).toContain(
      failure(() =>
        decryptPushMessage({ ...javaSdk, encodingAESKey: otherKey, encrypted: javaSdk.afterAesEncrypt }),
      ).reason,
    );
    expect(failure(() => decryptPushMessage({ ...javaSdk, encrypted: 'not base64!' })).reason).toBe(
      'decrypt',
    );
    expect(failure(() => decryptPushMessage({ ...javaSdk, encrypted: 'AAAA' })).reason).toBe('decrypt');
    expect(
      failure(() => decryptPushMessage({ ...javaSdk, encodingAESKey: 'short', encrypted: 'AAAA' })).reason,
    ).toBe('config');
  });
});

describe('msg_signature', () => {
  test("matches the official samples' signatures", () => {
    const { token, timestamp, nonce, encrypt, msgSignature } = pythonSample;
    expect(pushMessageSignature(token, timestamp, nonce, encrypt)).toBe(msgSignature);
    expect(
      pushMessageSignature(workSample.token, workSample.timestamp, workSample.nonce, workSample.encrypt),
    ).toBe(workSample.msgSignature);
  });
});

describe('readPush', () => {
  test('reads the official safe-mode sample (msg_signature checked, decrypted, parsed)', () => {
    const { fields, mode } = readPush({
      token: pythonSample.token,
      appId: pythonSample.appId,
      encodingAESKey: pythonSample.encodingAESKey,
      query: {
        timestamp: pythonSample.timestamp,
        nonce: pythonSample.nonce,
        encrypt_type: 'aes',
        msg_signature: pythonSample.msgSignature,
      },
      body: pythonSampleBody,
    });
    expect(mode).toBe('safe');
    expect(fields).toEqual({
      ToUserName: 'gh_10f6c3c3ac5a',
      FromUserName: 'oyORnuP8q7ou2gfYjqLzSIWZf0rs',
      CreateTime: '1409735668',
      MsgType: 'text',
      Content: 'abcdteT',
      MsgId: '6054768590064713728',
    });
  });

  test('refuses a safe-mode push with a wrong msg_signature, tampered Encrypt, or no key', () => {
    const base = {
      token: pythonSample.token,
      appId: pythonSample.appId,
      encodingAESKey: pythonSample.encodingAESKey,
      query: new URLSearchParams({
        timestamp: pythonSample.timestamp,
        nonce: pythonSample.nonce,
        encrypt_type: 'aes',
        msg_signature: pythonSample.msgSignature,
      }),
      body: pythonSampleBody,
    };
    const wrongSignature = new URLSearchParams(base.query);
    wrongSignature.set('msg_signature', '0'.repeat(40));
    expect(failure(() => readPush({ ...base, query: wrongSignature })).reason).toBe('signature');
    const tampered = pythonSampleBody.replace('hyzAe4', 'hyzAe5');
    expect(failure(() => readPush({ ...base, body: tampered })).reason).toBe('signature');
    expect(failure(() => readPush({ ...base, token: 'other' })).reason).toBe('signature');
    expect(failure(() => readPush({ ...base, encodingAESKey: null })).reason).toBe('config');
    expect(failure(() => readPush({ ...base, body: '<xml><ToUserName>x</ToUserName></xml>' })).reason).toBe(
      'xml',
    );
  });

  test('refuses a correctly signed envelope encrypted for another appid', () => {
    const encrypt = encryptPushMessage({ ...javaSdk, appId: 'wxsomeoneelse00000', message: '<xml></xml>' });
    const query = {
      timestamp: '1700000000',
      nonce: 'n1',
      encrypt_type: 'aes',
      msg_signature: pushMessageSignature('tk', '1700000000', 'n1', encrypt),
    };
    const body = buildPushXml({ ToUserName: 'gh_x', Encrypt: encrypt });
    expect(failure(() => readPush({ token: 'tk', ...javaSdk, query, body })).reason).toBe('appid');
  });

  test('reads a plain push when `signature` is right, refuses it otherwise', () => {
    const token = 'pxtoken';
    const signature = sha1(['1700000000', '99', token].sort().join(''));
    const body = Buffer.from(
      '<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[o1]]></FromUserName><CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[qrscene_42]]></EventKey></xml>',
    );
    const query = { signature, timestamp: '1700000000', nonce: '99', openid: 'o1' };
    const push = readPush({ token, appId: 'wx1', query, body });
    expect(push).toEqual({
      mode: 'plain',
      fields: {
        ToUserName: 'gh_1',
        FromUserName: 'o1',
        CreateTime: '1700000000',
        MsgType: 'event',
        Event: 'subscribe',
        EventKey: 'qrscene_42',
      },
    });
    expect(pushDedupKey(push.fields)).toBe('o1:1700000000');
    expect(
      failure(() => readPush({ token, appId: 'wx1', query: { ...query, nonce: '98' }, body })).reason,
    ).toBe('signature');
    expect(
      failure(() => readPush({ token, appId: 'wx1', query: { timestamp: '1700000000', nonce: '99' }, body }))
        .reason,
    ).toBe('signature');
  });
});

describe('answerServerCheck', () => {
  test('answers echostr verbatim when signed, refuses otherwise', () => {
    const token = 'pxtoken';
    const query = {
      signature: sha1(['1700000000', 'abc', token].sort().join('')),
      timestamp: '1700000000',
      nonce: 'abc',
      echostr: '4075181314397890557',
    };
    expect(answerServerCheck(token, query)).toBe('4075181314397890557');
    expect(failure(() => answerServerCheck('other', query)).reason).toBe('signature');
    expect(failure(() => answerServerCheck(token, { ...query, echostr: undefined })).reason).toBe(
      'signature',
    );
  });
});

describe('parsePushXml', () => {
  test('reads CDATA, plain text with entities, a declaration, whitespace and empty elements', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <xml>
        <A><![CDATA[<b>&amp;</b>]]></A>
        <B>1 &lt; 2 &amp;&amp; &#x4E2D;&#25991; &quot;q&apos;</B>
        <C>  <![CDATA[video]]>  </C>
        <D/>
        <E></E>
        <F><![CDATA[a]]><![CDATA[]]]]><![CDATA[>b]]></F>
      </xml>`;
    expect(parsePushXml(xml)).toEqual({
      A: '<b>&amp;</b>',
      B: '1 < 2 && 中文 "q\'',
      C: 'video',
      D: '',
      E: '',
      F: 'a]]>b',
    });
  });

  test.each([
    ['not xml', 'hello'],
    ['another root', '<root><A>1</A></root>'],
    ['nested elements', '<xml><A><B>1</B></A></xml>'],
    ['attributes', '<xml><A x="1">1</A></xml>'],
    ['duplicates', '<xml><A>1</A><A>2</A></xml>'],
    ['a doctype', '<!DOCTYPE xml [<!ENTITY e "x">]><xml><A>&e;</A></xml>'],
    ['an entity declaration inside', '<xml><!ENTITY e "x"><A>1</A></xml>'],
    ['mismatched tags', '<xml><A>1</B></xml>'],
    ['an unclosed element', '<xml><A>1'],
    ['content after the root', '<xml><A>1</A></xml><xml></xml>'],
    ['a bare ampersand', '<xml><A>a & b</A></xml>'],
    ['an unknown entity', '<xml><A>&nbsp;</A></xml>'],
    ['an unclosed CDATA', '<xml><A><![CDATA[x</A></xml>'],
  ])('refuses %s', (_name, xml) => {
    expect(failure(() => parsePushXml(xml)).reason).toBe('xml');
  });
});

describe('buildPushXml', () => {
  test('writes numbers as text and strings as CDATA, and parses back', () => {
    const fields = { ToUserName: 'o1', CreateTime: 1700000000, Content: 'a]]>b <c> & 中文' };
    const xml = buildPushXml(fields);
    expect(xml).toBe(
      '<xml><ToUserName><![CDATA[o1]]></ToUserName><CreateTime>1700000000</CreateTime><Content><![CDATA[a]]]]><![CDATA[>b <c> & 中文]]></Content></xml>',
    );
    expect(parsePushXml(xml)).toEqual({
      ToUserName: 'o1',
      CreateTime: '1700000000',
      Content: 'a]]>b <c> & 中文',
    });
    expect(() => buildPushXml({ 'bad name': 'x' })).toThrow();
  });
});

describe('replies', () => {
  const settings = { token: 'pxtoken', appId: javaSdk.appId, encodingAESKey: javaSdk.encodingAESKey };
  const reply = {
    toUser: 'o1',
    fromUser: 'gh_1',
    content: '请点击报名：https://px.example.com/register',
    createTime: 1700000000,
  };

  test('a plain text reply', () => {
    const xml = textReply(reply);
    expect(parsePushXml(xml)).toEqual({
      ToUserName: 'o1',
      FromUserName: 'gh_1',
      CreateTime: '1700000000',
      MsgType: 'text',
      Content: reply.content,
    });
    expect(readPushReply({ ...settings, mode: 'plain', body: xml })?.Content).toBe(reply.content);
  });

  test('a safe-mode reply is encrypted and signed; WeChat reads it back, refuses tampering', () => {
    const xml = textReply({ ...reply, encryption: { ...settings, timestamp: 1700000001, nonce: 'n2' } });
    const envelope = parsePushXml(xml);
    expect(Object.keys(envelope)).toEqual(['Encrypt', 'MsgSignature', 'TimeStamp', 'Nonce']);
    expect(envelope.MsgSignature).toBe(
      sha1(['pxtoken', '1700000001', 'n2', envelope.Encrypt].sort().join('')),
    );
    expect(xml).not.toContain('报名');
    expect(readPushReply({ ...settings, mode: 'safe', body: xml })?.Content).toBe(reply.content);
    const tampered = xml.replace(/<Nonce><!\[CDATA\[n2]]>/, '<Nonce><![CDATA[n3]]>');
    expect(failure(() => readPushReply({ ...settings, mode: 'safe', body: tampered })).reason).toBe(
      'signature',
    );
    expect(failure(() => readPushReply({ ...settings, mode: 'safe', body: textReply(reply) })).reason).toBe(
      'xml',
    );
  });

  test('success and an empty body are "no reply"', () => {
    expect(readPushReply({ ...settings, mode: 'safe', body: 'success' })).toBeNull();
    expect(readPushReply({ ...settings, mode: 'plain', body: '' })).toBeNull();
  });

  test('encryptReply uses the given random prefix deterministically', () => {
    const a = encryptReply('<xml></xml>', { ...settings, timestamp: 1, nonce: 'n', random: javaSdk.random });
    const b = encryptReply('<xml></xml>', { ...settings, timestamp: 1, nonce: 'n', random: javaSdk.random });
    expect(a).toBe(b);
  });
});
