import { performance } from 'node:perf_hooks';
import { maskIdCardNumber } from '@px/config';
import type { FieldError, RegulatorClient, RegulatorOutcome, StudyRecord } from '@px/regulator';
import { QueryTypes, type Transaction } from 'sequelize';
import { REGULATOR_FIELD_LABEL } from '../../contract/regulator-push';
import type { Scope } from '../../core/action';
import { TrainClass } from '../train-class/train-class.model';
import { type PushRequestSummary, RegulatorPush } from './push.model';
import { activeConfig, wakeSender } from './push.service';
import { buildStudyRecords, filedClassOf, type RecordSources } from './push-record';
import type { ProjectPacer, PushPipelineOptions } from './regulator.provider';

/**
 * The sender of one project's pushes (docs/regulator.md "How the platform pushes"), run as the
 * `regulator.push` job (one waiting and one running per project). It claims due pushes in batches
 * (SENDING under a lease, `FOR UPDATE SKIP LOCKED`, so two senders never take the same one),
 * freezes each record the first time it is sent, files the classes they name when a class is new or
 * changed, sends them a few at a time at this process's pace for the project, and writes every
 * attempt's outcome in one transaction per batch:
 *
 * - ACCEPTED, DUPLICATE: SUCCESS (a duplicate is the regulator holding it already);
 * - REJECTED (a field and a reason), BAD_REQUEST, a wrong app id or secret: FAILED, not retried
 *   (the exception queue: staff correct and push again);
 * - RATE_LIMITED: waits the retry-after (the project's pace pauses), not counted as a failure;
 * - no answer, a server error, a clock or nonce refusal: RETRY_WAIT with exponential backoff, FAILED
 *   after `maxFailures` (the circuit pauses the project while the regulator keeps failing).
 *
 * A process killed mid-batch (docs/regulator.md "A sender killed mid-batch") leaves its pushes
 * SENDING and its job `active`: the job expires `SENDER_EXPIRE_SECONDS` after it started (a run
 * never lasts that long), the pushes' lease runs out within a run's length, and the next sender
 * claims them again itself (the sweep also makes them due); the same push number sent again is
 * answered DUPLICATE when the regulator had it: every record is held once.
 */

/** A run claims and starts requests for this long; one last request in flight may end after it. */
export const SENDER_SLICE_MS = 15_000;

/**
 * When a sender's job counts as dead (its process killed): longer than any run (the slice, one
 * request's timeout, the batch's write), short so that a killed process's job stops holding the
 * project's sender for long.
 */
export const SENDER_EXPIRE_SECONDS = 40;

/** Sources of a record beyond the enrolment (the correction and ledger modules add theirs). */
const recordSources: RecordSources = {};

/** Lets data correction and the ledger say what the record carries (wired once at start). */
export function addRecordSources(sources: RecordSources): void {
  Object.assign(recordSources, sources);
}

interface Claimed {
  push: RegulatorPush;
  /** The `attempts` value this claim set (the claim's token). */
  attempt: number;
}

/** What an attempt came to and what it leaves the push as. */
interface Settled {
  id: number;
  attempt: number;
  status: 'SUCCESS' | 'FAILED' | 'RETRY_WAIT';
  failures: number;
  next_attempt_at: string | null;
  receipt_no: string | null;
  accepted_at: string | null;
  duplicate: boolean;
  last_code: string;
  last_message: string | null;
  reject_errors: FieldError[] | null;
  reject_field: string | null;
  reject_reason: string | null;
  /** 1 when no request went out (the claim's attempt is given back). */
  undo: number;
  /** A payload rebuilt from scratch next time (CLASS_NOT_REGISTERED re-files the class first). */
  clear_filing?: boolean;
}

interface Attempted {
  settled: Settled;
  log: {
    push_id: number;
    attempt: number;
    request: PushRequestSummary;
    answer_code: string;
    http_status: number | null;
    duration_ms: number;
    message: string | null;
  } | null;
}

const UNAUTHORIZED_MESSAGES: Record<string, string> = {
  APP_UNKNOWN: '应用 ID 不存在，请检查学时上报设置',
  SIGNATURE_INVALID: '签名错误，请检查应用密钥',
  TIMESTAMP_EXPIRED: '时间戳超出有效期，请检查服务器时间',
  NONCE_REPLAYED: '随机串重复',
};

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The rejection in words: each field with its reason. */
export function rejectionText(errors: readonly FieldError[]): string {
  return clip(
    errors
      .map(
        (error) => `${REGULATOR_FIELD_LABEL[error.field] ?? error.field}：${error.message || error.reason}`,
      )
      .join('；'),
  );
}

