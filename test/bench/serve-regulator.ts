import { createRegulatorSimulator } from '@px/regulator/sim';

/**
 * The regulator simulator in a process of its own, on the API's database (its `regulator_sim`
 * schema) and the port the API was told (`REGULATOR_API_BASE`): as in production, the regulator's
 * work is not done on the sender's event loop, so the push bench measures the sender alone. Prints
 * its URL on stdout.
 */
async function main(): Promise<void> {
  const [databaseUrl, port] = process.argv.slice(2);
  if (!databaseUrl || !port) throw new Error('usage: serve-regulator.ts <database url> <port>');
  const sim = createRegulatorSimulator({
    databaseUrl,
    ratePerSecond: Number(process.env.REGULATOR_SIM_RATE_PER_SECOND ?? 200),
  });
  const url = await sim.listen(Number(port));
  process.stdout.write(`LISTENING ${url}\n`);
  process.on('SIGTERM', async () => {
    await sim.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
