import { RESP_CODE, RESP_DESC } from '@px/config';

/** The answer of every call that is not a file: `{ respCode, respDesc, attribute }`. */
export interface Envelope<T = unknown> {
  respCode: number;
  respDesc: string;
  attribute: T;
}

export function success<T>(attribute: T, respDesc: string = RESP_DESC.SUCCESS): Envelope<T> {
  return { respCode: RESP_CODE.SUCCESS, respDesc, attribute };
}

export function failure(respCode: number, respDesc: string, attribute: unknown = null): Envelope {
  return { respCode, respDesc, attribute };
}

/** The success envelope's text before its attribute. */
const SUCCESS_PREFIX = JSON.stringify(success(0)).slice(0, -'0}'.length);

/** The success envelope, as JSON, around an attribute already serialized. */
export function successJson(attributeJson: string): string {
  return `${SUCCESS_PREFIX}${attributeJson}}`;
}
