import type { RejectReason } from '../protocol';

/** Faults injected on request into the simulated regulator (docs/regulator.md, "The simulator"). */
export type FaultSpec =
  | { kind: 'outage' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'server-error'; status: 500 | 502 | 503 }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'reject-id'; idNumber: string; reason: RejectReason; field: string };

/** A fault answers the next `times` signed requests, or every one until `until` (ms since epoch). */
export type Fault = FaultSpec & { times?: number; until?: number };

export type FaultInput = FaultSpec & { times?: number; seconds?: number };

const REJECT_REASONS: RejectReason[] = [
  'REQUIRED',
  'INVALID_FORMAT',
  'ID_CHECKSUM',
  'ID_NAME_MISMATCH',
  'CLASS_NOT_REGISTERED',
  'HOURS_EXCEED_CLASS',
  'DATE_ORDER',
  'CORRECTS_UNKNOWN',
  'PUSH_NO_REUSED',
];

/** Reads a fault from JSON or form fields; throws a message for a person when it is not one. */
export function parseFault(input: Record<string, unknown>): FaultInput {
  const number = (key: string): number | undefined => {
    const value = input[key];
    if (value === undefined || value === null || value === '') return undefined;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${key} must be a number ≥ 0`);
    return n;
  };
  const times = number('times');
  const seconds = number('seconds');
  if (times !== undefined && (!Number.isInteger(times) || times < 1))
    throw new Error('times must be a positive integer');
  const span = { ...(times !== undefined ? { times } : {}), ...(seconds !== undefined ? { seconds } : {}) };
  switch (input.kind) {
    case 'outage':
      return { kind: 'outage', ...span };
    case 'slow':
      return { kind: 'slow', delayMs: Math.min(number('delayMs') ?? 3000, 120_000), ...span };
    case 'server-error': {
      const status = number('status') ?? 500;
      if (status !== 500 && status !== 502 && status !== 503)
        throw new Error('status must be 500, 502 or 503');
      return { kind: 'server-error', status, ...span };
    }
    case 'rate-limit':
      return {
        kind: 'rate-limit',
        retryAfterSeconds: Math.max(1, Math.round(number('retryAfterSeconds') ?? 1)),
        ...span,
      };
    case 'reject-id': {
      if (typeof input.idNumber !== 'string' || !input.idNumber.trim())
        throw new Error('idNumber is required');
      const reason = (input.reason || 'ID_NAME_MISMATCH') as RejectReason;
      if (!REJECT_REASONS.includes(reason))
        throw new Error(`reason must be one of ${REJECT_REASONS.join(', ')}`);
      const field = typeof input.field === 'string' && input.field ? input.field : 'student.idNumber';
      return { kind: 'reject-id', idNumber: input.idNumber.trim(), reason, field, ...span };
    }
    default:
      throw new Error('kind must be outage, slow, server-error, rate-limit or reject-id');
  }
}

export function createFaultBook(now: () => number = Date.now) {
  let faults: Fault[] = [];
  const live = (fault: Fault) => (fault.until === undefined || fault.until > now()) && fault.times !== 0;
  return {
    inject(input: FaultInput): void {
      const { seconds, times, ...spec } = input;
      const fault: Fault = { ...spec };
      if (seconds !== undefined) fault.until = now() + seconds * 1000;
      // Without a span, a fault lasts until cleared (reject-id) or answers one request (the others).
      else fault.times = times ?? (spec.kind === 'reject-id' ? undefined : 1);
      if (seconds !== undefined && times !== undefined) fault.times = times;
      faults.push(fault);
    },
    clear(): void {
      faults = [];
    },
    /** The first live fault of the kinds that answer a request before it is read; counts it down. */
    takeRequestFault(): Exclude<Fault, { kind: 'reject-id' }> | undefined {
      faults = faults.filter(live);
      const fault = faults.find((f) => f.kind !== 'reject-id' && f.kind !== 'rate-limit');
      if (fault && fault.times !== undefined) fault.times -= 1;
      return fault as Exclude<Fault, { kind: 'reject-id' }> | undefined;
    },
    /** A live injected rate limit, counted down. */
    takeRateLimit(): Extract<Fault, { kind: 'rate-limit' }> | undefined {
      faults = faults.filter(live);
      const fault = faults.find((f) => f.kind === 'rate-limit') as
        | Extract<Fault, { kind: 'rate-limit' }>
        | undefined;
      if (fault && fault.times !== undefined) fault.times -= 1;
      return fault;
    },
    /** A rejection injected for this ID number (counted down when it has a count). */
    takeRejection(idNumber: string): Extract<Fault, { kind: 'reject-id' }> | undefined {
      faults = faults.filter(live);
      const fault = faults.find((f) => f.kind === 'reject-id' && f.idNumber === idNumber) as
        | Extract<Fault, { kind: 'reject-id' }>
        | undefined;
      if (fault && fault.times !== undefined) fault.times -= 1;
      return fault;
    },
    pending(): readonly Fault[] {
      faults = faults.filter(live);
      return faults;
    },
  };
}

export type FaultBook = ReturnType<typeof createFaultBook>;
