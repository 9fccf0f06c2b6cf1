import { z } from 'zod';
import { platformOrStaff } from './access';
import { answer, defineCalls } from './call';
import { type Abilities, type PageAnswer, zEmptyAsAbsent, zPage, zRequiredText } from './common';

/**
 * 异常记录 (`/exception-manage/list`, issue 24; docs/product-decisions.md "Exception log"): the
 * platform's own failures in one list, read where they are kept — jobs pg-boss gave up on, pushes
 * the regulator refused or that ran out of attempts, invoices the e-invoice platform refused, and
 * payment notifications refused by verification or matching no order — each with the object it
 * concerns, a link to it in the back office, 重试 where the product can try again (a job through
 * pg-boss, a push through the re-push of 推送日志) and 标记已处理 with a note (kept in
 * `exception_resolution`). Platform staff see every project's; project staff their project's.
 */

export const EXCEPTION_LOG_SOURCE = ['JOB', 'PUSH', 'INVOICE', 'PAYMENT'] as const;
export type ExceptionLogSource = (typeof EXCEPTION_LOG_SOURCE)[number];
export const EXCEPTION_LOG_SOURCE_LABEL: Readonly<Record<ExceptionLogSource, string>> = {
  JOB: '后台任务失败',
  PUSH: '学时上报失败',
  INVOICE: '发票开具失败',
  PAYMENT: '支付通知异常',
};

export const EXCEPTION_LOG_STATE = ['OPEN', 'RESOLVED'] as const;
export type ExceptionLogState = (typeof EXCEPTION_LOG_STATE)[number];
export const EXCEPTION_LOG_STATE_LABEL: Readonly<Record<ExceptionLogState, string>> = {
  OPEN: '待处理',
  RESOLVED: '已处理',
};

export const EXCEPTION_LOG_MESSAGES = {
  NOT_FOUND: '异常记录不存在',
  RESOLVED: '该异常已处理',
  NOT_RETRYABLE: '该类异常不能重试，请到关联页面处理',
  PUSH_BY_PROJECT: '请由项目人员在推送日志中重新上报',
  JOB_GONE: '该任务已不在失败状态，无需重试',
} as const;

/** One failure of the platform, with what the caller may do about it. */
export interface ExceptionLogRow extends Abilities<'retry' | 'resolve'> {
  /** `<source>:<id>`: the failure's own key (a job's id, a push's, an invoice's, a notification's). */
  key: string;
  source: ExceptionLogSource;
  state: ExceptionLogState;
  /** When it failed. */
  at: string;
  projectId: number | null;
  projectName: string | null;
  /** The object concerned, in words (任务 invoice.issue, 推送单号 RP…, 发票 #12 抬头…, 商户订单号 …). */
  object: string;
  /** Why it failed, as recorded. */
  reason: string;
  /** The back-office page showing the object (with its filter), or null when there is none. */
  link: string | null;
  resolvedByName: string | null;
  resolvedAt: string | null;
  resolveNote: string | null;
}

/** `exception-log/retry`: what was tried again. */
export interface ExceptionLogRetryAnswer {
  key: string;
  /** What happened, in words (任务已重新排队, 已重新上报). */
  message: string;
}

/** `exception-log/query`: one failure with what was recorded of it (a job's payload and output). */
export interface ExceptionLogDetail extends ExceptionLogRow {
  /** The recorded facts, as label and text. */
  facts: { label: string; value: string }[];
}

export const exceptionLogPageInput = z.object({
  ...zPage,
  source: zEmptyAsAbsent(z.enum(EXCEPTION_LOG_SOURCE, { error: '异常类型不正确' })),
  state: zEmptyAsAbsent(z.enum(EXCEPTION_LOG_STATE, { error: '状态不正确' })),
});
export type ExceptionLogPage = PageAnswer<ExceptionLogRow>;

const zKey = z
  .string({ error: '请选择异常记录' })
  .regex(/^(JOB|PUSH|INVOICE|PAYMENT):[0-9a-f-]{1,40}$/, { error: '异常记录不正确' });

export const exceptionLogKeyInput = z.object({ key: zKey });
export const exceptionLogResolveInput = z.object({ key: zKey, note: zRequiredText('处理说明', 500) });

export const EXCEPTION_LOG_PAGE = '/exception-manage/list' as const;

/**
 * Platform staff (every project) or project staff (their project), granted the page. No tenant is
 * resolved by the router: the service binds project staff to their own project.
 */
const exceptionLogReaders = platformOrStaff(EXCEPTION_LOG_PAGE);

/** 异常记录's calls (spec: exception log page, log query). */
export const exceptionLogCalls = defineCalls('exception-log', {
  /** The failures, open ones first by default, newest first. */
  page: { input: exceptionLogPageInput, answer: answer<ExceptionLogPage>(), access: exceptionLogReaders },
  /** One failure with its recorded facts (log query). */
  query: { input: exceptionLogKeyInput, answer: answer<ExceptionLogDetail>(), access: exceptionLogReaders },
  /** Tries the failed work again (a job, a push). */
  retry: {
    input: exceptionLogKeyInput,
    answer: answer<ExceptionLogRetryAnswer>(),
    access: exceptionLogReaders,
  },
  /** Marks a failure handled with a note. */
  resolve: {
    input: exceptionLogResolveInput,
    answer: answer<ExceptionLogDetail>(),
    access: exceptionLogReaders,
  },
});
