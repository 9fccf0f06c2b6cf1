import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing scheme the regulator's platform, our partner open API and the e-invoice service share
 * (Node only: `@px/config/signing`, never imported by the browser apps): a request's canonical
 * string signed with HMAC-SHA256, signatures compared in constant time, and JSON with sorted keys
 * for content hashes.
 */

/** The five lines a request's signature covers (method, request target, timestamp, nonce, body). */
export function canonicalString(parts: {
  method: string;
  target: string;
  timestamp: string | number;
  nonce: string;
  body: string;
}): string {
  return [parts.method.toUpperCase(), parts.target, String(parts.timestamp), parts.nonce, parts.body].join(
    '\n',
  );
}

/** Lower-case hex HMAC-SHA256 of the canonical string. */
export function signCanonical(secret: string, canonical: string): string {
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** JSON with the keys of every object sorted (the same value always gives the same text). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
