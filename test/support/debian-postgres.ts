import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports';
import { waitUntil } from './wait';

/** Debian's PostgreSQL 15 programs (package `postgresql-15`, installed by .ci/run). */
export const POSTGRES15_BIN = process.env.POSTGRES15_BIN ?? '/usr/lib/postgresql/15/bin';

/** The password of the clusters' superuser `postgres` (a throwaway cluster's, on loopback only). */
const SUPERUSER_PASSWORD = 'px_pg15_local';

/**
 * PostgreSQL refuses to run as root: run as root, the tests run the server and its tools as
 * `nobody`, who must own the folders they write (as `postgres` owns them on a Debian machine).
 */
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const asServerUser = () => (AS_ROOT ? { uid: NOBODY, gid: NOBODY } : {});

/** A new temp folder the server's system user owns (mode 0700, as a data directory must be). */
export function serverDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (AS_ROOT) fs.chownSync(dir, NOBODY, NOBODY);
  return dir;
}

/** Hands `file` (written by the test) to the server's system user. */
export function giveToServerUser(file: string): void {
  if (AS_ROOT) fs.chownSync(file, NOBODY, NOBODY);
}

/**
 * Runs `program` (one of Debian's PostgreSQL 15 programs by name, e.g. `pg_dump`, else found on
 * PATH, e.g. `tar`) as the server's system user with the superuser's password at hand (PGPASSWORD);
 * answers its standard output. Throws with its output when it fails.
 */
export function runAsServerUser(
  program: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const file = fs.existsSync(path.join(POSTGRES15_BIN, program))
    ? path.join(POSTGRES15_BIN, program)
    : program;
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        ...asServerUser(),
        cwd: os.tmpdir(),
        env: { ...process.env, PGPASSWORD: SUPERUSER_PASSWORD, ...env },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

export interface DebianPostgres {
  port: number;
  dataDir: string;
  /** `postgres://…@127.0.0.1:<port>/<database>` as `role` (default the superuser `postgres`). */
  url(database?: string, role?: { user: string; password: string }): string;
  /** The connection options of Debian's client programs for this server, as the superuser. */
  connectArgs(): string[];
  /** Runs one query as the superuser on `database` and answers its rows. */
  query<T extends object>(database: string, text: string, values?: unknown[]): Promise<T[]>;
  /** Fast shutdown (sessions ended, a clean checkpoint), then removes the cluster unless kept. */
  stop(): Promise<void>;
}

export interface DebianPostgresOptions {
  /**
   * The data directory of an existing cluster to start (e.g. a base backup restored), owned by the
   * server's user and left in place on stop; by default a new cluster is made (initdb) in a temp
   * folder removed on stop.
   */
  dataDir?: string;
  /** Settings given on the command line (`-c name=value`), e.g. `archive_mode`. */
  settings?: Record<string, string>;
}

/**
 * Debian's own PostgreSQL 15 (never the machine's service: a cluster of the test's, on a free
 * loopback port, no Unix socket), as the product runs on it in production. A new cluster gets
 * `initdb`'s defaults but password authentication (scram-sha-256) for every connection, UTF-8 and
 * the superuser `postgres`. `fsync` is off: a test's cluster need not survive a power cut, and
 * durability is not what the tests check (restores are: a clean shutdown and the WAL still hold
 * everything). Throws with the server's output when it does not come up.
 */
export async function startDebianPostgres(options: DebianPostgresOptions = {}): Promise<DebianPostgres> {
  const ownDir = options.dataDir ? null : serverDir('px-pg15-');
  const dataDir = options.dataDir ?? path.join(ownDir as string, 'data');
  if (ownDir) {
    const passwordFile = path.join(ownDir, 'password');
    fs.writeFileSync(passwordFile, SUPERUSER_PASSWORD);
    giveToServerUser(passwordFile);
    await runAsServerUser('initdb', [
      '--pgdata',
      dataDir,
      '--username',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  const port = await freePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    fsync: 'off',
    ...options.settings,
  };
  const child: ChildProcess = spawn(
    path.join(POSTGRES15_BIN, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { ...asServerUser(), cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = (database = 'postgres', role = { user: 'postgres', password: SUPERUSER_PASSWORD }) =>
    `postgres://${encodeURIComponent(role.user)}:${encodeURIComponent(role.password)}@127.0.0.1:${port}/${database}`;
  const query = async <T extends object>(database: string, text: string, values: unknown[] = []) => {
    const client = new Client({ connectionString: url(database) });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await exited;
    }
    if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
  };
  try {
    // A server restoring a backup accepts connections once it is consistent.
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`PostgreSQL 15 exited with ${child.exitCode}`);
        return query('postgres', 'SELECT 1').then(
          () => true,
          () => false,
        );
      },
      { timeoutMs: 60_000, what: 'PostgreSQL 15 to accept connections' },
    );
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output}`);
  }
  return {
    port,
    dataDir,
    url,
    connectArgs: () => ['--host', '127.0.0.1', '--port', String(port), '--username', 'postgres'],
    query,
    stop,
  };
}
