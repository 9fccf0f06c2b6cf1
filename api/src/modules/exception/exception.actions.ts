import { exceptionRegisterCalls } from '../../contract/exception-register';
import { implement } from '../../core/action';
import {
  assignExceptionCase,
  exceptionCaseDetail,
  exceptionCaseOptions,
  pageExceptionCases,
  registerExceptionCase,
  resolveExceptionCase,
  startExceptionCase,
} from './exception-case.service';

/** 异常登记 (`exception-register/...`): a student's cases, their assignment and their states. */
export const exceptionRegisterActions = implement(exceptionRegisterCalls, {
  page: (ctx, input) => pageExceptionCases(ctx, input),
  detail: (ctx, input) => exceptionCaseDetail(ctx, input.id),
  options: (ctx, input) => exceptionCaseOptions(ctx, input.student),
  save: (ctx, input) => registerExceptionCase(ctx, input),
  assign: (ctx, input) => assignExceptionCase(ctx, input),
  start: (ctx, input) => startExceptionCase(ctx, input),
  resolve: (ctx, input) => resolveExceptionCase(ctx, input),
});
