import { ROLE_SYSTEM, resolveProjectSettings } from '@px/config';
import { QueryTypes, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  type ExceptionLogDetail,
  type ExceptionLogPage,
  type ExceptionLogRetryAnswer,
  type exceptionLogPageInput,
  EXCEPTION_LOG_MESSAGES as M,
} from '../../contract/exception-log';
import type { SignedInScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize, type PolicyScope } from '../../core/policy';
import { SqlFilter, sqlPageAnswer } from '../../db/sql-page';
import { withBypass, withProject } from '../../db/tenant-access';
import { audit } from '../audit/audit.service';
import { reissueInvoice } from '../invoice/invoice-issue';
import { Project } from '../project/project.model';
import { repush } from '../regulator/push.service';
import {
  exceptionLogFacts,
  type JobData,
  type LogData,
  presentExceptionLog,
  presentExceptionLogDetail,
} from './exception-log.presenter';

/**
 * The failures, one SELECT per source, each narrowed to the project unless `:all` (platform staff):
 * pg-boss's failed jobs (their project is the payload's `projectId`; cross-project work has none),
 * pushes left FAILED (refused, or out of attempts), invoices the platform refused (FAILED), payment
 * notifications refused (bad signature, or matching no order; the project is the attempt's).
 */
const FAILURES = `
  SELECT 'JOB:' || j.id AS key, 'JOB' AS source, COALESCE(j.completed_on, j.created_on) AS at,
         CASE WHEN j.data->>'projectId' ~ '^[0-9]{1,9}$' THEN (j.data->>'projectId')::int END AS project_id,
         '后台任务 ' || j.name AS object,
         left(COALESCE(j.output->>'message', j.output::text, ''), 300) AS reason, NULL AS link
    FROM pgboss.job j
   WHERE j.state = 'failed' AND (:all OR j.data->>'projectId' = :projectText)
  UNION ALL
  SELECT 'PUSH:' || p.id, 'PUSH', p.updated_at, p.project_id,
         '推送单号 ' || p.push_no || ' · ' || a.real_name,
         COALESCE(p.last_message, p.reject_reason, p.last_code, ''),
         '/customer/my-class-push-log-exception-manage'
    FROM regulator_push p JOIN account a ON a.id = p.account_id
   WHERE p.status = 'FAILED' AND (:all OR p.project_id = :projectId)
  UNION ALL
  SELECT 'INVOICE:' || i.id, 'INVOICE', i.updated_at, i.project_id,
         '发票申请 #' || i.id || ' · ' || i.title, COALESCE(i.failure, ''),
         '/invoice-manage/invoice-list?status=FAILED'
    FROM invoice i
   WHERE i.status = 'FAILED' AND (:all OR i.project_id = :projectId)
  UNION ALL
  SELECT 'PAYMENT:' || n.id, 'PAYMENT', n.received_at, pa.project_id,
         COALESCE('商户订单号 ' || n.out_trade_no, '支付通知 #' || n.id),
         COALESCE(n.reason, ''), CASE WHEN pa.id IS NOT NULL THEN '/order-manage/list' END
    FROM pay_notification n LEFT JOIN pay_attempt pa ON pa.out_trade_no = n.out_trade_no
   WHERE n.outcome = 'REFUSED' AND (:all OR pa.project_id = :projectId)`;

const LIST = `
  SELECT f.*, pr.name AS project_name, acc.real_name AS resolved_by_name, r.resolved_at, r.note AS resolve_note
    FROM (${FAILURES}) f
    LEFT JOIN project pr ON pr.id = f.project_id
    LEFT JOIN exception_resolution r ON r.source_key = f.key
    LEFT JOIN account acc ON acc.id = r.resolved_by`;

const isPlatform = (scope: SignedInScope) => scope.principal.roleSystem === ROLE_SYSTEM.PLATFORM;

/** Runs `work` with the caller's reach: every project (platform staff, logged) or their own project. */
function inReach<T>(scope: SignedInScope, work: () => Promise<T>): Promise<T> {
  const projectId = scope.principal.projectId;
  if (isPlatform(scope)) return withBypass('exception log', work);
  if (projectId === null) throw new BusinessError(M.NOT_FOUND);
  return withProject(projectId, work);
}

function policyScope(scope: SignedInScope): PolicyScope {
  return { project: { id: scope.principal.projectId ?? 0 }, principal: scope.principal };
}

/** The id of a failure's object: its key after the source (`JOB:<uuid>`, `PUSH:12`). */
const objectIdOf = (key: string) => key.slice(key.indexOf(':') + 1);

const reachOf = (scope: SignedInScope) => ({
  all: isPlatform(scope),
  projectId: scope.principal.projectId ?? 0,
  projectText: String(scope.principal.projectId ?? 0),
});

/**
 * `exception-log/page`: the failures in the caller's reach, open ones first, newest first, by
 * source and state; one page of the union (LIMIT/OFFSET) and its count.
 */