/** The wait before the next attempt after `failures` failed ones (doubling, capped, a little jitter). */
export function backoffMs(pipeline: PushPipelineOptions, failures: number): number {
  const base = Math.min(pipeline.backoffMaxMs, pipeline.backoffBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + Math.random() * 0.1));
}

function summary(record: StudyRecord): PushRequestSummary {
  return {
    method: 'POST',
    path: '/api/v1/study-records',
    pushNo: record.pushNo,
    kind: record.kind,
    classCode: record.classCode,
    hours: record.study.hours,
    result: record.study.result,
    idNumber: record.student.idNumber ? maskIdCardNumber(record.student.idNumber) : '',
  };
}

/** A claimed push given back without a request: due again at `until`, its attempt not counted. */
function unsent(claimed: Claimed, until: Date = new Date()): Settled {
  return {
    id: claimed.push.id,
    attempt: claimed.attempt,
    status: 'RETRY_WAIT',
    failures: claimed.push.failures,
    next_attempt_at: until.toISOString(),
    receipt_no: null,
    accepted_at: null,
    duplicate: false,
    last_code: claimed.push.lastCode ?? '',
    last_message: claimed.push.lastMessage,
    reject_errors: null,
    reject_field: null,
    reject_reason: null,
    undo: 1,
  };
}

/** What an outcome leaves the push as (a pure function of the outcome, the push and the clock). */
export function settle(
  claimed: Claimed,
  outcome: RegulatorOutcome,
  pipeline: PushPipelineOptions,
  now: Date,
): Settled {
  const { push, attempt } = claimed;
  const base: Settled = {
    id: push.id,
    attempt,
    status: 'RETRY_WAIT',
    failures: push.failures,
    next_attempt_at: null,
    receipt_no: null,
    accepted_at: null,
    duplicate: false,
    last_code: outcome.kind === 'unreachable' ? 'UNREACHABLE' : '',
    last_message: null,
    reject_errors: null,
    reject_field: null,
    reject_reason: null,
    undo: 0,
  };
  const retry = (code: string, message: string, waitMs: number | null): Settled => {
    const failures = push.failures + 1;
    if (failures >= pipeline.maxFailures)
      return {
        ...base,
        status: 'FAILED',
        failures,
        last_code: code,
        last_message: clip(`已尝试 ${failures} 次仍未成功：${message}`),
      };
    const wait = Math.max(backoffMs(pipeline, failures), waitMs ?? 0);
    return {
      ...base,
      failures,
      last_code: code,
      last_message: message,
      next_attempt_at: new Date(now.getTime() + wait).toISOString(),
    };
  };
  switch (outcome.kind) {
    case 'accepted':
    case 'duplicate':
      return {
        ...base,
        status: 'SUCCESS',
        receipt_no: outcome.data.receiptNo,
        accepted_at: outcome.data.receivedAt,
        duplicate: outcome.kind === 'duplicate',
        last_code: outcome.kind === 'accepted' ? 'ACCEPTED' : 'DUPLICATE',
      };
    case 'rejected': {
      const first = outcome.errors[0];
      if (first?.reason === 'CLASS_NOT_REGISTERED')
        // The regulator lost the class (or was never told): file it again and send again.
        return { ...retry('REJECTED', rejectionText(outcome.errors), 0), clear_filing: true };
      return {
        ...base,
        status: 'FAILED',
        last_code: 'REJECTED',
        last_message: rejectionText(outcome.errors),
        reject_errors: outcome.errors,
        reject_field: first?.field ?? null,
        reject_reason: first?.reason ?? null,
      };
    }
    case 'bad-request':
      return {
        ...base,
        status: 'FAILED',
        last_code: 'BAD_REQUEST',
        last_message: clip(
          `请求格式错误：${outcome.errors.map((e) => e.message).join('；') || outcome.message}`,
        ),
      };
    case 'unauthorized':
      if (outcome.code === 'APP_UNKNOWN' || outcome.code === 'SIGNATURE_INVALID')
        return {
          ...base,
          status: 'FAILED',
          last_code: outcome.code,
          last_message: UNAUTHORIZED_MESSAGES[outcome.code] ?? outcome.message,
        };
      return retry(outcome.code, UNAUTHORIZED_MESSAGES[outcome.code] ?? outcome.message, null);
    case 'rate-limited':
      return {
        ...base,
        last_code: 'RATE_LIMITED',
        last_message: `请求过于频繁，${outcome.retryAfterSeconds} 秒后重试`,
        next_attempt_at: new Date(now.getTime() + outcome.retryAfterSeconds * 1000).toISOString(),
      };
    case 'server-error':
      return retry(
        'SERVER_ERROR',
        `监管平台服务异常（HTTP ${outcome.status}）`,
        outcome.retryAfterSeconds === null ? null : outcome.retryAfterSeconds * 1000,
      );
    case 'not-found':
      return retry('NOT_FOUND', '监管平台未找到该接口', null);
    case 'unreachable':
      return retry('UNREACHABLE', `监管平台无应答（${outcome.reason}）`, null);
  }
}

