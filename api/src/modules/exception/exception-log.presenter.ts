import type { ExceptionLogDetail, ExceptionLogRow, ExceptionLogSource } from '../../contract/exception-log';
import { abilitiesOf, type PolicyScope } from '../../core/policy';
import type { ExceptionLogFacts } from './exception-log.policy';
import './exception-log.policy';

/** How 异常记录 answers its failures; the service reads them (one union over the sources). */

/** A failure as the service's union reads it, with its project's name and its resolution joined. */
export interface LogData {
  key: string;
  source: ExceptionLogSource;
  at: Date;
  project_id: number | null;
  project_name: string | null;
  object: string;
  reason: string;
  link: string | null;
  resolved_by_name: string | null;
  resolved_at: Date | null;
  resolve_note: string | null;
}

/** A failed pg-boss job as the detail reads it. */
export interface JobData {
  name: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date;
}

/** What the exception-log policy reads of a failure. */
export const exceptionLogFacts = (row: LogData): ExceptionLogFacts => ({
  projectId: row.project_id,
  source: row.source,
  state: row.resolved_at ? 'RESOLVED' : 'OPEN',
});

/** A failure as 异常记录 lists it, with 重试 / 标记已处理 as abilities. */
export function presentExceptionLog(scope: PolicyScope, row: LogData): ExceptionLogRow {
  const facts = exceptionLogFacts(row);
  return {
    key: row.key,
    source: row.source,
    state: facts.state,
    at: new Date(row.at).toISOString(),
    projectId: row.project_id,
    projectName: row.project_name,
    object: row.object,
    reason: row.reason,
    link: row.link,
    resolvedByName: row.resolved_by_name,
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
    resolveNote: row.resolve_note,
    ...abilitiesOf(scope, {
      retry: ['exception-log.retry', facts],
      resolve: ['exception-log.resolve', facts],
    }),
  };
}

/**
 * What is recorded of a failure beyond its row: a job's name, creation, attempts, payload and
 * output (each cut to 2,000 characters; nothing when the job is gone), else the reason.
 */
function recordedFacts(row: LogData, job: JobData | undefined): ExceptionLogDetail['facts'] {
  if (row.source !== 'JOB') return [{ label: '原因', value: row.reason || '—' }];
  if (!job) return [];
  return [
    { label: '任务', value: job.name },
    { label: '创建时间', value: new Date(job.created_on).toISOString() },
    { label: '重试次数', value: String(job.retry_count) },
    { label: '任务数据', value: JSON.stringify(job.data ?? null).slice(0, 2000) },
    { label: '失败输出', value: JSON.stringify(job.output ?? null).slice(0, 2000) },
  ];
}

/** A failure with what is recorded of it (`job`: the failed job of a JOB failure, when it is still kept). */
export function presentExceptionLogDetail(
  scope: PolicyScope,
  row: LogData,
  job: JobData | undefined,
): ExceptionLogDetail {
  return { ...presentExceptionLog(scope, row), facts: recordedFacts(row, job) };
}
