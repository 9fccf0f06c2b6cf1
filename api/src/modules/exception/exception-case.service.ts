import { ROLE_SYSTEM } from '@px/config';
import { QueryTypes, type Transaction } from 'sequelize';
import type { z } from 'zod';
import {
  type ExceptionCaseAction,
  type ExceptionCaseDetail,
  type ExceptionCaseOptions,
  type ExceptionCasePage,
  type ExceptionCaseStatus,
  type exceptionCaseAssignInput,
  type exceptionCasePageInput,
  type exceptionCaseResolveInput,
  type exceptionCaseSaveInput,
  type exceptionCaseStartInput,
  EXCEPTION_CASE_MESSAGES as M,
} from '../../contract/exception-register';
import type { ActorScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { authorize, type Verb } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { SqlFilter, sqlPage } from '../../db/sql-page';
import { audit } from '../audit/audit.service';
import { type CaseData, type NoteData, presentCase, presentNote } from './exception.presenter';
import { ExceptionCase, ExceptionCaseNoteRow } from './exception-case.model';

/** A reference to no object of the project: refused as the field's `exists` rule, nothing written. */
const missing = (field: string, message: string) => new ValidationError([{ field, rule: 'exists', message }]);

const CASE_SELECT = `
  SELECT c.id, c.kind, c.status, c.account_id, a.real_name, a.id_card_no, a.mobile, c.description,
         (SELECT json_agg(json_build_object('id', i.id, 'contentType', i.content_type) ORDER BY k.n)
            FROM unnest(c.image_ids) WITH ORDINALITY AS k (id, n)
            JOIN uploaded_image i ON i.id = k.id AND i.project_id = c.project_id) AS images,
         c.assignee_id, assignee.real_name AS assignee_name, creator.real_name AS created_by_name,
         c.created_at, c.updated_at
    FROM exception_case c
    JOIN account a ON a.id = c.account_id
    LEFT JOIN account assignee ON assignee.id = c.assignee_id
    LEFT JOIN account creator ON creator.id = c.created_by`;

/**
 * `exception-register/page`: the project's cases, open ones first (待处理, then 处理中), newest
 * first, by state, kind, student (name, ID number or mobile) and the caller's own.
 */
export async function pageExceptionCases(
  scope: ActorScope,
  input: z.output<typeof exceptionCasePageInput>,
): Promise<ExceptionCasePage> {
  const filter = new SqlFilter('c.project_id = :projectId', { projectId: scope.project.id })
    .equals('c.status', 'status', input.status)
    .equals('c.kind', 'kind', input.kind)
    .when(input.mine ? scope.principal.accountId : null, 'c.assignee_id = :me', 'me')
    .student(input.student);
  const { rows: found, total } = await sqlPage<CaseData>(
    scope.sequelize,
    {
      select: CASE_SELECT,
      countFrom: 'FROM exception_case c JOIN account a ON a.id = c.account_id',
      filter,
      orderBy:
        "CASE c.status WHEN 'PENDING' THEN 0 WHEN 'PROCESSING' THEN 1 ELSE 2 END, c.created_at DESC, c.id DESC",
    },
    input,
  );
  return {
    list: found.map((row) => presentCase(scope, row)),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** `exception-register/detail`: a case of the project with its steps. Refused (not found) for any other. */
export async function exceptionCaseDetail(
  scope: ActorScope,
  id: number,
  transaction?: Transaction,
): Promise<ExceptionCaseDetail> {
  const [row] = await scope.sequelize.query<CaseData>(
    `${CASE_SELECT} WHERE c.project_id = :projectId AND c.id = :id`,
    { replacements: { projectId: scope.project.id, id }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw new BusinessError(M.NOT_FOUND);
  const notes = await scope.sequelize.query<NoteData>(
    `SELECT n.id, n.action, n.from_status, n.to_status, n.note, assignee.real_name AS assignee_name,
            creator.real_name AS created_by_name, n.created_at
       FROM exception_case_note n
       LEFT JOIN account assignee ON assignee.id = n.assignee_id
       LEFT JOIN account creator ON creator.id = n.created_by
      WHERE n.project_id = :projectId AND n.case_id = :id
      ORDER BY n.id`,
    { replacements: { projectId: scope.project.id, id }, type: QueryTypes.SELECT, transaction },
  );
  return { ...presentCase(scope, row), notes: notes.map(presentNote) };
}

/** The enabled staff accounts of the project, by id (for assigning). */
async function staffAccounts(
  scope: ActorScope,
  ids: number[] | null,
  transaction?: Transaction,
): Promise<{ id: number; name: string }[]> {
  return scope.sequelize.query<{ id: number; name: string }>(
    `SELECT id, COALESCE(NULLIF(real_name, ''), account_name) AS name FROM account
      WHERE project_id = :projectId AND role_system = :staff AND status = 'ENABLED' AND deleted_at IS NULL
        ${ids ? 'AND id IN (:ids)' : ''}
      ORDER BY id`,
    {
      replacements: { projectId: scope.project.id, staff: ROLE_SYSTEM.PROJECT, ids: ids ?? [] },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
}

/** `exception-register/options`: the assignees, and up to 20 students matching `student`. */
export async function exceptionCaseOptions(
  scope: ActorScope,
  student: string | undefined,
): Promise<ExceptionCaseOptions> {
  const assignees = await staffAccounts(scope, null);
  const students = student
    ? await scope.sequelize.query<ExceptionCaseOptions['students'][number]>(
        `SELECT id, real_name AS "realName", id_card_no AS "idCardNo", mobile FROM account
          WHERE project_id = :projectId AND role_system = :student AND deleted_at IS NULL
            AND (real_name LIKE :pattern OR id_card_no LIKE :pattern OR mobile LIKE :pattern)
          ORDER BY id LIMIT 20`,
        {
          replacements: {
            projectId: scope.project.id,
            student: ROLE_SYSTEM.STUDENT,
            pattern: containsPattern(student),
          },
          type: QueryTypes.SELECT,
        },
      )
    : [];
  return { assignees, students };
}

async function requireAssignee(scope: ActorScope, assigneeId: number, transaction: Transaction) {
  const [assignee] = await staffAccounts(scope, [assigneeId], transaction);
  if (!assignee) throw missing('assigneeId', M.ASSIGNEE_NOT_FOUND);
  return assignee;
}

/**
 * `exception-register/save`: registers a case of a student of the project (待处理), with images
 * uploaded to the project through `upload/upload-image`, assigned at once when an assignee is
 * given. Writes the case, its REGISTER step (and an ASSIGN step) and an audit entry in one
 * transaction. Refuses another project's student, assignee or image.
 */
export async function registerExceptionCase(
  scope: ActorScope,
  input: z.output<typeof exceptionCaseSaveInput>,
): Promise<ExceptionCaseDetail> {
  const projectId = scope.project.id;
  const me = scope.principal.accountId;
  return scope.sequelize.transaction(async (transaction) => {
    const [student] = await scope.sequelize.query<{ id: number }>(
      `SELECT id FROM account WHERE project_id = :projectId AND id = :id AND role_system = :student
          AND deleted_at IS NULL`,
      {
        replacements: { projectId, id: input.accountId, student: ROLE_SYSTEM.STUDENT },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (!student) throw missing('accountId', M.STUDENT_NOT_FOUND);
    if (input.assigneeId) await requireAssignee(scope, input.assigneeId, transaction);
    if (input.imageIds.length > 0) {
      const [found] = await scope.sequelize.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM uploaded_image WHERE project_id = :projectId AND id IN (:ids)',
        { replacements: { projectId, ids: input.imageIds }, type: QueryTypes.SELECT, transaction },
      );
      if ((found?.n ?? 0) !== input.imageIds.length) throw missing('imageIds', M.IMAGE_NOT_FOUND);
    }
    const row = await ExceptionCase.create(
      {
        projectId,
        accountId: input.accountId,
        kind: input.kind,
        description: input.description,
        imageIds: input.imageIds,
        status: 'PENDING',
        assigneeId: input.assigneeId ?? null,
        createdBy: me,
      },
      { transaction },
    );
    await ExceptionCaseNoteRow.create(
      {
        projectId,
        caseId: row.id,
        action: 'REGISTER',
        fromStatus: null,
        toStatus: 'PENDING',
        note: '',
        assigneeId: input.assigneeId ?? null,
        createdBy: me,
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'exception-case.register',
        projectId,
        targetType: 'exception_case',
        targetId: row.id,
        detail: { accountId: input.accountId, kind: input.kind, assigneeId: input.assigneeId ?? null },
      },
      transaction,
    );
    return exceptionCaseDetail(scope, row.id, transaction);
  });
}

/** Locks the project's case, judges the verb, writes the step, the change and an audit entry. */
async function step(
  scope: ActorScope,
  id: number,
  verb: Verb & `exception-case.${string}`,
  action: ExceptionCaseAction,
  change: (
    row: ExceptionCase,
    transaction: Transaction,
  ) => Promise<{
    toStatus: ExceptionCaseStatus;
    assigneeId: number | null;
  }>,
  note: string | undefined,
): Promise<ExceptionCaseDetail> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const row = await ExceptionCase.findOne({
      where: { projectId, id },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
    if (!row) throw new BusinessError(M.NOT_FOUND);
    authorize(scope, verb as 'exception-case.assign', row);
    const fromStatus = row.status;
    const { toStatus, assigneeId } = await change(row, transaction);
    await row.update(
      { status: toStatus, assigneeId, updatedAt: scope.providers.clock.now() },
      { transaction },
    );
    await ExceptionCaseNoteRow.create(
      {
        projectId,
        caseId: row.id,
        action,
        fromStatus,
        toStatus,
        note: note ?? '',
        assigneeId,
        createdBy: scope.principal.accountId,
      },
      { transaction },
    );
    await audit(
      scope,
      {
        action: `exception-case.${action.toLowerCase()}`,
        projectId,
        targetType: 'exception_case',
        targetId: row.id,
        detail: { from: fromStatus, to: toStatus, assigneeId, note: note ?? null },
      },
      transaction,
    );
    return exceptionCaseDetail(scope, row.id, transaction);
  });
}

/** `exception-register/assign`: gives an open case to an enabled staff account of the project. */
export function assignExceptionCase(
  scope: ActorScope,
  input: z.output<typeof exceptionCaseAssignInput>,
): Promise<ExceptionCaseDetail> {
  return step(
    scope,
    input.id,
    'exception-case.assign',
    'ASSIGN',
    async (row, transaction) => {
      if (row.assigneeId === input.assigneeId) throw new BusinessError(M.SAME_ASSIGNEE);
      await requireAssignee(scope, input.assigneeId, transaction);
      return { toStatus: row.status, assigneeId: input.assigneeId };
    },
    input.note,
  );
}

/** `exception-register/start`: the assignee takes up a pending case (待处理 → 处理中). */
export function startExceptionCase(
  scope: ActorScope,
  input: z.output<typeof exceptionCaseStartInput>,
): Promise<ExceptionCaseDetail> {
  return step(
    scope,
    input.id,
    'exception-case.start',
    'START',
    async (row) => ({ toStatus: 'PROCESSING', assigneeId: row.assigneeId }),
    input.note,
  );
}

/** `exception-register/resolve`: the assignee closes a case in progress with what was done (处理中 → 已处理). */
export function resolveExceptionCase(
  scope: ActorScope,
  input: z.output<typeof exceptionCaseResolveInput>,
): Promise<ExceptionCaseDetail> {
  return step(
    scope,
    input.id,
    'exception-case.resolve',
    'RESOLVE',
    async (row) => ({ toStatus: 'RESOLVED', assigneeId: row.assigneeId }),
    input.note,
  );
}