/** Claims up to `limit` due pushes of the project: SENDING under a lease, their attempt counted. */
async function claim(scope: Scope, projectId: number, limit: number, leaseMs: number): Promise<Claimed[]> {
  const pushes = await scope.sequelize.query(
    // The due rows are picked once (a materialized CTE): as a subquery of the UPDATE the planner may
    // scan `LIMIT … FOR UPDATE SKIP LOCKED` again for each row, each scan skipping the rows just
    // claimed and taking the next ones, so that one claim took the whole backlog.
    `WITH due AS MATERIALIZED (
       SELECT id FROM regulator_push
        WHERE project_id = :projectId
          AND (status IN ('PENDING', 'RETRY_WAIT') AND next_attempt_at <= now()
               -- A sender that died with it claimed: its lease ran out.
               OR status = 'SENDING' AND lease_until < now())
        ORDER BY next_attempt_at, id
        LIMIT :limit
        FOR UPDATE SKIP LOCKED)
     UPDATE regulator_push p
        SET status = 'SENDING', attempts = p.attempts + 1,
            lease_until = now() + make_interval(secs => :leaseSeconds), updated_at = now()
       FROM due
      WHERE p.id = due.id
      RETURNING p.*`,
    {
      replacements: { projectId, limit, leaseSeconds: leaseMs / 1000 },
      type: QueryTypes.SELECT,
      model: RegulatorPush,
      mapToModel: true,
    },
  );
  return (pushes as unknown as RegulatorPush[])
    .sort((a, b) => a.id - b.id)
    .map((push) => ({ push, attempt: push.attempts }));
}

/** Freezes the record of each push sent for the first time (so every retry sends the same content). */
async function freezePayloads(scope: Scope, claimed: Claimed[], now: Date): Promise<Attempted[]> {
  const fresh = claimed.filter(({ push }) => !push.payload);
  if (!fresh.length) return [];
  const correctsIds = fresh.flatMap(({ push }) => (push.correctsId ? [push.correctsId] : []));
  const corrected = new Map(
    correctsIds.length
      ? (
          await RegulatorPush.findAll({
            attributes: ['id', 'pushNo'],
            where: { projectId: fresh[0]?.push.projectId ?? 0, id: correctsIds },
          })
        ).map((push) => [push.id, push.pushNo])
      : [],
  );
  const records = await buildStudyRecords(
    scope.sequelize,
    fresh.map(({ push }) => ({
      push,
      corrects: push.correctsId ? (corrected.get(push.correctsId) ?? null) : null,
    })),
    now,
    recordSources,
  );
  const failed: Attempted[] = [];
  const built: { id: number; payload: StudyRecord }[] = [];
  for (const entry of fresh) {
    const payload = records.get(entry.push.id);
    if (payload) {
      entry.push.payload = payload;
      built.push({ id: entry.push.id, payload });
      continue;
    }
    scope.log.error(
      { pushId: entry.push.id },
      'push record could not be built: enrolment, class or student missing',
    );
    failed.push({
      settled: {
        ...unsent(entry),
        status: 'FAILED',
        last_code: 'DATA_MISSING',
        last_message: '学员、班级或学习记录不完整，无法生成上报数据',
      },
      log: null,
    });
  }
  if (built.length)
    await scope.sequelize.query(
      `UPDATE regulator_push p SET payload = x.payload
         FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(id int, payload jsonb)
        WHERE p.id = x.id`,
      { replacements: { rows: JSON.stringify(built) } },
    );
  return failed;
}

