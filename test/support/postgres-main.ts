import { startEmbeddedPostgres } from '@px/api/testing';

// Runs an embedded PostgreSQL in a process of its own (see postgres.ts): `dataDir port`. Prints
// `ready <admin url>` once it accepts connections; SIGTERM stops it cleanly and ends the process.

async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  if (!dataDir || !port) throw new Error('usage: postgres-main <dataDir> <port>');
  const server = await startEmbeddedPostgres({ dataDir, persistent: true, port: Number(port) });
  process.on('SIGTERM', () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  process.stdout.write(`ready ${server.adminUrl}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
