import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
