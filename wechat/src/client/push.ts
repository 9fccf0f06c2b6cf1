import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverPushSignature } from './signature';

/** Why a push (or a reply to one) was refused. */
export type PushFailure = 'signature' | 'xml' | 'decrypt' | 'appid' | 'config';

/** A push to our server URL (or a reply to one) that must not be trusted or cannot be read. */
export class PushError extends Error {
  override readonly name = 'PushError';
  constructor(
    readonly reason: PushFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The flat fields of a WeChat push message: `{ ToUserName, FromUserName, CreateTime, MsgType, ... }`. */
export type PushFields = Record<string, string>;

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new PushError('xml', 'a bare & in text');
    if (entity in ENTITIES) return ENTITIES[entity] as string;
    const code = /^#x([0-9a-f]+)$/i.exec(entity)?.[1] ?? /^#([0-9]+)$/.exec(entity)?.[1];
    if (code === undefined) throw new PushError('xml', `unknown entity &${entity};`);
    const point = Number.parseInt(code, entity.startsWith('#x') || entity.startsWith('#X') ? 16 : 10);
    if (!Number.isFinite(point) || point > 0x10ffff) throw new PushError('xml', `bad character &${entity};`);
    return String.fromCodePoint(point);
  });
}

/**
 * Parses the flat XML WeChat pushes (`<xml><Name><![CDATA[..]]></Name><N>1</N>...</xml>`) into its
 * fields; text is entity-decoded, CDATA taken as is. Throws PushError('xml') on anything else:
 * nested elements, attributes, duplicate fields, DOCTYPE, unclosed or mismatched tags.
 */
export function parsePushXml(xml: string | Buffer): PushFields {
  let s = (typeof xml === 'string' ? xml : xml.toString('utf8')).replace(/^\uFEFF/, '').trim();
  const declaration = /^<\?xml[^?]*\?>/.exec(s);
  if (declaration) s = s.slice(declaration[0].length).trimStart();
  if (!s.startsWith('<xml>')) throw new PushError('xml', 'the body is not <xml>...</xml>');
  let at = '<xml>'.length;
  const fields: PushFields = {};
  const skipSpace = () => {
    while (at < s.length && /\s/.test(s[at] as string)) at += 1;
  };
  for (;;) {
    skipSpace();
    if (s.startsWith('</xml>', at)) {
      if (s.slice(at + '</xml>'.length).trim()) throw new PushError('xml', 'content after </xml>');
      return fields;
    }
    const open = /^<([^\s<>/!?]+)\s*(\/?)>/.exec(s.slice(at, at + 200));
    if (!open) throw new PushError('xml', `expected an element at ${at}`);
    const name = open[1] as string;
    if (!NAME.test(name)) throw new PushError('xml', `bad element name ${name}`);
    if (Object.hasOwn(fields, name)) throw new PushError('xml', `duplicate element ${name}`);
    at += open[0].length;
    if (open[2]) {
      fields[name] = '';
      continue;
    }
    const close = `</${name}>`;
    const parts: Array<{ cdata: boolean; text: string }> = [];
    for (;;) {
      if (at >= s.length) throw new PushError('xml', `unclosed element ${name}`);
      if (s.startsWith(close, at)) {
        at += close.length;
        break;
      }
      if (s.startsWith('<![CDATA[', at)) {
        const end = s.indexOf(']]>', at);
        if (end < 0) throw new PushError('xml', `unclosed CDATA in ${name}`);
        parts.push({ cdata: true, text: s.slice(at + '<![CDATA['.length, end) });
        at = end + ']]>'.length;
        continue;
      }
      if (s[at] === '<') throw new PushError('xml', `nested or mismatched element in ${name}`);
      const next = s.indexOf('<', at);
      const end = next < 0 ? s.length : next;
      parts.push({ cdata: false, text: decodeEntities(s.slice(at, end)) });
      at = end;
    }
    const hasCdata = parts.some((p) => p.cdata);
    fields[name] = parts
      .filter((p) => p.cdata || !hasCdata || p.text.trim())
      .map((p) => p.text)
      .join('');
  }
}

/**
 * Builds flat push XML as WeChat writes it: numbers as text, strings in CDATA (a `]]>` inside is
 * split across two sections). Throws on a field name that is not an XML name.
 */
