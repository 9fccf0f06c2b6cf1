import type { IncomingMessage } from 'node:http';

/**
 * The JSON bodies the apps send (`application/json`, UTF-8 or no charset, not compressed, with a
 * Content-Length within the limit) read straight from the request: koa-body reads them through
 * co-body, raw-body and inflation and asks type-is the request's type four times on the way, about a
 * twentieth of a hot call's CPU for a body like `{}` or `{"id":1}`. Every other body still goes
 * through koa-body. What is read is what koa-body answers: an object or array (strict), `{}` for an
 * empty body, and 400 for anything else, for a body whose length is not the one announced, and for
 * a `__proto__` key (as co-body's bourne refuses it).
 */

/** The request's declared length when its body is one `readPlainJson` reads, else null. */
export function plainJsonLength(headers: IncomingMessage['headers'], limit: number): number | null {
  if (!isPlainJsonType(headers['content-type'])) return null;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return null;
  if (headers['transfer-encoding'] !== undefined) return null;
  const declared = headers['content-length'];
  if (declared === undefined || !/^[0-9]{1,9}$/.test(declared)) return null;
  const length = Number(declared);
  return length <= limit ? length : null;
}

// `application/json`, alone or with a UTF-8 charset, as every app sends it.
const PLAIN_JSON = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/** Whether a `Content-Type` is the plain JSON every app sends (what `ctx.is('json')` also says, cheaper). */
export function isPlainJsonType(type: string | undefined): boolean {
  return type !== undefined && PLAIN_JSON.test(type);
}

/** A client error with the status the error handler answers (400, as co-body's). */
function badBody(message: string): Error {
  return Object.assign(new Error(message), { status: 400, expose: true });
}

/**
 * Reads and parses a body of `length` bytes (`plainJsonLength`); throws (or rejects with) a 400
 * error when it is no JSON object or array. A body already in the request's buffer is answered at
 * once, with no promise; one still arriving is read from the stream as it comes.
 *
 * A small body usually comes in the packet of its headers. The call starts at the headers; one
 * microtask later (`await null`) the parser has pushed the rest of that packet, the body, into the
 * buffer. Taken from there, it costs no stream events and no ticks (about a tenth of a hot call's
 * CPU), so the router waits that one microtask before reading.
 */
export function readPlainJson(req: IncomingMessage, length: number): unknown {
  if (req.readableFlowing !== true && req.readableLength === length) {
    const buffered = length === 0 ? EMPTY : (req.read() as Buffer | null);
    if (buffered?.length === length) return parsePlainJson(buffered);
  }
  return readStream(req, length);
}

/** Reads a body of `length` bytes from the stream, as it comes. */
function readStream(req: IncomingMessage, length: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (error: Error | null) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFailure);
      req.off('close', onClose);
      if (error) {
        // The rest of a refused body is read and dropped, as raw-body does, so the answer can go out.
        req.resume();
        reject(error);
        return;
      }
      try {
        resolve(parsePlainJson(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
      } catch (refusal) {
        reject(refusal);
      }
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > length) done(badBody('request size did not match content length'));
      else chunks.push(chunk);
    };
    const onEnd = () =>
      done(received === length ? null : badBody('request size did not match content length'));
    const onFailure = () => done(badBody('request aborted'));
    // A connection closed before the body's end.
    const onClose = () => done(badBody('request aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFailure);
    req.on('close', onClose);
  });
}

const EMPTY = Buffer.alloc(0);

function parsePlainJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (text === '') return {};
  if (!STRICT_JSON.test(text)) throw badBody('invalid JSON, only supports object and array');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badBody('invalid JSON');
  }
  if (PROTO_KEY.test(text) && holdsProtoKey(parsed))
    throw badBody('Object contains forbidden prototype property');
  return parsed;
}

// As co-body: JSON whitespace, then an object or an array.
const STRICT_JSON = /^[ \t\n\r]*(\[|\{)/;
// As bourne: the text of a `__proto__` key, escaped or not (then the parsed value is searched).
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/** Whether any object in `value` has an own `__proto__` key (JSON.parse makes it a plain property). */
function holdsProtoKey(value: unknown): boolean {
  const pending = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    if (!Array.isArray(next) && Object.hasOwn(next, '__proto__')) return true;
    for (const field of Object.values(next)) pending.push(field);
  }
  return false;
}
