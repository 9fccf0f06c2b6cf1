import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got, body kept as raw bytes (signatures are over them). */
export interface ReceivedNotification {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Real time (ms) of arrival. */
  at: number;
}

/** How the receiver answers the n-th request (0-based): an HTTP status, or never ('hang'). */
export type ReceiverAnswer = (request: ReceivedNotification, index: number) => number | 'hang';

export interface NotifyReceiver {
  /** `http://127.0.0.1:port/notify` */
  url: string;
  received: ReceivedNotification[];
  /** Resolves once `count` requests arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedNotification[]>;
  close(): Promise<void>;
}

/**
 * A tiny local HTTP server standing for our notify_url in tests: records every POST and answers
 * as told (204 by default; `{"code":"FAIL"}` with the status otherwise).
 */
export async function startNotifyReceiver(answer: ReceiverAnswer = () => 204): Promise<NotifyReceiver> {
  const received: ReceivedNotification[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      const index = received.push(request) - 1;
      const status = answer(request, index);
      if (status === 'hang') hanging.add(res);
      else if (status === 204) res.writeHead(204).end();
      else if (status >= 200 && status < 300) res.writeHead(status).end();
      else {
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'FAIL', message: '失败' }));
      }
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve(received.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`expected ${count} notifications, got ${received.length} in ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice(0, count));
          },
        };
        waiters.push(waiter);
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