export function pageExceptionLog(
  scope: SignedInScope,
  input: z.output<typeof exceptionLogPageInput>,
): Promise<ExceptionLogPage> {
  return inReach(scope, () => {
    const filter = new SqlFilter().bind(reachOf(scope)).equals('f.source', 'source', input.source);
    if (input.state === 'OPEN') filter.where('r.id IS NULL');
    if (input.state === 'RESOLVED') filter.where('r.id IS NOT NULL');
    const query = {
      select: LIST,
      countFrom: `FROM (${FAILURES}) f LEFT JOIN exception_resolution r ON r.source_key = f.key`,
      filter,
      orderBy: '(r.id IS NULL) DESC, f.at DESC, f.key',
    };
    return sqlPageAnswer(scope.sequelize, query, input, (row: LogData) =>
      presentExceptionLog(policyScope(scope), row),
    );
  });
}

/** The failure of `key` in the caller's reach, or a refusal as missing. */
async function findFailure(scope: SignedInScope, key: string, transaction?: Transaction): Promise<LogData> {
  const [row] = await scope.sequelize.query<LogData>(`${LIST} WHERE f.key = :key`, {
    replacements: { ...reachOf(scope), key },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row) throw new BusinessError(M.NOT_FOUND);
  return row;
}

/** A failure with what is recorded of it: a JOB failure's job, when pg-boss still keeps it. */
async function detailOf(scope: SignedInScope, row: LogData): Promise<ExceptionLogDetail> {
  const id = objectIdOf(row.key);
  const [job] =
    row.source === 'JOB'
      ? await scope.sequelize.query<JobData>(
          'SELECT name, data, output, retry_count, created_on FROM pgboss.job WHERE id = :id',
          { replacements: { id }, type: QueryTypes.SELECT },
        )
      : [];
  return presentExceptionLogDetail(policyScope(scope), row, job);
}

/** `exception-log/query`: one failure in the caller's reach with what is recorded of it. */
export function queryExceptionLog(scope: SignedInScope, key: string): Promise<ExceptionLogDetail> {
  return inReach(scope, async () => detailOf(scope, await findFailure(scope, key)));
}

/**
 * `exception-log/resolve`: marks a failure handled with a note (once; the failure's project, or
 * none for the platform's own). Audited.
 */
export function resolveExceptionLog(
  scope: SignedInScope,
  key: string,
  note: string,
): Promise<ExceptionLogDetail> {
  return inReach(scope, async () => {
    await scope.sequelize.transaction(async (transaction) => {
      const row = await findFailure(scope, key, transaction);
      authorize(policyScope(scope), 'exception-log.resolve', exceptionLogFacts(row));
      const [inserted] = await scope.sequelize.query<{ id: number }>(
        `INSERT INTO exception_resolution (project_id, source_key, note, resolved_by, resolved_at)
         VALUES (:projectId, :key, :note, :by, :at) ON CONFLICT (source_key) DO NOTHING RETURNING id`,
        {
          replacements: {
            projectId: row.project_id,
            key,
            note,
            by: scope.principal.accountId,
            at: scope.providers.clock.now(),
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (!inserted) throw new BusinessError(M.RESOLVED);
      await audit(
        scope,
        {
          action: 'exception-log.resolve',
          projectId: row.project_id,
          targetType: 'exception_log',
          targetId: key,
          detail: { note },
        },
        transaction,
      );
    });
    return detailOf(scope, await findFailure(scope, key));
  });
}

/**
 * `exception-log/retry`: tries a failure again — a failed job is put back by pg-boss (`retry`), a
 * failed push is queued again by 推送日志's re-push (its own rules), an invoice the platform refused
 * is issued again (invoice `reissueInvoice`: a new request, once). Refused for what cannot be tried
 * again (payment notifications: the link's page handles them) and for handled failures.
 */
export function retryExceptionLog(scope: SignedInScope, key: string): Promise<ExceptionLogRetryAnswer> {
  return inReach(scope, async () => {
    const row = await findFailure(scope, key);
    authorize(policyScope(scope), 'exception-log.retry', exceptionLogFacts(row));
    const id = objectIdOf(key);
    if (row.source === 'JOB') {
      const [job] = await scope.sequelize.query<{ name: string }>(
        "SELECT name FROM pgboss.job WHERE id = :id AND state = 'failed'",
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      if (!job || !(await scope.jobs.retry(job.name, id))) throw new BusinessError(M.JOB_GONE);
      await audit(scope, {
        action: 'exception-log.retry',
        projectId: row.project_id,
        targetType: 'exception_log',
        targetId: key,
      });
      return { key, message: `任务 ${job.name} 已重新排队` };
    }
    const project = row.project_id === null ? null : await Project.findByPk(row.project_id);
    if (!project) throw new BusinessError(M.NOT_FOUND);
    const tenant = { id: project.id, name: project.name, settings: resolveProjectSettings(project.settings) };
    if (row.source === 'INVOICE') {
      await withProject(project.id, () => reissueInvoice({ ...scope, project: tenant }, Number(id)));
      await audit(scope, {
        action: 'exception-log.retry',
        projectId: row.project_id,
        targetType: 'exception_log',
        targetId: key,
      });
      return { key, message: '已重新提交开票' };
    }
    const answer = await withProject(project.id, () => repush({ ...scope, project: tenant }, [Number(id)]));
    const refused = answer.refused[0];
    if (refused) throw new BusinessError(refused.reason);
    return { key, message: '已重新上报' };
  });
}
