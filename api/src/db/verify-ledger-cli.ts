import { LEDGER_PROBLEM_TEXT, verifyLedgers } from '../modules/study/ledger';
import { withOwnerDatabase } from './owner-cli';

/**
 * `npm run verify-ledger [projectId]`: recomputes every enrolment's study ledger (of one project,
 * or of all) on the owner's connection and prints, per enrolment whose chain does not match, the
 * first entry that does not; exits 1 when one does not match.
 */
async function run(): Promise<number> {
  return withOwnerDatabase(async (sequelize) => {
    const argument = process.argv[2];
    const projectId = argument ? Number(argument) : null;
    if (projectId !== null && !Number.isInteger(projectId)) throw new Error(`not a project id: ${argument}`);
    const result = await verifyLedgers(sequelize, { projectId });
    for (const bad of result.mismatches)
      process.stdout.write(
        `MISMATCH project ${bad.projectId} enrolment ${bad.myClassId}: entry ${bad.entryId ?? '-'} (seq ${
          bad.seq ?? '-'
        }, ${bad.kind ?? '-'}) ${bad.problem} — ${LEDGER_PROBLEM_TEXT[bad.problem]}\n`,
      );
    process.stdout.write(
      `Study ledger: ${result.enrolments} enrolments, ${result.entries} entries checked, ${
        result.mismatches.length ? `${result.mismatches.length} not matching` : 'all match'
      }\n`,
    );
    return result.mismatches.length ? 1 : 0;
  });
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Ledger check failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