/**
 * Files the classes the batch names when the regulator does not have them as they are now. A class
 * it refuses fails the batch's pushes of that class; one it could not be asked about leaves them
 * for later.
 */
async function fileClasses(
  scope: Scope,
  projectId: number,
  client: RegulatorClient,
  pacer: ProjectPacer,
  pipeline: PushPipelineOptions,
  claimed: Claimed[],
  now: Date,
): Promise<Map<number, (entry: Claimed) => Attempted>> {
  const blocked = new Map<number, (entry: Claimed) => Attempted>();
  const classIds = [...new Set(claimed.map(({ push }) => push.classId))];
  const filings = new Map(
    (
      await scope.sequelize.query<{ class_id: number; content_hash: string }>(
        'SELECT class_id, content_hash FROM regulator_class_filing WHERE project_id = :projectId AND class_id IN (:classIds)',
        { replacements: { projectId, classIds }, type: QueryTypes.SELECT },
      )
    ).map((row) => [row.class_id, row.content_hash]),
  );
  const classes = await TrainClass.findAll({ where: { projectId, id: classIds } });
  for (const cls of classes) {
    const filed = await filedClassOf(scope.sequelize, cls);
    if (filings.get(cls.id) === filed.hash) continue;
    const noTurn = (entry: Claimed): Attempted => ({
      settled: unsent(entry, pacer.pausedUntil() ?? new Date(now.getTime() + 1000)),
      log: null,
    });
    if (!(await pacer.take())) {
      blocked.set(cls.id, noTurn);
      continue;
    }
    const { hash, ...body } = filed;
    const started = performance.now();
    const outcome = await client.fileClass(body);
    const ms = Math.round(performance.now() - started);
    scope.providers.metrics.outboundAnswer('regulator', outcome.kind);
    if (outcome.kind === 'accepted' || outcome.kind === 'duplicate') {
      pacer.answered();
      await scope.sequelize.query(
        `INSERT INTO regulator_class_filing (project_id, class_id, code, content_hash, filed_at)
         VALUES (:projectId, :classId, :code, :hash, now())
         ON CONFLICT (project_id, class_id) DO UPDATE SET code = EXCLUDED.code,
           content_hash = EXCLUDED.content_hash, filed_at = EXCLUDED.filed_at`,
        { replacements: { projectId, classId: cls.id, code: body.code, hash } },
      );
      continue;
    }
    if (outcome.kind === 'rate-limited') pacer.pause(outcome.retryAfterSeconds * 1000);
    if (outcome.kind === 'unreachable' || outcome.kind === 'server-error') pacer.failed();
    // The class's refusal is the records' refusal: its fields are named as the class's.
    const asRecordOutcome: RegulatorOutcome =
      outcome.kind === 'rejected'
        ? {
            ...outcome,
            errors: outcome.errors.map((error) => ({
              ...error,
              field: error.field.startsWith('class.') ? error.field : `class.${error.field}`,
            })),
          }
        : (outcome as RegulatorOutcome);
    // The filing was this attempt of each push of the class: logged as theirs.
    blocked.set(cls.id, (entry) => {
      const settled = settle(entry, asRecordOutcome, pipeline, now);
      return {
        settled,
        log: {
          push_id: entry.push.id,
          attempt: entry.attempt,
          request: {
            ...summary(entry.push.payload as StudyRecord),
            method: 'PUT',
            path: `/api/v1/classes/${body.code}`,
          },
          answer_code: settled.last_code,
          http_status: 'status' in outcome ? outcome.status : null,
          duration_ms: ms,
          message: settled.last_message,
        },
      };
    });
  }
  return blocked;
}

/**
 * Sends the batch, `concurrency` at a time at the project's pace; a push whose turn comes after
 * `deadline` is given back unsent (so a run ends within its slice and one request's timeout).
 */
