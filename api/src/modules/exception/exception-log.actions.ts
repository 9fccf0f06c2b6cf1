import { exceptionLogCalls } from '../../contract/exception-log';
import { implement } from '../../core/action';
import {
  pageExceptionLog,
  queryExceptionLog,
  resolveExceptionLog,
  retryExceptionLog,
} from './exception-log.service';

/** 异常记录 (`exception-log/...`): the platform's failures, their facts, 重试 and 标记已处理. */
export const exceptionLogActions = implement(exceptionLogCalls, {
  page: (ctx, input) => pageExceptionLog(ctx, input),
  query: (ctx, input) => queryExceptionLog(ctx, input.key),
  retry: (ctx, input) => retryExceptionLog(ctx, input.key),
  resolve: (ctx, input) => resolveExceptionLog(ctx, input.key, input.note),
});
