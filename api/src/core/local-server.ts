import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** Local HTTP servers of our own (the simulators, the metrics endpoint): starting and stopping them. */

/** Starts `server` on `port` (0: a free one) of `host` and answers the port it took. */
export async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Stops `server`: drops its open connections and waits until it is closed (nothing when it is not listening). */
export async function closeServer(server: Server | null | undefined): Promise<void> {
  if (!server?.listening) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** `&`, `<`, `>`, `"` and `'` as character references (text put into a simulator's page). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Answers an HTML page. */
export function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

/** Sends the browser back to `location` after a form (303). */
export function redirectAfterPost(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

/** A request header's value (the first of repeated ones). */
export function requestHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The whole body of a request; null as soon as it is over `limit` bytes (the rest is not read). */
export async function readRequestBody(
  req: IncomingMessage,
  limit = Number.POSITIVE_INFINITY,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Starts a server answering by `handle` on `port` of `host` (0: a free one); a request whose
 * handling throws is answered by `failed`. Answers the server and its base URL.
 */
export async function startLocalServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  failed: (res: ServerResponse, error: Error) => void,
  port: number,
  host: string,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => failed(res, error));
  });
  return { server, url: `http://${host}:${await listenOn(server, port, host)}` };
}

/** A simulator's kept state: the rows of its JSON file, none when there is no file yet (or it is unreadable). */
export function readStateFile<T>(file: string | undefined): T[] {
  if (!file) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T[];
  } catch {
    return [];
  }
}

/** Keeps a simulator's state in its JSON file; a failure to write loses only persistence (it goes on in memory). */
export function writeStateFile(file: string | undefined, rows: unknown): void {
  if (!file) return;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(rows));
  } catch {
    // The simulator goes on in memory.
  }
}
