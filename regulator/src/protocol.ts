import { createHash } from 'node:crypto';
import { canonicalJson } from '@px/config/signing';

/** The signature scheme and canonical JSON, shared with our partner open API (`@px/config/signing`). */
export { canonicalJson, canonicalString, sameSignature, signCanonical } from '@px/config/signing';

/**
 * The regulator's study-record protocol (docs/regulator.md): header names, the canonical string and
 * its signature, the shapes of classes, records and answers, and the ID card checksum. Shared by the
 * client and the simulator, so both sides sign and read alike.
 */

export const HEADERS = {
  appId: 'x-reg-app-id',
  timestamp: 'x-reg-timestamp',
  nonce: 'x-reg-nonce',
  signature: 'x-reg-signature',
  idempotencyKey: 'x-idempotency-key',
} as const;

/** How far a request's timestamp may be from the regulator's clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export const PATHS = {
  classes: '/api/v1/classes',
  records: '/api/v1/study-records',
} as const;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface RegulatorClass {
  code: string;
  name: string;
  /** The class's total credit hours. */
  hours: number;
  startOn: string;
  endOn: string;
}

export type IdType = 'ID_CARD' | 'PASSPORT' | 'OTHER';
export type StudyResult = 'PASSED' | 'COMPLETED' | 'FAILED';

export interface StudyRecord {
  /** Our push number: the idempotency key. */
  pushNo: string;
  kind: 'ORIGINAL' | 'CORRECTION';
  /** A correction: the push number it replaces. */
  corrects: string | null;
  student: { name: string; idType: IdType; idNumber: string; mobile: string | null };
  classCode: string;
  study: {
    hours: number;
    startedOn: string;
    completedOn: string;
    result: StudyResult;
    examScore: number | null;
    examOn: string | null;
  };
  certificate: { number: string; issuedOn: string } | null;
  /** The newest entry's hash of the enrolment's study ledger. */
  ledgerHead: string | null;
  reportedAt: string;
}

export type AnswerCode =
  | 'ACCEPTED'
  | 'DUPLICATE'
  | 'REJECTED'
  | 'BAD_REQUEST'
  | 'APP_UNKNOWN'
  | 'TIMESTAMP_EXPIRED'
  | 'SIGNATURE_INVALID'
  | 'NONCE_REPLAYED'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR';

export type RejectReason =
  | 'REQUIRED'
  | 'INVALID_FORMAT'
  | 'ID_CHECKSUM'
  | 'ID_NAME_MISMATCH'
  | 'CLASS_NOT_REGISTERED'
  | 'HOURS_EXCEED_CLASS'
  | 'DATE_ORDER'
  | 'CORRECTS_UNKNOWN'
  | 'PUSH_NO_REUSED';

export const REJECT_MESSAGES: Record<RejectReason, string> = {
  REQUIRED: '必填',
  INVALID_FORMAT: '格式不正确',
  ID_CHECKSUM: '身份证号校验位不正确',
  ID_NAME_MISMATCH: '身份证号与姓名不一致',
  CLASS_NOT_REGISTERED: '班级未备案',
  HOURS_EXCEED_CLASS: '学时超过班级总学时',
  DATE_ORDER: '日期先后不正确',
  CORRECTS_UNKNOWN: '被更正的记录不存在',
  PUSH_NO_REUSED: '上报编号已用于其他内容',
};

export interface FieldError {
  field: string;
  reason: RejectReason | string;
  message: string;
}

export interface Receipt {
  pushNo: string;
  receiptNo: string;
  receivedAt: string;
}

/** The envelope of every answer. */
export interface Answer<T = unknown> {
  code: AnswerCode;
  message: string;
  requestId: string;
  data?: T;
}

/** The SHA-256 (hex) of a value's canonical JSON: object keys sorted at every level. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character (GB 11643, ISO 7064 MOD 11-2) of an ID card number's first 17 digits. */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
}

/** Whether a date text `YYYY-MM-DD` names a real day. */
export function isDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * Checks an 18-character resident ID number: its shape, its birth date, its check character.
 * Answers the reject reason, or null when it is valid.
 */
export function idCardProblem(idNumber: string): 'INVALID_FORMAT' | 'ID_CHECKSUM' | null {
  if (!/^\d{17}[\dX]$/.test(idNumber)) return 'INVALID_FORMAT';
  const birth = `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}`;
  if (!isDate(birth) || birth < '1900-01-01') return 'INVALID_FORMAT';
  return idCheckCharacter(idNumber.slice(0, 17)) === idNumber[17] ? null : 'ID_CHECKSUM';
}

/** Completes 17 digits into a valid ID number (demo data and tests). */
export function withIdCheck(first17: string): string {
  return `${first17}${idCheckCharacter(first17)}`;
}
