import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { waitUntil } from './wait';

const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** `postgres://user:password@127.0.0.1:<port>/<database>` through the pooler. */
  url: string;
  /** The admin console's answer to `SHOW <what>` (e.g. STATS), rows as objects. */
  show(what: string): Promise<Record<string, string>[]>;
  stop(): Promise<void>;
}

/**
 * Debian's PgBouncer (installed by .ci/run) in transaction pooling in front of `serverUrl`'s
 * database, for `serverUrl`'s role and password, as docs/operations.md configures it: each server
 * connection gets the time zone the application sets (`connect_query`, since a session's SET does not
 * follow a transaction to another server connection), and server connections are handed out in turn
 * (`server_round_robin`), so anything that relies on a session would break at once.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const database = server.pathname.slice(1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-pgbouncer-'));
  const port = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    `[databases]
${database} = host=${server.hostname} port=${server.port} dbname=${database} connect_query='SET TIME ZONE INTERVAL ''+08:00'' HOUR TO MINUTE'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${dir}/userlist.txt
admin_users = ${user}
pool_mode = transaction
default_pool_size = 8
server_round_robin = 1
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
  );
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" "${password}"\n`);
  // PgBouncer refuses to run as root: it then runs as nobody, who must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    fs.chmodSync(dir, 0o777);
    for (const file of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, file), 0o644);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const { Client } = await import('pg');
  const admin = () =>
    new Client({
      connectionString: `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/pgbouncer`,
    });
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output}`);
      const client = admin();
      try {
        await client.connect();
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    { timeoutMs: 20_000, what: 'pgbouncer to accept connections' },
  );
  return {
    url,
    async show(what) {
      const client = admin();
      await client.connect();
      try {
        // The admin console speaks the simple protocol only.
        const result = await client.query({ text: `SHOW ${what}`, queryMode: 'simple' } as never);
        return (result as unknown as { rows: Record<string, string>[] }).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
