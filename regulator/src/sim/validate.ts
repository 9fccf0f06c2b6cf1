import {
  type FieldError,
  idCardProblem,
  isDate,
  KEY_PATTERN,
  REJECT_MESSAGES,
  type RegulatorClass,
  type RejectReason,
  type StudyRecord,
} from '../protocol';

/** The regulator's checks of a class and of a record's shape (docs/regulator.md, "The study record"). */

const fieldError = (field: string, reason: RejectReason): FieldError => ({
  field,
  reason,
  message: REJECT_MESSAGES[reason],
});

const NAME_PATTERN = /^(?:[\u4e00-\u9fff·]{2,30}|[A-Za-z][A-Za-z .'-]{1,29})$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const isHours = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max && twoDecimals(value);

export function classProblems(body: unknown, pathCode: string): FieldError[] {
  if (!isObject(body)) return [fieldError('body', 'INVALID_FORMAT')];
  const errors: FieldError[] = [];
  if (typeof body.code !== 'string' || !KEY_PATTERN.test(body.code) || body.code !== pathCode)
    errors.push(fieldError('code', body.code === undefined ? 'REQUIRED' : 'INVALID_FORMAT'));
  if (typeof body.name !== 'string' || !body.name.trim() || body.name.length > 200)
    errors.push(fieldError('name', body.name === undefined ? 'REQUIRED' : 'INVALID_FORMAT'));
  if (!isHours(body.hours, 10_000) || body.hours === 0)
    errors.push(fieldError('hours', body.hours === undefined ? 'REQUIRED' : 'INVALID_FORMAT'));
  for (const key of ['startOn', 'endOn'] as const)
    if (!isDate(body[key]))
      errors.push(fieldError(key, body[key] === undefined ? 'REQUIRED' : 'INVALID_FORMAT'));
  if (!errors.length && (body.startOn as string) > (body.endOn as string))
    errors.push(fieldError('endOn', 'DATE_ORDER'));
  return errors;
}

export const asClass = (body: Record<string, unknown>): RegulatorClass => ({
  code: body.code as string,
  name: body.name as string,
  hours: body.hours as number,
  startOn: body.startOn as string,
  endOn: body.endOn as string,
});

/**
 * Problems of a record's shape and its own consistency (what needs no stored state); the class's
 * hours, the register of people and corrections are checked against the store by the server.
 */
export function recordProblems(body: unknown): FieldError[] {
  if (!isObject(body)) return [fieldError('body', 'INVALID_FORMAT')];
  const errors: FieldError[] = [];
  const need = (field: string, value: unknown, ok: boolean) => {
    if (value === undefined || value === null || value === '') errors.push(fieldError(field, 'REQUIRED'));
    else if (!ok) errors.push(fieldError(field, 'INVALID_FORMAT'));
  };
  need('pushNo', body.pushNo, typeof body.pushNo === 'string' && KEY_PATTERN.test(body.pushNo));
  need('kind', body.kind, body.kind === 'ORIGINAL' || body.kind === 'CORRECTION');
  if (body.kind === 'CORRECTION')
    need('corrects', body.corrects, typeof body.corrects === 'string' && KEY_PATTERN.test(body.corrects));
  else if (body.corrects !== null && body.corrects !== undefined)
    errors.push(fieldError('corrects', 'INVALID_FORMAT'));

  const student = isObject(body.student) ? body.student : {};
  if (!isObject(body.student)) errors.push(fieldError('student', 'REQUIRED'));
  need('student.name', student.name, typeof student.name === 'string' && NAME_PATTERN.test(student.name));
  need(
    'student.idType',
    student.idType,
    student.idType === 'ID_CARD' || student.idType === 'PASSPORT' || student.idType === 'OTHER',
  );
  if (typeof student.idNumber !== 'string' || !student.idNumber)
    errors.push(fieldError('student.idNumber', 'REQUIRED'));
  else if (student.idType === 'ID_CARD') {
    const problem = idCardProblem(student.idNumber);
    if (problem) errors.push(fieldError('student.idNumber', problem));
  } else if (!/^[A-Za-z0-9]{5,32}$/.test(student.idNumber))
    errors.push(fieldError('student.idNumber', 'INVALID_FORMAT'));
  if (student.mobile !== null && student.mobile !== undefined && !/^1\d{10}$/.test(String(student.mobile)))
    errors.push(fieldError('student.mobile', 'INVALID_FORMAT'));

  need('classCode', body.classCode, typeof body.classCode === 'string' && KEY_PATTERN.test(body.classCode));

  const study = isObject(body.study) ? body.study : {};
  if (!isObject(body.study)) errors.push(fieldError('study', 'REQUIRED'));
  need('study.hours', study.hours, isHours(study.hours, 10_000));
  need('study.startedOn', study.startedOn, isDate(study.startedOn));
  need('study.completedOn', study.completedOn, isDate(study.completedOn));
  need(
    'study.result',
    study.result,
    study.result === 'PASSED' || study.result === 'COMPLETED' || study.result === 'FAILED',
  );
  const examined = study.result === 'PASSED' || study.result === 'FAILED';
  if (examined || (study.examScore !== null && study.examScore !== undefined))
    need(
      'study.examScore',
      study.examScore,
      typeof study.examScore === 'number' && study.examScore >= 0 && study.examScore <= 100,
    );
  if (study.examOn !== null && study.examOn !== undefined && !isDate(study.examOn))
    errors.push(fieldError('study.examOn', 'INVALID_FORMAT'));
  if (isDate(study.startedOn) && isDate(study.completedOn) && study.startedOn > study.completedOn)
    errors.push(fieldError('study.completedOn', 'DATE_ORDER'));
  if (isDate(study.startedOn) && isDate(study.examOn) && study.examOn < study.startedOn)
    errors.push(fieldError('study.examOn', 'DATE_ORDER'));

  if (body.certificate !== null && body.certificate !== undefined) {
    const certificate = isObject(body.certificate) ? body.certificate : {};
    need(
      'certificate.number',
      certificate.number,
      typeof certificate.number === 'string' && certificate.number.length <= 64,
    );
    need('certificate.issuedOn', certificate.issuedOn, isDate(certificate.issuedOn));
    if (isDate(certificate.issuedOn) && isDate(study.startedOn) && certificate.issuedOn < study.startedOn)
      errors.push(fieldError('certificate.issuedOn', 'DATE_ORDER'));
  }
  if (
    body.ledgerHead !== null &&
    body.ledgerHead !== undefined &&
    !/^[0-9a-f]{64}$/.test(String(body.ledgerHead))
  )
    errors.push(fieldError('ledgerHead', 'INVALID_FORMAT'));
  need(
    'reportedAt',
    body.reportedAt,
    typeof body.reportedAt === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(body.reportedAt) &&
      !Number.isNaN(Date.parse(body.reportedAt)),
  );
  return errors;
}

/** A record that passed `recordProblems`, with the optional fields filled. */
export const asRecord = (body: Record<string, unknown>): StudyRecord => {
  const record = body as unknown as StudyRecord;
  return {
    ...record,
    corrects: record.corrects ?? null,
    student: { ...record.student, mobile: record.student.mobile ?? null },
    study: {
      ...record.study,
      examScore: record.study.examScore ?? null,
      examOn: record.study.examOn ?? null,
    },
    certificate: record.certificate ?? null,
    ledgerHead: record.ledgerHead ?? null,
  };
};

export { fieldError };