async function send(
  scope: Scope,
  client: RegulatorClient,
  pacer: ProjectPacer,
  pipeline: PushPipelineOptions,
  batch: Claimed[],
  deadline: number,
): Promise<Attempted[]> {
  const results: Attempted[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const entry = batch[next++];
      if (!entry) return;
      const payload = entry.push.payload as StudyRecord;
      if (Date.now() >= deadline) {
        results.push({ settled: unsent(entry), log: null });
        continue;
      }
      if (!(await pacer.take())) {
        results.push({
          settled: unsent(entry, pacer.pausedUntil() ?? new Date(Date.now() + 1000)),
          log: null,
        });
        continue;
      }
      const started = performance.now();
      const outcome = await client.pushRecord(payload);
      const ms = Math.round(performance.now() - started);
      scope.providers.metrics.outboundAnswer('regulator', outcome.kind);
      if (outcome.kind === 'rate-limited') pacer.pause(outcome.retryAfterSeconds * 1000);
      else if (outcome.kind === 'unreachable' || outcome.kind === 'server-error') pacer.failed();
      else pacer.answered();
      const settled = settle(entry, outcome, pipeline, new Date());
      results.push({
        settled,
        log: {
          push_id: entry.push.id,
          attempt: entry.attempt,
          request: summary(payload),
          answer_code: settled.last_code,
          http_status: 'status' in outcome ? outcome.status : null,
          duration_ms: ms,
          message: settled.status === 'SUCCESS' ? (settled.receipt_no ?? null) : settled.last_message,
        },
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(pipeline.concurrency, batch.length) }, worker));
  return results;
}

/** Writes a batch's attempts and what each push became, in one transaction. */
async function record(scope: Scope, projectId: number, results: Attempted[]): Promise<void> {
  if (!results.length) return;
  const logs = results.flatMap((result) => (result.log ? [result.log] : []));
  const cleared = results.filter((result) => result.settled.clear_filing);
  await scope.sequelize.transaction(async (transaction: Transaction) => {
    if (logs.length)
      await scope.sequelize.query(
        `INSERT INTO regulator_push_log
           (project_id, push_id, attempt, request, answer_code, http_status, duration_ms, message)
         SELECT :projectId, x.push_id, x.attempt, x.request, x.answer_code, x.http_status, x.duration_ms, x.message
           FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(push_id int, attempt int, request jsonb,
                answer_code text, http_status int, duration_ms int, message text)`,
        { replacements: { projectId, rows: JSON.stringify(logs) }, transaction },
      );
    await scope.sequelize.query(
      `UPDATE regulator_push p
          SET status = x.status, failures = x.failures, attempts = p.attempts - x.undo,
              next_attempt_at = COALESCE(x.next_attempt_at, p.next_attempt_at), lease_until = NULL,
              receipt_no = COALESCE(x.receipt_no, p.receipt_no),
              accepted_at = COALESCE(x.accepted_at, p.accepted_at), duplicate = x.duplicate,
              last_code = NULLIF(x.last_code, ''), last_message = x.last_message,
              reject_errors = x.reject_errors, reject_field = x.reject_field, reject_reason = x.reject_reason,
              updated_at = now()
         FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(id int, attempt int, status text, failures int,
              next_attempt_at timestamptz, receipt_no text, accepted_at timestamptz, duplicate boolean,
              last_code text, last_message text, reject_errors jsonb, reject_field text, reject_reason text,
              undo int)
        WHERE p.id = x.id AND p.status = 'SENDING' AND p.attempts = x.attempt`,
      { replacements: { rows: JSON.stringify(results.map((result) => result.settled)) }, transaction },
    );
    if (cleared.length)
      await scope.sequelize.query(
        `DELETE FROM regulator_class_filing f USING regulator_push p
          WHERE p.id IN (:ids) AND f.project_id = p.project_id AND f.class_id = p.class_id`,
        { replacements: { ids: cleared.map((result) => result.settled.id) }, transaction },
      );
  });
}

/** When the project's next push is due (null: none waits), a dead sender's once its lease runs out. */
async function nextDue(scope: Scope, projectId: number): Promise<Date | null> {
  const [row] = await scope.sequelize.query<{ at: Date | null }>(
    `SELECT MIN(CASE WHEN status = 'SENDING' THEN lease_until ELSE next_attempt_at END) AS at
       FROM regulator_push
      WHERE project_id = :projectId AND status IN ('PENDING', 'RETRY_WAIT', 'SENDING')`,
    { replacements: { projectId }, type: QueryTypes.SELECT },
  );
  return row?.at ? new Date(row.at) : null;
}

export interface DispatchOutcome {
  /** Requests answered (or not) in this run. */
  attempts: number;
  /** When the next push is due (null: none waits, or reporting is off). */
  nextAt: Date | null;
}

/** The longest a sender waits before its next run is a wake-up of its own (the sweep covers more). */
const RESCHEDULE_HORIZON_MS = 10_000;

/**
 * Sends the project's due pushes for at most `sliceMs` (the job's run), then wakes the sender again
 * when more is due (at once, or when the earliest retry is due within the horizon).
 */
