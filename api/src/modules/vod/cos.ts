import { createHash, createHmac } from 'node:crypto';

/**
 * The pieces of the COS XML API (Tencent Cloud Object Storage, which keeps VOD uploads) shared by
 * the VOD client (`vod.client.ts`) and the simulator (`cos-sim.ts`), which recomputes and compares:
 * the request signature and the XML documents of errors and multipart uploads. See docs/vod.md.
 *
 * Signature (no signed headers; the query's parameters signed when there are any):
 *   KeyTime       = "<start>;<end>" (Unix seconds)
 *   SignKey       = HMAC-SHA1(secretKey, KeyTime)
 *   HttpString    = method (lower case) \n path \n HttpParameters \n HttpHeaders(empty) \n
 *   HttpParameters = the parameters' names (lower case) and values, URL-encoded, sorted by name,
 *                   `name=value` joined by `&` (a parameter without a value: `uploads=`)
 *   StringToSign  = "sha1" \n KeyTime \n SHA1(HttpString) \n
 *   Authorization = q-sign-algorithm=sha1&q-ak=…&q-sign-time=KeyTime&q-key-time=KeyTime
 *                   &q-header-list=&q-url-param-list=<names joined by ;>&q-signature=HMAC-SHA1(SignKey, StringToSign)
 */

const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');
const hmacSha1Hex = (key: string, text: string) => createHmac('sha1', key).update(text, 'utf8').digest('hex');

/** URL encoding as COS signs it (RFC 3986: `!'()*` encoded too). */
const cosEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A COS request to sign: its method, path, query parameters and the key's validity (Unix seconds). */
export interface CosSignedRequest {
  method: string;
  path: string;
  params?: Record<string, string>;
  start: number;
  end: number;
}

/** The COS request signature (the Authorization header) of a request with a (temporary) key. */
export function cosAuthorization(secretId: string, secretKey: string, request: CosSignedRequest): string {
  const keyTime = `${request.start};${request.end}`;
  const params = Object.entries(request.params ?? {})
    .map(([name, value]) => [cosEncode(name.toLowerCase()), cosEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const httpParameters = params.map(([name, value]) => `${name}=${value}`).join('&');
  const httpString = `${request.method.toLowerCase()}\n${request.path}\n${httpParameters}\n\n`;
  const stringToSign = `sha1\n${keyTime}\n${sha1Hex(httpString)}\n`;
  const signature = hmacSha1Hex(hmacSha1Hex(secretKey, keyTime), stringToSign);
  return [
    'q-sign-algorithm=sha1',
    `q-ak=${secretId}`,
    `q-sign-time=${keyTime}`,
    `q-key-time=${keyTime}`,
    'q-header-list=',
    `q-url-param-list=${params.map(([name]) => name).join(';')}`,
    `q-signature=${signature}`,
  ].join('&');
}

/** Text escaped for an XML element. */
export const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML element text with its entities decoded (the five named ones and numeric references). */
export const xmlUnescape = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? match;
  });

/** The text of the first `<name>` element of a flat XML document (COS answers), or null. */
export function xmlField(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? xmlUnescape(match[1] as string) : null;
}

/** A COS error document: `<Error><Code>…</Code><Message>…</Message><RequestId>…</RequestId></Error>`. */
export const cosErrorXml = (code: string, message: string, requestId: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${xmlEscape(code)}</Code><Message>${xmlEscape(message)}</Message>` +
  `<RequestId>${xmlEscape(requestId)}</RequestId></Error>`;

/** The code and message of a COS error document, or null when the text is not one. */
export function parseCosError(xml: string): { code: string; message: string } | null {
  if (!/<Error>/.test(xml)) return null;
  return { code: xmlField(xml, 'Code') ?? 'Error', message: xmlField(xml, 'Message') ?? '' };
}

/** One uploaded part of a multipart upload, as the completion lists it. */
export interface CosPart {
  partNumber: number;
  /** As the part's PUT answered it, quotes included (`"<md5>"`). */
  etag: string;
}

/** The body of Complete Multipart Upload: every part, by number, with its ETag. */
export const completeMultipartXml = (parts: readonly CosPart[]) =>
  `<CompleteMultipartUpload>${parts
    .map(
      (part) =>
        `<Part><PartNumber>${part.partNumber}</PartNumber><ETag>${xmlEscape(part.etag)}</ETag></Part>`,
    )
    .join('')}</CompleteMultipartUpload>`;

/**
 * The part list of a Complete Multipart Upload body, in the order given; null when it is not one
 * (no root element, something other than `<Part>` elements, a part without a number or an ETag).
 */
export function parseCompleteMultipart(xml: string): CosPart[] | null {
  const root =
    /^\s*(?:<\?xml[^?]*\?>)?\s*<CompleteMultipartUpload(?:\s+xmlns="[^"]*")?>([\s\S]*)<\/CompleteMultipartUpload>\s*$/.exec(
      xml,
    );
  if (!root) return null;
  const parts: CosPart[] = [];
  const body = root[1] as string;
  const partPattern = /\s*<Part>([\s\S]*?)<\/Part>\s*/y;
  let at = 0;
  while (at < body.length) {
    partPattern.lastIndex = at;
    const part = partPattern.exec(body);
    if (!part) return body.slice(at).trim() ? null : parts;
    at = partPattern.lastIndex;
    const inner = part[1] as string;
    if (inner.replace(/\s*<(PartNumber|ETag)>[^<]*<\/\1>\s*/g, '') !== '') return null;
    const number = xmlField(inner, 'PartNumber');
    const etag = xmlField(inner, 'ETag');
    if (number === null || !/^\d{1,5}$/.test(number.trim()) || etag === null) return null;
    parts.push({ partNumber: Number(number.trim()), etag: etag.trim() });
  }
  return parts;
}
