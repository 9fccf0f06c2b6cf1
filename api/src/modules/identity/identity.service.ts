import { QueryTypes, type Transaction } from 'sequelize';
import {
  IDENTITY_CHECK_RESULT_LABEL,
  type IdentityCheckPurpose,
  type IdentityCheckView,
} from '../../contract/student';
import type { TenantProject, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { IdentityCheck } from './identity-check.model';

/**
 * 实名核验: a name and ID number checked through the identity-verification service
 * (`providers.identity`; Tencent Cloud's 身份信息认证 or its simulator, docs/identity.md). Every
 * check is recorded (`identity_check`) whoever asked: registration, a student completing the
 * profile, staff on a student, CMS registration. Registration and CMS use `requireIdentity`, which
 * refuses naming the fields unless the service says the name and number belong together.
 */

/** Failed checks of one ID number a project makes per China day before refusing to ask again. */
export const IDENTITY_FAILURES_PER_DAY = 5;

export const IDENTITY_MESSAGES = {
  MISMATCH: '姓名与身份证号不一致，请核对',
  INVALID_ID: '身份证号无效，请核对',
  INVALID_NAME: '姓名格式不正确，请填写身份证上的姓名',
  NOT_FOUND: '证件库中无此身份证号，请核对',
  LIMITED: '该身份证号今日核验次数已达上限，请明天再试',
  TOO_MANY_FAILURES: '该身份证号今日核验未通过次数过多，请明天再试',
  UNAVAILABLE: '实名核验服务暂不可用，请稍后再试',
} as const;

export interface IdentityPersonInput {
  realName: string;
  idCardNo: string;
}

export interface IdentityCheckMeta {
  purpose: IdentityCheckPurpose;
  /** The account checked, when it exists already. */
  accountId?: number | null;
  /** The staff member asking. */
  checkedBy?: number | null;
}

/** Whether the project requires a matching identity check when students register (项目设置 → 实名核验). */
export const identityRequired = (project: TenantProject) => project.settings.idCardVerify === 1;

export const presentIdentityCheck = (check: IdentityCheck): IdentityCheckView => ({
  result: check.result,
  resultText: IDENTITY_CHECK_RESULT_LABEL[check.result],
  checkedAt: check.createdAt.toISOString(),
  simulated: check.simulated,
});

/** Results that say something about the person (the others say the check could not be made). */
const ANSWERED = ['MATCH', 'MISMATCH', 'INVALID_ID', 'INVALID_NAME', 'NOT_FOUND'] as const;

async function failuresToday(scope: TenantScope, idCardNo: string): Promise<number> {
  const { clock } = scope.providers;
  // Counted from the start of the China day of now (the caps reset at 00:00 UTC+8).
  const [row] = await scope.sequelize.query<{ failures: string }>(
    `SELECT count(*) AS failures FROM identity_check
      WHERE project_id = :projectId AND id_card_no = :idCardNo AND result IN (:failed)
        AND created_at >= date_trunc('day', CAST(:now AS timestamptz) AT TIME ZONE 'Asia/Shanghai')
                          AT TIME ZONE 'Asia/Shanghai'`,
    {
      replacements: {
        projectId: scope.project.id,
        idCardNo,
        failed: ['MISMATCH', 'INVALID_NAME', 'NOT_FOUND'],
        now: clock.now(),
      },
      type: QueryTypes.SELECT,
    },
  );
  return Number(row?.failures ?? 0);
}

/**
 * Checks a name and ID number through the service and records the check (committed on its own,
 * whatever the caller's transaction does, so failures count). Refuses without asking once the ID
 * number failed IDENTITY_FAILURES_PER_DAY times today in the project. Never refuses for the
 * service's answer: the caller decides (`requireIdentity`, the staff call).
 */
export async function checkIdentity(
  scope: TenantScope,
  person: IdentityPersonInput,
  meta: IdentityCheckMeta,
): Promise<IdentityCheck> {
  const idCardNo = person.idCardNo.toUpperCase();
  if ((await failuresToday(scope, idCardNo)) >= IDENTITY_FAILURES_PER_DAY)
    throw new BusinessError(IDENTITY_MESSAGES.TOO_MANY_FAILURES);
  const verifier = scope.providers.identity;
  const verdict = await verifier.verify({ name: person.realName, idNumber: idCardNo });
  if (verdict.result === 'ERROR')
    scope.log.warn({ code: verdict.code, description: verdict.description }, 'identity check failed');
  return IdentityCheck.create({
    projectId: scope.project.id,
    accountId: meta.accountId ?? null,
    purpose: meta.purpose,
    realName: person.realName,
    idCardNo,
    result: verdict.result,
    code: verdict.code.slice(0, 64),
    description: verdict.description.slice(0, 255),
    requestId: verdict.requestId?.slice(0, 64) ?? null,
    simulated: verifier.simulated,
    checkedBy: meta.checkedBy ?? null,
  });
}

/**
 * The refusal of a check that did not match: ValidationError naming the fields for the person's
 * answers (`fields` maps them to the caller's form: `realName`/`idCardNo` by default),
 * BusinessError when the check could not be made.
 */
export function identityRefusal(
  check: Pick<IdentityCheck, 'result'>,
  fields: { name: string; idNumber: string } = { name: 'realName', idNumber: 'idCardNo' },
): Error | null {
  const field = (name: string, message: string): FieldError => ({ field: name, rule: 'identity', message });
  switch (check.result) {
    case 'MATCH':
      return null;
    case 'MISMATCH':
      return new ValidationError([
        field(fields.name, IDENTITY_MESSAGES.MISMATCH),
        field(fields.idNumber, IDENTITY_MESSAGES.MISMATCH),
      ]);
    case 'INVALID_ID':
      return new ValidationError([field(fields.idNumber, IDENTITY_MESSAGES.INVALID_ID)]);
    case 'INVALID_NAME':
      return new ValidationError([field(fields.name, IDENTITY_MESSAGES.INVALID_NAME)]);
    case 'NOT_FOUND':
      return new ValidationError([field(fields.idNumber, IDENTITY_MESSAGES.NOT_FOUND)]);
    case 'LIMITED':
      return new BusinessError(IDENTITY_MESSAGES.LIMITED);
    default:
      return new BusinessError(IDENTITY_MESSAGES.UNAVAILABLE);
  }
}

/**
 * For registration (this product's and CMS's): checks the person and throws unless the service
 * says the name and ID number belong together (see `identityRefusal` for the errors). Answers the
 * recorded check, so the caller can tie it to the account it then creates (`linkIdentityCheck`).
 *
 * CMS registration: `await requireIdentity(scope, { realName, idCardNo }, { purpose: 'CMS' })`,
 * when `identityRequired(scope.project)`; `fields` names its form's fields.
 */
export async function requireIdentity(
  scope: TenantScope,
  person: IdentityPersonInput,
  meta: IdentityCheckMeta,
  fields?: { name: string; idNumber: string },
): Promise<IdentityCheck> {
  const check = await checkIdentity(scope, person, meta);
  const refusal = identityRefusal(check, fields);
  if (refusal) throw refusal;
  return check;
}

/** Ties a check made before its account existed to the account (in the account's transaction). */
export async function linkIdentityCheck(
  check: IdentityCheck,
  accountId: number,
  transaction: Transaction,
): Promise<void> {
  await IdentityCheck.update(
    { accountId },
    { where: { id: check.id, projectId: check.projectId }, transaction },
  );
}

/**
 * The latest answered check of each account's current name and ID number (a check of a name or
 * number since changed does not count), by account id.
 */
export async function latestIdentityChecks(
  scope: TenantScope,
  accountIds: readonly number[],
): Promise<Map<number, IdentityCheckView>> {
  if (accountIds.length === 0) return new Map();
  const rows = await scope.sequelize.query<{
    account_id: number;
    result: IdentityCheck['result'];
    created_at: Date;
    simulated: boolean;
  }>(
    `SELECT DISTINCT ON (c.account_id) c.account_id, c.result, c.created_at, c.simulated
       FROM identity_check c
       JOIN account a ON a.id = c.account_id AND a.project_id = c.project_id
                     AND a.real_name = c.real_name AND a.id_card_no = c.id_card_no
      WHERE c.project_id = :projectId AND c.account_id IN (:accountIds) AND c.result IN (:answered)
      ORDER BY c.account_id, c.created_at DESC, c.id DESC`,
    {
      replacements: { projectId: scope.project.id, accountIds, answered: [...ANSWERED] },
      type: QueryTypes.SELECT,
    },
  );
  return new Map(
    rows.map((row) => [
      row.account_id,
      {
        result: row.result,
        resultText: IDENTITY_CHECK_RESULT_LABEL[row.result],
        checkedAt: new Date(row.created_at).toISOString(),
        simulated: row.simulated,
      },
    ]),
  );
}