export function buildPushXml(fields: Record<string, string | number>): string {
  const body = Object.entries(fields)
    .map(([name, value]) => {
      if (!NAME.test(name)) throw new Error(`bad element name ${name}`);
      const text =
        typeof value === 'number'
          ? String(value)
          : `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
      return `<${name}>${text}</${name}>`;
    })
    .join('');
  return `<xml>${body}</xml>`;
}

const BLOCK = 32;

/** The AES key of an EncodingAESKey (43 base64 characters). Throws PushError('config'). */
function aesKeyOf(encodingAESKey: string): Buffer {
  if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAESKey)) {
    throw new PushError('config', 'the EncodingAESKey must be 43 characters of base64');
  }
  return Buffer.from(`${encodingAESKey}=`, 'base64');
}

/**
 * Encrypts a message for safe mode as WeChat's WXBizMsgCrypt does: AES-256-CBC with key =
 * base64(EncodingAESKey + "="), IV = its first 16 bytes, over 16 random bytes + 4-byte big-endian
 * length + message + appid, PKCS#7-padded to 32-byte blocks; answered in base64. Throws
 * PushError('config') for a malformed key or a `random` that is not 16 bytes.
 */
export function encryptPushMessage(input: {
  encodingAESKey: string;
  appId: string;
  message: string;
  random?: Buffer | string;
}): string {
  const key = aesKeyOf(input.encodingAESKey);
  const random = input.random === undefined ? randomBytes(16) : Buffer.from(input.random);
  if (random.length !== 16) throw new PushError('config', 'random must be 16 bytes');
  const message = Buffer.from(input.message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(message.length);
  const plain = Buffer.concat([random, length, message, Buffer.from(input.appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}

/**
 * Decrypts a safe-mode message (see encryptPushMessage). Throws PushError('decrypt') for bad
 * base64, length or padding, PushError('appid') when the message was made for another appid, and
 * PushError('config') for a malformed key.
 */
export function decryptPushMessage(input: {
  encodingAESKey: string;
  appId: string;
  encrypted: string;
}): string {
  const key = aesKeyOf(input.encodingAESKey);
  const encrypted = input.encrypted.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted) || encrypted.length % 4 !== 0) {
    throw new PushError('decrypt', 'the encrypted message is not base64');
  }
  const bytes = Buffer.from(encrypted, 'base64');
  if (bytes.length === 0 || bytes.length % BLOCK !== 0) {
    throw new PushError('decrypt', 'the encrypted message has a bad length');
  }
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
  const pad = plain[plain.length - 1] as number;
  if (pad < 1 || pad > BLOCK || !plain.subarray(plain.length - pad).every((b) => b === pad)) {
    throw new PushError('decrypt', 'bad padding (wrong key?)');
  }
  const content = plain.subarray(0, plain.length - pad);
  if (content.length < 20) throw new PushError('decrypt', 'the decrypted message is too short');
  const length = content.readUInt32BE(16);
  if (20 + length > content.length) throw new PushError('decrypt', 'bad message length (wrong key?)');
  const appId = content.subarray(20 + length).toString('utf8');
  if (appId !== input.appId) throw new PushError('appid', 'the message was encrypted for another appid');
  return content.subarray(20, 20 + length).toString('utf8');
}

/** The safe-mode `msg_signature`: sha1 of token, timestamp, nonce and the Encrypt text sorted and joined. */
export function pushMessageSignature(
  token: string,
  timestamp: string,
  nonce: string,
  encrypt: string,
): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypt].sort().join(''), 'utf8').digest('hex');
}

function sameSignature(expected: string, received: string | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The query of a push as Koa (`ctx.query`) or URL (`searchParams`) gives it. */
export type PushQuery = URLSearchParams | Record<string, string | string[] | undefined>;

function queryValue(query: PushQuery, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** What the push settings of an official account hold (MP console: 服务器配置). */
export interface PushSettings {
  token: string;
  appId: string;
  /** Needed in safe mode (`encrypt_type=aes`). */
  encodingAESKey?: string | null;
}

export interface PushMessage {
  fields: PushFields;
  mode: 'plain' | 'safe';
}

/**
 * Reads a push POSTed to our server URL: checks `signature` (plain mode) or `msg_signature`
 * (safe mode, `encrypt_type=aes`), decrypts, parses. Throws PushError: 'signature' when the
 * signature is missing or wrong, 'config' when safe mode comes without an EncodingAESKey,
 * 'decrypt'/'appid' when the envelope cannot be opened, 'xml' when the body is not push XML.
 */
export function readPush(input: PushSettings & { query: PushQuery; body: string | Buffer }): PushMessage {
  const timestamp = queryValue(input.query, 'timestamp') ?? '';
  const nonce = queryValue(input.query, 'nonce') ?? '';
  if (queryValue(input.query, 'encrypt_type') === 'aes') {
    if (!input.encodingAESKey) throw new PushError('config', 'safe mode needs the EncodingAESKey');
    const envelope = parsePushXml(input.body);
    const encrypt = envelope.Encrypt;
    if (!encrypt) throw new PushError('xml', 'the safe-mode body has no Encrypt');
    const expected = pushMessageSignature(input.token, timestamp, nonce, encrypt);
    if (!sameSignature(expected, queryValue(input.query, 'msg_signature'))) {
      throw new PushError('signature', 'msg_signature does not match');
    }
    const message = decryptPushMessage({
      encodingAESKey: input.encodingAESKey,
      appId: input.appId,
      encrypted: encrypt,
    });
    return { fields: parsePushXml(message), mode: 'safe' };
  }
  const expected = serverPushSignature(input.token, timestamp, nonce);
  if (!sameSignature(expected, queryValue(input.query, 'signature'))) {
    throw new PushError('signature', 'signature does not match');
  }
  return { fields: parsePushXml(input.body), mode: 'plain' };
}

/**
 * The answer to WeChat's verification GET of our server URL (`echostr`, verbatim) when its
 * signature is right. Throws PushError('signature') otherwise.
 */
export function answerServerCheck(token: string, query: PushQuery): string {
  const timestamp = queryValue(query, 'timestamp') ?? '';
  const nonce = queryValue(query, 'nonce') ?? '';
  const echostr = queryValue(query, 'echostr');
  if (
    !echostr ||
    !sameSignature(serverPushSignature(token, timestamp, nonce), queryValue(query, 'signature'))
  ) {
    throw new PushError('signature', 'the verification request is not signed by WeChat');
  }
  return echostr;
}

/** The key to de-duplicate pushes by (WeChat retries the same message): FromUserName + CreateTime. */
export function pushDedupKey(fields: PushFields): string {
  return `${fields.FromUserName ?? ''}:${fields.CreateTime ?? ''}`;
}

/** What a safe-mode reply is encrypted and signed with. */
export interface ReplyEncryption extends PushSettings {
  encodingAESKey: string;
  timestamp: string | number;
  nonce: string;
  random?: Buffer | string;
}

/**
 * Wraps a reply for safe mode: `<xml><Encrypt/><MsgSignature/><TimeStamp/><Nonce/></xml>`.
 * Throws PushError('config') for a malformed key.
 */
export function encryptReply(xml: string, encryption: ReplyEncryption): string {
  const encrypt = encryptPushMessage({
    encodingAESKey: encryption.encodingAESKey,
    appId: encryption.appId,
    message: xml,
    ...(encryption.random === undefined ? {} : { random: encryption.random }),
  });
  const timestamp = String(encryption.timestamp);
  return buildPushXml({
    Encrypt: encrypt,
    MsgSignature: pushMessageSignature(encryption.token, timestamp, encryption.nonce, encrypt),
    TimeStamp: Number(timestamp),
    Nonce: encryption.nonce,
  });
}

/**
 * A passive text reply to a push (`ToUserName` = the follower's openid, `FromUserName` = the
 * account's original id), encrypted when `encryption` is given (safe mode).
 */
export function textReply(input: {
  toUser: string;
  fromUser: string;
  content: string;
  /** Seconds since the epoch. */
  createTime: number;
  encryption?: ReplyEncryption;
}): string {
  const xml = buildPushXml({
    ToUserName: input.toUser,
    FromUserName: input.fromUser,
    CreateTime: input.createTime,
    MsgType: 'text',
    Content: input.content,
  });
  return input.encryption ? encryptReply(xml, input.encryption) : xml;
}

/**
 * Reads our server's answer to a push as WeChat does: `success` or an empty body mean "no reply"
 * (null); otherwise a reply XML, which in safe mode must be encrypted and carry a valid
 * MsgSignature. Throws PushError like readPush.
 */
export function readPushReply(
  input: PushSettings & { mode: 'plain' | 'safe'; body: string | Buffer },
): PushFields | null {
  const text = (typeof input.body === 'string' ? input.body : input.body.toString('utf8')).trim();
  if (text === '' || text === 'success') return null;
  const fields = parsePushXml(text);
  if (input.mode === 'plain') return fields;
  if (!input.encodingAESKey) throw new PushError('config', 'safe mode needs the EncodingAESKey');
  const { Encrypt: encrypt, MsgSignature: signature, TimeStamp: timestamp = '', Nonce: nonce = '' } = fields;
  if (!encrypt) throw new PushError('xml', 'a safe-mode reply must be encrypted');
  if (!sameSignature(pushMessageSignature(input.token, timestamp, nonce, encrypt), signature)) {
    throw new PushError('signature', 'the reply MsgSignature does not match');
  }
  return parsePushXml(
    decryptPushMessage({ encodingAESKey: input.encodingAESKey, appId: input.appId, encrypted: encrypt }),
  );
}
