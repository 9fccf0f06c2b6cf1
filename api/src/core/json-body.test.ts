import http from 'node:http';
import net from 'node:net';
import { plainJsonLength, readPlainJson } from './json-body';

describe('plainJsonLength', () => {
  const limit = 100;
  test('takes the JSON the apps send: application/json, UTF-8 or no charset, a length within the limit', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset="UTF-8"',
    ])
      expect(plainJsonLength({ 'content-type': type, 'content-length': '12' }, limit)).toBe(12);
    expect(plainJsonLength({ 'content-type': 'application/json', 'content-length': '0' }, limit)).toBe(0);
  });

  test('leaves every other body to koa-body', () => {
    for (const headers of [
      { 'content-type': 'application/json', 'content-length': '101' },
      { 'content-type': 'application/json; charset=latin1', 'content-length': '2' },
      { 'content-type': 'application/vnd.api+json', 'content-length': '2' },
      { 'content-type': 'text/plain', 'content-length': '2' },
      { 'content-type': 'application/json', 'content-length': '2', 'content-encoding': 'gzip' },
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      { 'content-type': 'application/json', 'content-length': '2', 'transfer-encoding': 'chunked' },
      { 'content-type': 'application/json', 'content-length': '-1' },
      { 'content-length': '2' },
    ])
      expect([headers, plainJsonLength(headers, limit)]).toEqual([headers, null]);
  });
});

/** As the router reads a JSON body: one microtask after the headers, then at once or from the stream. */
async function readAsTheRouter(req: http.IncomingMessage): Promise<unknown> {
  const length = Number(req.headers['content-length']);
  if (req.readableLength < length) await null;
  return readPlainJson(req, length);
}

describe('readPlainJson', () => {
  let server: http.Server;
  let port: number;
  /** What each request read, as answered (an answer may not reach a client that hung up). */
  const outcomes: { body?: unknown; status?: number }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readAsTheRouter(req)
        .then(
          (body) => outcomes.push({ body }),
          (error: Error & { status?: number }) => outcomes.push({ status: error.status }),
        )
        .then(() => res.end(JSON.stringify(outcomes[outcomes.length - 1])));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (body: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return (await res.json()) as { body?: unknown; status?: number };
  };

  test('answers objects and arrays, `{}` for an empty body', async () => {
    expect(await send('{"id":12,"name":"张三"}')).toEqual({ body: { id: 12, name: '张三' } });
    expect(await send(' [1,2]')).toEqual({ body: [1, 2] });
    expect(await send('')).toEqual({ body: {} });
  });

  test('refuses with 400 what is no object or array, bad JSON and __proto__ keys at any depth', async () => {
    for (const body of [
      '12',
      '"ab"',
      'null',
      '{"a":',
      '{"a":1} x',
      '{"a":{"__proto__":{"admin":true}}}',
      '[{"\\u005f_proto__":1}]',
    ])
      expect([body, await send(body)]).toEqual([body, { status: 400 }]);
    // The text alone is no key.
    expect(await send('{"a":"\\"__proto__\\":"}')).toEqual({ body: { a: '"__proto__":' } });
  });

  test('refuses with 400 a body shorter than its Content-Length (the client hung up)', async () => {
    outcomes.length = 0;
    await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"id":1}',
        );
        socket.end();
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    for (let waited = 0; !outcomes.length && waited < 50; waited++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outcomes).toEqual([{ status: 400 }]);
  });
});

describe('readPlainJson: a body in the packet of its headers, or after them', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readAsTheRouter(req).then(
        // Whether the body was taken from the buffer at once (the stream never flowed) or read as it came.
        (body) => res.end(JSON.stringify({ body, streamed: req.readableFlowing === true })),
        (error: Error & { status?: number }) => res.end(JSON.stringify({ status: error.status })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends the request in parts over one socket, `gapMs` apart, and answers the answer's body. */
  const sendInParts = (parts: string[], gapMs: number) =>
    new Promise<unknown>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', async () => {
        socket.setNoDelay(true);
        for (const [index, part] of parts.entries()) {
          if (index > 0) await new Promise((wait) => setTimeout(wait, gapMs));
          socket.write(part);
        }
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        const end = text.indexOf('\r\n\r\n');
        if (end >= 0 && text.endsWith('}')) {
          socket.destroy();
          resolve(JSON.parse(text.slice(end + 4).replace(/^[0-9a-f]+\r\n/, '')));
        }
      });
      socket.on('error', reject);
    });
  const head = (length: number) =>
    `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  test('a body in the packet of its headers is taken from the buffer, no stream events', async () => {
    const body = '{"pageNum":1,"pageSize":10}';
    expect(await sendInParts([head(body.length) + body], 0)).toEqual({
      body: { pageNum: 1, pageSize: 10 },
      streamed: false,
    });
  });

  test('a body after its headers, or in two parts, is read from the stream as it comes', async () => {
    const body = '{"name":"张三","id":7}';
    const bytes = Buffer.byteLength(body);
    expect(await sendInParts([head(bytes), body], 50)).toEqual({
      body: { name: '张三', id: 7 },
      streamed: true,
    });
    expect(await sendInParts([head(bytes) + body.slice(0, 5), body.slice(5)], 50)).toEqual({
      body: { name: '张三', id: 7 },
      streamed: true,
    });
    expect(await sendInParts([head(2), '12'], 50)).toEqual({ status: 400 });
  });
});
