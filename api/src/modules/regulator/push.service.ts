import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { PushOrigin, PushQueued } from '../../contract/regulator-push';
import type { Scope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { authorize } from '../../core/policy';
import { RegulatorPush } from './push.model';
import { PUSH_NOT_FOUND, type PushFacts } from './push.policy';
import { RegulatorPushConfig } from './push-config.model';

/**
 * The push outbox (docs/regulator.md "How the platform pushes"): which enrolments are reportable,
 * writing their push records in the caller's transaction, waking the project's sender, and sending
 * failed ones again. The sending itself is `push-dispatch.ts`.
 */

/** The job that sends a project's due pushes (one waiting and one running per project). */
export const PUSH_JOB = 'regulator.push';

/** The stately job key of a project's sender. */
export const senderKey = (projectId: number) => `project-${projectId}`;

/** Wakes the project's sender (in `transaction`: once it commits), at once or at `startAfter`. */
export async function wakeSender(
  scope: Pick<Scope, 'jobs'>,
  projectId: number,
  options: { transaction?: Transaction; startAfter?: Date } = {},
): Promise<void> {
  await scope.jobs.send(
    PUSH_JOB,
    { projectId },
    {
      singletonKey: senderKey(projectId),
      ...(options.transaction ? { transaction: options.transaction } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    },
  );
}

/** Why a project's enrolment is not reported by itself (null: it is, at once when it passes). */
export type NotReportedReason = string | null;

/** The base type (`public` / `specialized`) of each class: the root of its category. */
export async function classBaseTypes(
  sequelize: Sequelize,
  projectId: number,
  classIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  if (!classIds.length) return new Map();
  const rows = await sequelize.query<{ class_id: number; code: string | null }>(
    `WITH RECURSIVE up AS (
       SELECT c.id AS class_id, k.id, k.parent_id, k.code
         FROM train_class c JOIN class_category k ON k.id = c.category_id
        WHERE c.project_id = :projectId AND c.id IN (:classIds)
       UNION ALL
       SELECT up.class_id, k.id, k.parent_id, k.code FROM class_category k JOIN up ON k.id = up.parent_id
     )
     SELECT class_id, code FROM up WHERE parent_id IS NULL`,
    { replacements: { projectId, classIds }, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((row) => [row.class_id, row.code ?? '']));
}

/** The project's push config when reporting is on, else null. */
export async function activeConfig(
  projectId: number,
  transaction?: Transaction,
): Promise<RegulatorPushConfig | null> {
  const config = await RegulatorPushConfig.findOne({ where: { projectId }, transaction });
  return config?.enabled ? config : null;
}

/** Why an enrolment of a class with `baseType` would not be reported (null: it may be). */
export function notReportable(
  config: RegulatorPushConfig | null,
  baseType: string | undefined,
): string | null {
  if (!config) return '未开启学时上报';
  if (!baseType || !config.baseTypes.includes(baseType)) return '该班级的基础类型不上报';
  return null;
}

/**
 * Writes the ORIGINAL push record of each enrolment (none twice: the partial unique index), in the
 * caller's transaction, and wakes the sender once it commits. Answers the ids written.
 */
export async function writeOriginalPushes(
  scope: Pick<Scope, 'sequelize' | 'jobs'>,
  projectId: number,
  myClassIds: readonly number[],
  origin: Exclude<PushOrigin, 'CORRECTION'>,
  createdBy: number | null,
  transaction: Transaction,
): Promise<number[]> {
  const ids = await insertOriginalPushes(
    scope.sequelize,
    projectId,
    myClassIds,
    origin,
    createdBy,
    transaction,
  );
  if (ids.length) await wakeSender(scope, projectId, { transaction });
  return ids;
}

/** The rows of `writeOriginalPushes` without waking the sender (the demo seed: the sweep at start does). */
export async function insertOriginalPushes(
  sequelize: Sequelize,
  projectId: number,
  myClassIds: readonly number[],
  origin: Exclude<PushOrigin, 'CORRECTION'>,
  createdBy: number | null,
  transaction: Transaction,
): Promise<number[]> {
  if (!myClassIds.length) return [];
  const rows = await sequelize.query<{ id: number }>(
    `INSERT INTO regulator_push
       (id, project_id, push_no, my_class_id, account_id, class_id, kind, origin, status, created_by)
     SELECT n.id, n.project_id, 'RP' || to_char((now() AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')
              || lpad(n.id::text, 8, '0'),
            n.my_class_id, n.account_id, n.class_id, 'ORIGINAL', :origin, 'PENDING', :createdBy
       FROM (SELECT nextval('regulator_push_id_seq') AS id, m.project_id, m.id AS my_class_id,
                    m.account_id, m.class_id
               FROM my_class m
              WHERE m.project_id = :projectId AND m.id IN (:myClassIds)
                AND NOT EXISTS (SELECT 1 FROM regulator_push p WHERE p.my_class_id = m.id AND p.kind = 'ORIGINAL')
              ORDER BY m.id) n
     ON CONFLICT (my_class_id) WHERE kind = 'ORIGINAL' DO NOTHING
     RETURNING id`,
    {
      replacements: { projectId, myClassIds: [...myClassIds], origin, createdBy },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows.map((row) => row.id);
}

/**
 * Writes a CORRECTION push of an enrolment whose accepted push `corrected` is replaced (data
 * correction), in the caller's transaction.
 */
export async function writeCorrectionPush(
  scope: Pick<Scope, 'sequelize' | 'jobs'>,
  corrected: RegulatorPush,
  createdBy: number | null,
  transaction: Transaction,
): Promise<number> {
  const [row] = await scope.sequelize.query<{ id: number }>(
    `INSERT INTO regulator_push
       (id, project_id, push_no, my_class_id, account_id, class_id, kind, corrects_id, origin, status, created_by)
     SELECT n.id, :projectId, 'RP' || to_char((now() AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD')
              || lpad(n.id::text, 8, '0'),
            :myClassId, :accountId, :classId, 'CORRECTION', :correctsId, 'CORRECTION', 'PENDING', :createdBy
       FROM (SELECT nextval('regulator_push_id_seq') AS id) n
     RETURNING id`,
    {
      replacements: {
        projectId: corrected.projectId,
        myClassId: corrected.myClassId,
        accountId: corrected.accountId,
        classId: corrected.classId,
        correctsId: corrected.id,
        createdBy,
      },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  await wakeSender(scope, corrected.projectId, { transaction });
  return row?.id ?? 0;
}

/** What the push policy reads of a push. */
export const pushFacts = (push: RegulatorPush): PushFacts => ({
  projectId: push.projectId,
  status: push.status,
  rejected: Boolean(push.rejectReason),
});

/**
 * Makes a FAILED push due again. A push the regulator refused is built anew from the data as it is
 * now (the refusal means it stored nothing under the number); one given up for lack of an answer
 * keeps what it sent, since the regulator may hold it.
 */
export async function requeue(push: RegulatorPush, transaction: Transaction): Promise<void> {
  await push.update(
    {
      status: 'PENDING',
      failures: 0,
      nextAttemptAt: new Date(),
      leaseUntil: null,
      ...(push.rejectReason ? { payload: null } : {}),
      rejectErrors: null,
      rejectField: null,
      rejectReason: null,
    },
    { transaction },
  );
}

/** Loads a push of the caller's project under a row lock, else refuses as missing. */
export async function lockedPush(
  scope: Scope & { project: { id: number } },
  id: number,
  transaction: Transaction,
): Promise<RegulatorPush> {
  const push = await RegulatorPush.findOne({
    where: { projectId: scope.project.id, id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!push) throw new BusinessError(PUSH_NOT_FOUND);
  return push;
}

/**
 * Sends the chosen failed pushes again, each in a transaction of its own; the others go on when
 * one is refused (by the push policy: in flight, accepted, handled).
 */
export async function repush(
  scope: Scope & { project: { id: number }; principal: NonNullable<Scope['principal']> },
  ids: readonly number[],
): Promise<PushQueued> {
  const answer: PushQueued = { queued: 0, refused: [] };
  for (const id of ids) {
    try {
      await scope.sequelize.transaction(async (transaction) => {
        const push = await lockedPush(scope, id, transaction);
        authorize(scope, 'push.repush', pushFacts(push));
        await requeue(push, transaction);
        await wakeSender(scope, push.projectId, { transaction });
      });
      answer.queued++;
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      answer.refused.push({ id, reason: error.message });
    }
  }
  return answer;
}
