import { maskIdCardNumber, ROLE_SYSTEM } from '@px/config';
import { Op, UniqueConstraintError, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type {
  ClassPushCount,
  MyPushLogItem,
  NotPushedRow,
  notPushListInput,
  PushAttemptRow,
  PushExceptionRow,
  PushQueued,
  PushReportFilters,
  PushRow,
  pushExceptionCorrectInput,
  pushExceptionPageInput,
  pushReportListInput,
} from '../../contract/regulator-push';
import type { ActorScope, TenantScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError, fieldError } from '../../core/errors';
import { modelPage, NEWEST_FIRST, newestFirstBatches, newestFirstPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { Account } from '../account/account.model';
import { findStudentByMobile, mobileRaceLost } from '../account/mobile.service';
import { accountIdsMatching } from '../account/student-search';
import { audit } from '../audit/audit.service';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { RegulatorPush, RegulatorPushLog } from './push.model';
import { myPushItem, type PushNames, pushAttemptRow, pushExceptionRow, pushRow } from './push.presenter';
import {
  activeConfig,
  classBaseTypes,
  lockedPush,
  notReportable,
  pushFacts,
  repush,
  requeue,
  wakeSender,
  writeOriginalPushes,
} from './push.service';

/**
 * The push log, the exception queue, the not-pushed list, the student's states and pushing from
 * the class list (docs/regulator.md "How the platform pushes").
 */

const hoursOf = (tenths: number) => Math.round(tenths) / 10;

/** Names of the students, classes and corrected pushes of `pushes`. */
async function namesOf(projectId: number, pushes: readonly RegulatorPush[]): Promise<PushNames> {
  const accountIds = [...new Set(pushes.map((push) => push.accountId))];
  const classIds = [...new Set(pushes.map((push) => push.classId))];
  const correctsIds = [...new Set(pushes.flatMap((push) => (push.correctsId ? [push.correctsId] : [])))];
  const [accounts, classes, corrected] = await Promise.all([
    accountIds.length
      ? Account.findAll({
          attributes: ['id', 'realName', 'idCardNo', 'mobile'],
          where: { projectId, id: accountIds },
          paranoid: false,
        })
      : [],
    classIds.length
      ? TrainClass.findAll({ attributes: ['id', 'name'], where: { projectId, id: classIds } })
      : [],
    correctsIds.length
      ? RegulatorPush.findAll({ attributes: ['id', 'pushNo'], where: { projectId, id: correctsIds } })
      : [],
  ]);
  return {
    students: new Map(accounts.map((account) => [account.id, account])),
    classes: new Map(classes.map((cls) => [cls.id, cls.name])),
    pushNos: new Map(corrected.map((push) => [push.id, push.pushNo])),
  };
}

/** The where-clause of the push log's filters. */
async function reportWhere(
  scope: TenantScope,
  input: PushReportFilters,
): Promise<WhereOptions<RegulatorPush>> {
  const and: WhereOptions<RegulatorPush>[] = [{ projectId: scope.project.id }];
  if (input.classId) and.push({ classId: input.classId });
  if (input.status) and.push({ status: input.status });
  if (input.student) and.push({ accountId: await accountIdsMatching(scope.project.id, input.student) });
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  return { [Op.and]: and };
}

/** `my-class-push-log/report-list`: the project's push records, newest first. */
export async function reportList(
  scope: ActorScope,
  input: z.output<typeof pushReportListInput>,
): Promise<PageAnswer<PushRow>> {
  return newestFirstPage(RegulatorPush, await reportWhere(scope, input), input, async (pushes) => {
    const names = await namesOf(scope.project.id, pushes);
    return pushes.map((push) => pushRow(scope, push, names));
  });
}

/** The failed pushes of the filters a batch at a time (the failure export). */
export async function* failedPushBatches(
  scope: ActorScope,
  input: PushReportFilters,
): AsyncGenerator<PushRow[]> {
  const where = { [Op.and]: [await reportWhere(scope, input), { status: 'FAILED' }] };
  yield* newestFirstBatches(RegulatorPush, where, async (pushes) => {
    const names = await namesOf(scope.project.id, pushes);
    return pushes.map((push) => pushRow(scope, push, names));
  });
}

/** `my-class-push-log/attempts`: one push's attempts, oldest first. */
export async function pushAttempts(scope: TenantScope, id: number): Promise<PushAttemptRow[]> {
  const push = await RegulatorPush.findOne({
    attributes: ['id'],
    where: { projectId: scope.project.id, id },
  });
  if (!push) throw new BusinessError('上报记录不存在');
  const logs = await RegulatorPushLog.findAll({
    where: { projectId: scope.project.id, pushId: id },
    order: [['id', 'ASC']],
    limit: 200,
  });
  return logs.map(pushAttemptRow);
}

/** The enrolments of the project that passed and were never pushed (filtered). */
function notPushedWhere(scope: TenantScope, extra: WhereOptions<MyClass>[] = []): WhereOptions<MyClass> {
  return {
    [Op.and]: [
      { projectId: scope.project.id, status: 'PASSED' },
      {
        id: {
          [Op.notIn]: scope.sequelize.literal(
            `(SELECT my_class_id FROM regulator_push WHERE project_id = ${Number(scope.project.id)} AND kind = 'ORIGINAL')`,
          ),
        },
      },
      ...extra,
    ],
  };
}

/** Why an enrolment of a class was not pushed by itself, by class. */
async function notPushedReasons(scope: TenantScope, classIds: number[]): Promise<Map<number, string>> {
  const config = await activeConfig(scope.project.id);
  const baseTypes = await classBaseTypes(scope.sequelize, scope.project.id, classIds);
  return new Map(
    classIds.map((classId) => [
      classId,
      notReportable(config, baseTypes.get(classId)) ??
        (config?.pushMode === 'MANUAL' ? '手动上报模式，待人工上报' : '开启上报前已合格，待人工上报'),
    ]),
  );
}

/** `my-class-push-log/not-push-list`: enrolments that passed and were never pushed, newest pass first. */
export async function notPushList(
  scope: TenantScope,
  input: z.output<typeof notPushListInput>,
): Promise<PageAnswer<NotPushedRow>> {
  const extra: WhereOptions<MyClass>[] = [];
  if (input.classId) extra.push({ classId: input.classId });
  if (input.student) extra.push({ accountId: await accountIdsMatching(scope.project.id, input.student) });
  return modelPage(
    MyClass,
    {
      where: notPushedWhere(scope, extra),
      order: [
        ['passedAt', 'DESC'],
        ['id', 'DESC'],
      ],
    },
    input,
    async (rows) => {
      const classIds = [...new Set(rows.map((row) => row.classId))];
      const [accounts, classes, reasons] = await Promise.all([
        rows.length
          ? Account.findAll({
              attributes: ['id', 'realName', 'idCardNo'],
              where: { projectId: scope.project.id, id: rows.map((row) => row.accountId) },
              paranoid: false,
            })
          : [],
        classIds.length ? TrainClass.findAll({ where: { projectId: scope.project.id, id: classIds } }) : [],
        notPushedReasons(scope, classIds),
      ]);
      const students = new Map(accounts.map((account) => [account.id, account]));
      const classNames = new Map(classes.map((cls) => [cls.id, cls.name]));
      return rows.map((row) => {
        const student = students.get(row.accountId);
        return {
          myClassId: row.id,
          accountId: row.accountId,
          studentName: student?.realName ?? '',
          idCardNo: student?.idCardNo ? maskIdCardNumber(student.idCardNo) : null,
          classId: row.classId,
          className: classNames.get(row.classId) ?? '',
          passedAt: row.passedAt?.toISOString() ?? null,
          hours: hoursOf(row.requiredTenths + row.electiveTenths),
          reason: reasons.get(row.classId) ?? '',
        };
      });
    },
  );
}

/** The reporting config of the caller's project, refusing when reporting is off. */
async function reportingOn(scope: TenantScope) {
  const config = await activeConfig(scope.project.id);
  if (!config) throw new BusinessError('未开启学时上报，请联系平台管理员在项目设置中开启');
  return config;
}

/**
 * Pushes the project's enrolments of `myClassIds` that passed and were never pushed (MANUAL), each
 * whose class's base type is reported; answers how many were queued and why others were not.
 */
async function pushEnrolments(scope: ActorScope, myClassIds: readonly number[]): Promise<PushQueued> {
  const config = await reportingOn(scope);
  const enrolments = await MyClass.findAll({ where: { projectId: scope.project.id, id: [...myClassIds] } });
  const existing = new Set(
    (
      await RegulatorPush.findAll({
        attributes: ['myClassId'],
        where: { projectId: scope.project.id, myClassId: [...myClassIds], kind: 'ORIGINAL' },
      })
    ).map((push) => push.myClassId),
  );
  const baseTypes = await classBaseTypes(scope.sequelize, scope.project.id, [
    ...new Set(enrolments.map((row) => row.classId)),
  ]);
  const refused: PushQueued['refused'] = [];
  const ready: number[] = [];
  const found = new Map(enrolments.map((row) => [row.id, row]));
  for (const id of myClassIds) {
    const enrolment = found.get(id);
    const reason = !enrolment
      ? '学习记录不存在'
      : enrolment.status !== 'PASSED'
        ? '学员尚未合格，不能上报'
        : existing.has(id)
          ? '该学员已上报，请在推送日志中查看'
          : notReportable(config, baseTypes.get(enrolment.classId));
    if (reason) refused.push({ id, reason });
    else ready.push(id);
  }
  const written = await scope.sequelize.transaction((transaction) =>
    writeOriginalPushes(scope, scope.project.id, ready, 'MANUAL', scope.principal.accountId, transaction),
  );
  return { queued: written.length, refused };
}

/** `my-class-push-log/push-my-class`: reports one enrolment now (refused with why). */
export async function pushMyClass(scope: ActorScope, myClassId: number): Promise<PushQueued> {
  const answer = await pushEnrolments(scope, [myClassId]);
  const refusal = answer.refused[0];
  if (refusal) throw new BusinessError(refusal.reason);
  return answer;
}

export { pushEnrolments, repush };

/** The reportable enrolments of each class not yet pushed, by class (0 when reporting is off or the base type is not reported). */
export async function countPushable(
  scope: TenantScope,
  classIds: readonly number[],
): Promise<ClassPushCount> {
  const config = await activeConfig(scope.project.id);
  const baseTypes = await classBaseTypes(scope.sequelize, scope.project.id, classIds);
  const reportable = classIds.filter((id) => !notReportable(config, baseTypes.get(id)));
  const counts = reportable.length
    ? ((await MyClass.count({
        where: notPushedWhere(scope, [{ classId: reportable }]),
        group: ['classId'],
      })) as unknown as { classId: number; count: number }[])
    : [];
  const byClass = new Map(counts.map((row) => [row.classId, Number(row.count)]));
  const classes = classIds.map((classId) => ({ classId, count: byClass.get(classId) ?? 0 }));
  return { total: classes.reduce((sum, row) => sum + row.count, 0), classes };
}

/** `class/push`, `class/batch-push`: pushes each class's reportable enrolments not yet pushed. */
export async function pushClasses(scope: ActorScope, classIds: readonly number[]): Promise<PushQueued> {
  const config = await reportingOn(scope);
  const classes = await TrainClass.findAll({ where: { projectId: scope.project.id, id: [...classIds] } });
  const found = new Set(classes.map((cls) => cls.id));
  const baseTypes = await classBaseTypes(scope.sequelize, scope.project.id, [...found]);
  const answer: PushQueued = { queued: 0, refused: [] };
  for (const classId of classIds) {
    const reason = found.has(classId) ? notReportable(config, baseTypes.get(classId)) : '班级不存在';
    if (reason) {
      answer.refused.push({ id: classId, reason });
      continue;
    }
    const enrolments = await MyClass.findAll({
      attributes: ['id'],
      where: notPushedWhere(scope, [{ classId }]),
      order: [['id', 'ASC']],
    });
    // One transaction per thousand, so a class of many students never holds one long transaction.
    for (let start = 0; start < enrolments.length; start += 1000) {
      const ids = enrolments.slice(start, start + 1000).map((row) => row.id);
      const written = await scope.sequelize.transaction((transaction) =>
        writeOriginalPushes(scope, scope.project.id, ids, 'MANUAL', scope.principal.accountId, transaction),
      );
      answer.queued += written.length;
    }
  }
  return answer;
}

/** `my-class-push-log/exception-page`: pushes the regulator refused (waiting, or handled). */
export async function exceptionPage(
  scope: ActorScope,
  input: z.output<typeof pushExceptionPageInput>,
): Promise<PageAnswer<PushExceptionRow>> {
  const and: WhereOptions<RegulatorPush>[] = [{ projectId: scope.project.id }];
  and.push(
    input.handled ? { handledAt: { [Op.ne]: null } } : { status: 'FAILED', rejectReason: { [Op.ne]: null } },
  );
  if (input.classId) and.push({ classId: input.classId });
  if (input.reason) and.push({ rejectReason: input.reason });
  if (input.student) and.push({ accountId: await accountIdsMatching(scope.project.id, input.student) });
  return newestFirstPage(RegulatorPush, { [Op.and]: and }, input, async (pushes) => {
    const names = await namesOf(scope.project.id, pushes);
    return pushes.map((push) => pushExceptionRow(scope, push, names));
  });
}

async function exceptionRow(scope: ActorScope, id: number): Promise<PushExceptionRow> {
  const push = await RegulatorPush.findOne({ where: { projectId: scope.project.id, id } });
  if (!push) throw new BusinessError('上报记录不存在');
  return pushExceptionRow(scope, push, await namesOf(scope.project.id, [push]));
}

/**
 * `my-class-push-log/exception-correct`: corrects the refused push's student (name, ID number,
 * mobile; each only when given and different) and sends the record again, built from the corrected
 * data under the same push number (the refusal means the regulator stored nothing under it). The
 * note and what changed are kept on the push and in the audit log. One transaction.
 */
export async function correctException(
  scope: ActorScope,
  input: z.output<typeof pushExceptionCorrectInput>,
): Promise<PushExceptionRow> {
  const projectId = scope.project.id;
  try {
    await scope.sequelize.transaction(async (transaction) => {
      const push = await lockedPush(scope, input.id, transaction);
      authorize(scope, 'push.correct', pushFacts(push));
      const student = await Account.findOne({
        where: { projectId, id: push.accountId, roleSystem: ROLE_SYSTEM.STUDENT },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (!student) throw new BusinessError('学员不存在');
      const next: Partial<Pick<Account, 'realName' | 'idCardNo' | 'mobile'>> = {};
      if (input.realName && input.realName !== student.realName) next.realName = input.realName;
      if (input.idCardNo && input.idCardNo !== student.idCardNo) {
        const other = await Account.findOne({
          attributes: ['id'],
          where: { projectId, idCardNo: input.idCardNo, id: { [Op.ne]: student.id } },
          transaction,
        });
        if (other) throw fieldError('idCardNo', 'unique', '该身份证号已被其他学员使用');
        next.idCardNo = input.idCardNo;
      }
      if (input.mobile && input.mobile !== student.mobile) {
        const other = await findStudentByMobile(projectId, input.mobile, transaction);
        if (other && other.id !== student.id)
          throw fieldError('mobile', 'unique', '该手机号已被其他学员使用');
        next.mobile = input.mobile;
      }
      const changed = Object.keys(next) as (keyof typeof next)[];
      // The audit keeps ID numbers masked, as every list shows them.
      const shown = (key: string, value: string | null | undefined) =>
        value && key === 'idCardNo' ? maskIdCardNumber(value) : (value ?? null);
      const before = Object.fromEntries(changed.map((key) => [key, shown(key, student[key])]));
      if (changed.length) await student.update(next, { transaction });
      if (push.rejectField === 'classCode' || push.rejectField?.startsWith('class.'))
        await scope.sequelize.query(
          'DELETE FROM regulator_class_filing WHERE project_id = :projectId AND class_id = :classId',
          { replacements: { projectId, classId: push.classId }, transaction },
        );
      await push.update(
        { handledAt: new Date(), handledBy: scope.principal.accountId, handleNote: input.note },
        { transaction },
      );
      await requeue(push, transaction);
      await wakeSender(scope, projectId, { transaction });
      await audit(
        scope,
        {
          action: 'regulator.push-correct',
          projectId,
          targetType: 'regulator_push',
          targetId: push.id,
          detail: {
            pushNo: push.pushNo,
            rejected: { field: push.rejectField, reason: push.rejectReason },
            note: input.note,
            changed: Object.fromEntries(
              changed.map((key) => [key, { from: before[key], to: shown(key, next[key]) }]),
            ),
          },
        },
        transaction,
      );
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      const constraint = (error.parent as { constraint?: string } | undefined)?.constraint;
      if (constraint === 'account_id_card_unique')
        throw fieldError('idCardNo', 'unique', '该身份证号已被其他学员使用');
    }
    throw mobileRaceLost(error) ?? error;
  }
  return exceptionRow(scope, input.id);
}

/** `my-class-push-log/exception-handle`: marks a refused push handled (IGNORED), not sent again. */
export async function handleException(
  scope: ActorScope,
  id: number,
  note: string,
): Promise<PushExceptionRow> {
  await scope.sequelize.transaction(async (transaction) => {
    const push = await lockedPush(scope, id, transaction);
    authorize(scope, 'push.handle', pushFacts(push));
    await push.update(
      { status: 'IGNORED', handledAt: new Date(), handledBy: scope.principal.accountId, handleNote: note },
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'regulator.push-handle',
        projectId: scope.project.id,
        targetType: 'regulator_push',
        targetId: push.id,
        detail: { pushNo: push.pushNo, note },
      },
      transaction,
    );
  });
  return exceptionRow(scope, id);
}

/**
 * `my-class-push-log/my-push-log`: the reporting of the student's enrolments (the named ones, else
 * every one), each by its newest push.
 */
export async function myPushLog(scope: ActorScope, myClassIds?: number[]): Promise<MyPushLogItem[]> {
  const enrolments = await MyClass.findAll({
    attributes: ['id'],
    where: {
      projectId: scope.project.id,
      accountId: scope.principal.accountId,
      ...(myClassIds ? { id: myClassIds } : {}),
    },
    order: [['id', 'DESC']],
    limit: 200,
  });
  const ids = enrolments.map((row) => row.id);
  const pushes = ids.length
    ? await RegulatorPush.findAll({
        where: { projectId: scope.project.id, accountId: scope.principal.accountId, myClassId: ids },
        order: NEWEST_FIRST,
      })
    : [];
  const newest = new Map<number, RegulatorPush>();
  for (const push of pushes) if (!newest.has(push.myClassId)) newest.set(push.myClassId, push);
  return ids.map((id) => myPushItem(id, newest.get(id) ?? null));
}
