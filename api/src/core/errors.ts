import { RESP_CODE, RESP_DESC } from '@px/config';
import { UniqueConstraintError } from 'sequelize';

/** One field that failed validation: which field, which rule, and the message shown to people. */
export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/**
 * Base of every error the API answers on purpose. It carries the envelope's respCode, the HTTP
 * status and the text shown to people (zh-CN). Anything else thrown is an unexpected error.
 */
export class AppError extends Error {
  constructor(
    readonly respCode: number,
    message: string,
    readonly httpStatus = 200,
    readonly attribute: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A request that cannot be done as asked (respCode -1); the client shows the message for 5 s. */
export class BusinessError extends AppError {
  constructor(message: string, attribute: unknown = null) {
    super(RESP_CODE.ERROR, message, 200, attribute);
  }
}

/** A business notice (respCode -2); the client shows it in a dialog titled 友情提示. */
export class NoticeError extends AppError {
  constructor(message: string, attribute: unknown = null) {
    super(RESP_CODE.NOTICE, message, 200, attribute);
  }
}

/** Input that breaks a rule; names the fields. Nothing has been written when it is thrown. */
export class ValidationError extends AppError {
  constructor(readonly fieldErrors: FieldError[]) {
    super(RESP_CODE.ERROR, describeFieldErrors(fieldErrors), 400, { errors: fieldErrors });
  }
}

/** A ValidationError of one field (`rule` names what it broke: 'unique', 'exists', 'status', ...). */
export function fieldError(field: string, rule: string, message: string): ValidationError {
  return new ValidationError([{ field, rule, message }]);
}

/** A request the server cannot read (a broken body or encoding): HTTP 400, the client's fault. */
export class BadRequestError extends AppError {
  constructor(message = '请求格式不正确') {
    super(RESP_CODE.ERROR, message, 400);
  }
}

/** The database (or another service the answer needs) cannot be reached: HTTP 503, try again later. */
export class UnavailableError extends AppError {
  constructor(message = '服务暂不可用，请稍后重试') {
    super(RESP_CODE.ERROR, message, 503);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = RESP_DESC.UNAUTHORIZED) {
    super(RESP_CODE.UNAUTHORIZED, message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = RESP_DESC.FORBIDDEN) {
    super(RESP_CODE.FORBIDDEN, message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = RESP_DESC.NOT_FOUND) {
    super(RESP_CODE.NOT_FOUND, message, 404);
  }
}

/** `参数错误：unitId 应为正整数；mobile 手机号格式不正确` */
function describeFieldErrors(errors: FieldError[]): string {
  const parts = errors.map((error) => (error.field ? `${error.field} ${error.message}` : error.message));
  return `参数错误：${parts.join('；')}`;
}

/**
 * A `.catch` handler for a write a unique index guards (two writes raced and the index decided):
 * the unique violation is thrown as `refusal`, any other error as it is.
 */
export function uniqueRefusal(refusal: AppError): (error: unknown) => never {
  return (error) => {
    throw error instanceof UniqueConstraintError ? refusal : error;
  };
}
