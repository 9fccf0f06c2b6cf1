import { createHash, timingSafeEqual } from 'node:crypto';

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** What `wx.config` needs besides the app id. */
export interface JsSdkSignature {
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/**
 * The JS-SDK signature: sha1 of `jsapi_ticket=T&noncestr=N&timestamp=S&url=U` (keys in that ASCII
 * order, raw values), where U is the page URL without its `#fragment`. Throws on an empty ticket,
 * nonce or URL.
 */
export function signJsSdk(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): JsSdkSignature {
  if (!input.ticket || !input.nonceStr || !input.url)
    throw new Error('ticket, nonceStr and url are required');
  const url = input.url.split('#')[0] ?? '';
  const signature = sha1(
    `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`,
  );
  return { timestamp: input.timestamp, nonceStr: input.nonceStr, signature };
}

/**
 * The signature WeChat puts on every push to our server URL: sha1 of the token, timestamp and
 * nonce sorted as strings and joined. Used for the verification GET (answer `echostr`) and for
 * every event POST.
 */
export function serverPushSignature(token: string, timestamp: string, nonce: string): string {
  return sha1([token, timestamp, nonce].sort().join(''));
}

/** Whether a push really comes from WeChat (constant-time comparison). */
export function verifyServerPush(
  token: string,
  query: { signature?: string; timestamp?: string; nonce?: string },
): boolean {
  if (!query.signature || !query.timestamp || !query.nonce) return false;
  const expected = Buffer.from(serverPushSignature(token, query.timestamp, query.nonce));
  const received = Buffer.from(query.signature.toLowerCase());
  return expected.length === received.length && timingSafeEqual(expected, received);
}
