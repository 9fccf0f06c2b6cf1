import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { pacedLoad } from './paced';
import { dropInFlight } from './players';
import { auditStudy, beginStudyRun, prepareStudy, settleStudyRun } from './study-load';

/**
 * `npx tsx test/bench/wal-per-beat.ts`: the write-ahead log one study heartbeat makes, for
 * docs/scaling.md. Starts the API (serve-api.ts, its own embedded PostgreSQL), prepares
 * WAL_PLAYERS studying students (default 50), reads `pg_current_wal_lsn()` across WAL_SECONDS
 * (default 10) of nothing (the jobs' polling, the idle baseline) and across as long a paced run at
 * WAL_RATE beats a second (default 200), and prints the WAL per beat with the baseline taken off,
 * and the audit (every beat credited once).
 */
const ROOT = path.resolve(__dirname, '..', '..');
const PLAYERS = Number(process.env.WAL_PLAYERS ?? 50);
const SECONDS = Number(process.env.WAL_SECONDS ?? 10);
const RATE = Number(process.env.WAL_RATE ?? 200);

async function main(): Promise<void> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'serve-api.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const started = await new Promise<{ url: string; databaseUrl: string }>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+) DATABASE (\S+)/.exec(output);
      if (match?.[1] && match[2]) resolve({ url: match[1], databaseUrl: match[2] });
    });
    child.on('exit', (code) => reject(new Error(`serve-api.ts exited with ${code}`)));
  });
  const db = new Client({ connectionString: started.databaseUrl });
  await db.connect();
  try {
    const lsn = async () =>
      (await db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn ?? '0/0';
    const bytesBetween = async (from: string, to: string) =>
      Number(
        (
          await db.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn) AS bytes', [
            from,
            to,
          ])
        ).rows[0]?.bytes ?? 0,
      );
    const study = await prepareStudy(started.url, db, PLAYERS);
    await db.query('CHECKPOINT');

    const idleFrom = await lsn();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const idleBytes = await bytesBetween(idleFrom, await lsn());

    beginStudyRun(study, 'wal per beat');
    const loadFrom = await lsn();
    const result = await pacedLoad(`${started.url}/api/study/heartbeat.action`, study.player, {
      rate: RATE,
      durationSeconds: SECONDS,
      plays: PLAYERS,
      slowMs: 50,
    });
    dropInFlight(study.player);
    const loadBytes = await bytesBetween(loadFrom, await lsn());
    const tally = await settleStudyRun(study, db);
    const audit = await auditStudy(study, db);
    const beats = tally.answered;
    const row = {
      players: PLAYERS,
      seconds: SECONDS,
      rate: RATE,
      beatsAnswered: beats,
      credited: audit.beatsCredited,
      mismatches: audit.mismatches.length,
      walIdleBytes: idleBytes,
      walLoadBytes: loadBytes,
      walBytesPerBeat: Math.round((loadBytes - idleBytes) / Math.max(beats, 1)),
      walBytesPerBeatWithIdle: Math.round(loadBytes / Math.max(beats, 1)),
      p99Ms: result.latencyP99Ms,
    };
    console.table([row]);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  } finally {
    await db.end();
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`wal-per-beat failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
