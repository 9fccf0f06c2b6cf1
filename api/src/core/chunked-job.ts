import { DataTypes, type Model, type ModelStatic, type Transaction, type WhereOptions } from 'sequelize';

/**
 * The shape every resumable job of the product shares (unit imports, unit class transfers): a row
 * that counts where the job stands, rows of work taken a chunk per transaction under the job row's
 * lock, and runs that each take a time slice and hand the rest to the next run. A killed process
 * loses at most the chunk in flight; a second run at once finds the lock, then only what is pending.
 */

/** Time one job run may take before it hands the rest to a new run (so no run nears its expiry). */
export const RUN_SLICE_MS = 20_000;

/** The counting columns of a job row (the model's attributes; the migration made the same columns). */
export const jobProgressAttributes = {
  total: { type: DataTypes.INTEGER, allowNull: false },
  processed: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  okCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  failedCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  message: { type: DataTypes.STRING(200), allowNull: true },
  createdBy: { type: DataTypes.INTEGER, allowNull: true },
  finishedAt: { type: DataTypes.DATE, allowNull: true },
} as const;

/** A job row's counts, as `jobProgressAttributes` declares them. */
export interface JobProgress {
  total: number;
  processed: number;
  okCount: number;
  failedCount: number;
  message: string | null;
  finishedAt: Date | null;
}

type JobRow = Model & JobProgress;

/**
 * Locks a job's row for the rest of the transaction (null when it is gone). A job knows its row by
 * id alone (the row names its project), so the look-up spans projects on purpose.
 */
export function lockJobRow<M extends JobRow>(
  model: ModelStatic<M>,
  id: number,
  transaction: Transaction,
): Promise<M | null> {
  return model.findOne({
    where: { id } as WhereOptions,
    transaction,
    lock: transaction.LOCK.UPDATE,
    allTenants: true,
  });
}

/**
 * Runs `chunk` (one transaction's worth; answers whether work remains) until the work ends or the
 * slice is spent. Answers whether work remains: the job then sends itself again.
 */
export async function runInSlices(chunk: () => Promise<boolean>, sliceMs = RUN_SLICE_MS): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < sliceMs) {
    if (!(await chunk())) return false;
  }
  return true;
}

/** Moves a job row's counts on by one chunk's outcomes, in the chunk's transaction. */
export async function countChunk(
  row: JobRow,
  done: number,
  ok: number,
  transaction: Transaction,
): Promise<void> {
  await row.update(
    {
      processed: row.processed + done,
      okCount: row.okCount + ok,
      failedCount: row.failedCount + done - ok,
    } as Partial<JobProgress>,
    { transaction },
  );
}

/**
 * Ends a job row by its counts: FAILED when nothing succeeded (with `noneMessage` unless the job
 * already said why), PARTIAL when some failed, else DONE. Answers the status written.
 */
export async function endByCounts(
  row: JobRow & { status: string },
  noneMessage: string,
  transaction: Transaction,
): Promise<'DONE' | 'PARTIAL' | 'FAILED'> {
  const status = row.okCount === 0 ? 'FAILED' : row.failedCount > 0 ? 'PARTIAL' : 'DONE';
  await row.update(
    {
      status,
      finishedAt: new Date(),
      ...(status === 'FAILED' && !row.message ? { message: noneMessage } : {}),
    } as Partial<JobProgress>,
    { transaction },
  );
  return status;
}

/** A job row's progress as the lists of jobs answer it (the job's own view adds its names). */
export function presentJobProgress<S extends string>(
  row: JobProgress & { id: number; status: S; createdAt: Date },
  finished: boolean,
) {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    processed: row.processed,
    okCount: row.okCount,
    failedCount: row.failedCount,
    message: row.message,
    finished,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