export async function dispatchPushes(
  scope: Scope,
  projectId: number,
  options: { sliceMs?: number; reschedule?: boolean } = {},
): Promise<DispatchOutcome> {
  const config = await activeConfig(projectId);
  const provider = scope.providers.regulator;
  const endpoint = config ? provider.endpointFor(config.endpoint) : null;
  if (!config || !endpoint) return { attempts: 0, nextAt: null };
  const client = provider.client({ endpoint, appId: config.appId, secret: config.appSecret });
  const { pipeline } = provider;
  const pacer = provider.pacer(projectId);
  const deadline = Date.now() + (options.sliceMs ?? SENDER_SLICE_MS);
  const batchSize = Math.max(pipeline.concurrency * 4, 8);
  /** A batch claimed, its records frozen and its classes filed: what is left to send. */
  const prepare = async (): Promise<{ results: Attempted[]; sendable: Claimed[] } | null> => {
    const claimed = await claim(scope, projectId, batchSize, pipeline.leaseMs);
    if (!claimed.length) return null;
    const now = new Date();
    const results = await freezePayloads(scope, claimed, now);
    const failedIds = new Set(results.map((result) => result.settled.id));
    const ready = claimed.filter(({ push }) => !failedIds.has(push.id));
    const blocked = await fileClasses(scope, projectId, client, pacer, pipeline, ready, now);
    for (const entry of ready) {
      const block = blocked.get(entry.push.classId);
      if (block) results.push(block(entry));
    }
    return { results, sendable: ready.filter(({ push }) => !blocked.has(push.classId)) };
  };
  // Awaited later: a failure is the run's once awaited, not an unhandled rejection before then.
  const later = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined);
    return promise;
  };
  let attempts = 0;
  let recording: Promise<void> = Promise.resolve();
  let next = Date.now() < deadline && !pacer.pausedUntil() ? later(prepare()) : null;
  try {
    while (next) {
      const batch = await next;
      next = null;
      if (!batch) break;
      // The next batch is claimed and built while this one is sent, and this one is written while
      // the next is sent: the sender waits on the regulator's pace, not on its own queries. A batch
      // taken when the slice ends or the project is paused is given back unsent by `send`.
      if (Date.now() < deadline && !pacer.pausedUntil()) next = later(prepare());
      const sent = await send(scope, client, pacer, pipeline, batch.sendable, deadline);
      attempts += sent.filter((result) => result.log).length;
      await recording;
      recording = later(record(scope, projectId, [...batch.results, ...sent]));
    }
  } finally {
    await recording;
  }
  const paused = pacer.pausedUntil();
  const due = await nextDue(scope, projectId);
  const nextAt = due && paused && paused > due ? paused : due;
  if (options.reschedule !== false && nextAt) {
    const wait = nextAt.getTime() - Date.now();
    // While the project is paused (the circuit: at most 30 s) nothing of it goes before the pause
    // ends: woken then, so a regulator back from an outage is probed at once, not at the next sweep.
    if (wait <= RESCHEDULE_HORIZON_MS || (paused && nextAt.getTime() === paused.getTime()))
      await wakeSender(scope, projectId, wait > 0 ? { startAfter: nextAt } : {});
  }
  return { attempts, nextAt };
}

/**
 * The sweep (every minute, and at every start): pushes whose sender died (SENDING past their lease)
 * are due again, and every project with pushes due (soon), or claimed by a sender that may have
 * died, has its sender woken (it claims those once their lease ran out).
 */
export async function sweepPushes(scope: Scope): Promise<number[]> {
  await scope.sequelize.query(
    `UPDATE regulator_push SET status = 'RETRY_WAIT', next_attempt_at = now(), lease_until = NULL, updated_at = now()
      WHERE status = 'SENDING' AND lease_until < now()`,
  );
  const rows = await scope.sequelize.query<{ project_id: number }>(
    `SELECT DISTINCT p.project_id FROM regulator_push p
       JOIN regulator_push_config c ON c.project_id = p.project_id AND c.enabled
      WHERE (p.status IN ('PENDING', 'RETRY_WAIT') AND p.next_attempt_at <= now() + interval '60 seconds')
         OR (p.status = 'SENDING' AND p.lease_until <= now() + interval '60 seconds')`,
    { type: QueryTypes.SELECT },
  );
  for (const row of rows) await wakeSender(scope, row.project_id);
  return rows.map((row) => row.project_id);
}
