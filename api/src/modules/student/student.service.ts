import { maskIdCardNumber, parseIdCardNumber, ROLE_SYSTEM } from '@px/config';
import { col, fn, Op, QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type {
  EnrolmentSummary,
  StudentDetail,
  StudentPage,
  StudentRow,
  studentListInput,
  studentUpdateInput,
} from '../../contract/student';
import type { ActorScope, TenantScope } from '../../core/action';
import { chinaDay } from '../../core/clock';
import { BusinessError, fieldError } from '../../core/errors';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { ACCOUNT_STATUS, Account } from '../account/account.model';
import { findStudentByMobile, MOBILE_MESSAGES, mobileRaceLost } from '../account/mobile.service';
import { audit } from '../audit/audit.service';
import { FaceCapture, FaceConsent, FacePhoto } from '../face/face.model';
import { latestIdentityChecks } from '../identity/identity.service';
import { revokeAccountSessions } from '../session/session.service';
import { classHours } from '../train-class/class-read';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { Unit } from '../unit/unit.model';
import { WechatBinding, Wxapp } from '../wechat/wxapp.model';
import { studentAbilities } from './student.policy';

/**
 * Student management for project staff: the project's students (role system 3) listed and
 * filtered, one student's detail (profile, unit, WeChat, enrolments with credited hours, face
 * photo), and corrections of the profile. Every query is confined to the caller's project; a
 * student of another project, or an account that is no student, answers 学员不存在.
 */

export const STUDENT_NOT_FOUND = '学员不存在';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * The student of the project with this id, locked for update within `transaction` when given.
 * Throws BusinessError 学员不存在 for an id of another project or of an account that is no student.
 */
export async function loadStudent(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<Account> {
  const student = await Account.findOne({
    where: { id, projectId: scope.project.id, roleSystem: ROLE_SYSTEM.STUDENT },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!student) throw new BusinessError(STUDENT_NOT_FOUND);
  return student;
}

/** The names of the project's units of `unitIds`, by id. */
export async function unitNames(
  projectId: number,
  unitIds: Iterable<number | null>,
  transaction?: Transaction,
): Promise<Map<number, string>> {
  const ids = [...new Set([...unitIds].filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const units = await Unit.findAll({
    attributes: ['id', 'name'],
    where: { id: ids, projectId },
    transaction,
  });
  return new Map(units.map((unit) => [unit.id, unit.name]));
}

/** The where-clause of the student list's filters. */
function listWhere(scope: TenantScope, input: z.output<typeof studentListInput>): WhereOptions<Account> {
  const and: WhereOptions<Account>[] = [{ projectId: scope.project.id, roleSystem: ROLE_SYSTEM.STUDENT }];
  if (input.name) and.push({ realName: { [Op.iLike]: containsPattern(input.name) } });
  if (input.idCardNo) and.push({ idCardNo: input.idCardNo });
  if (input.mobile) and.push({ mobile: { [Op.like]: containsPattern(input.mobile) } });
  if (input.unitId) and.push({ unitId: input.unitId });
  if (input.status) and.push({ status: input.status });
  if (input.createdFrom) and.push({ createdAt: { [Op.gte]: chinaDay(input.createdFrom, false) } });
  if (input.createdTo) and.push({ createdAt: { [Op.lte]: chinaDay(input.createdTo, true) } });
  return { [Op.and]: and };
}

/** `student/list`: the project's students of the filters, newest first, ID numbers masked. */
export async function listStudents(
  scope: TenantScope,
  input: z.output<typeof studentListInput>,
): Promise<StudentPage> {
  const projectId = scope.project.id;
  return modelPage(
    Account,
    { where: listWhere(scope, input), order: [['id', 'DESC']] },
    input,
    async (rows) => {
      const ids = rows.map((row) => row.id);
      const units = await unitNames(
        projectId,
        rows.map((row) => row.unitId),
      );
      const bound = new Set(
        ids.length
          ? (
              await WechatBinding.findAll({ attributes: ['accountId'], where: { projectId, accountId: ids } })
            ).map((binding) => binding.accountId)
          : [],
      );
      const enrolments = new Map<number, number>();
      if (ids.length) {
        const counted = (await MyClass.findAll({
          attributes: ['accountId', [fn('COUNT', col('id')), 'count']],
          where: { projectId, accountId: ids },
          group: ['accountId'],
          raw: true,
        })) as unknown as { accountId: number; count: string }[];
        for (const row of counted) enrolments.set(row.accountId, Number(row.count));
      }
      const identities = await latestIdentityChecks(scope, ids);
      return rows.map(
        (row): StudentRow => ({
          id: row.id,
          realName: row.realName,
          idCardNo: row.idCardNo ? maskIdCardNumber(row.idCardNo) : null,
          mobile: row.mobile,
          email: row.email,
          unitId: row.unitId,
          unitName: row.unitId === null ? null : (units.get(row.unitId) ?? null),
          status: row.status,
          wechatBound: bound.has(row.id),
          enrolmentCount: enrolments.get(row.id) ?? 0,
          lastLoginAt: iso(row.lastLoginAt),
          createdAt: row.createdAt.toISOString(),
          identityResult: identities.get(row.id)?.result ?? null,
        }),
      );
    },
  );
}

/** When each enrolment of `myClassIds` was last studied: the last beat of any of its sessions. */
export async function lastStudyTimes(
  scope: TenantScope,
  myClassIds: readonly number[],
): Promise<Map<number, Date>> {
  if (myClassIds.length === 0) return new Map();
  const rows = await scope.sequelize.query<{ my_class_id: number; last: Date }>(
    `SELECT my_class_id, MAX(last_beat_at) AS last FROM study_session
     WHERE project_id = :projectId AND my_class_id IN (:ids) GROUP BY my_class_id`,
    { replacements: { projectId: scope.project.id, ids: [...myClassIds] }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.my_class_id, new Date(row.last)]));
}

/**
 * Enrolments of the project with their classes and the hours credited against the class's (the
 * class's required courses; its elective hours, 0 when the project hides electives), in the order
 * given. Enrolments whose class is gone are left out.
 */
export async function enrolmentSummaries(
  scope: TenantScope,
  enrolments: readonly MyClass[],
): Promise<EnrolmentSummary[]> {
  const projectId = scope.project.id;
  const classIds = [...new Set(enrolments.map((row) => row.classId))];
  const classes = new Map(
    (classIds.length ? await TrainClass.findAll({ where: { projectId, id: classIds } }) : []).map((cls) => [
      cls.id,
      cls,
    ]),
  );
  const hours = await classHours(projectId, classIds);
  const lastStudy = await lastStudyTimes(
    scope,
    enrolments.map((row) => row.id),
  );
  const hideElective = scope.project.settings.hideElective === 1;
  return enrolments.flatMap((row): EnrolmentSummary[] => {
    const cls = classes.get(row.classId);
    if (!cls) return [];
    return [
      {
        myClassId: row.id,
        classId: cls.id,
        className: cls.name,
        year: cls.year,
        status: row.status,
        requiredHours: (hours.get(cls.id)?.requiredTenths ?? 0) / 10,
        electiveHours: hideElective ? 0 : cls.electiveHoursTenths / 10,
        creditedRequiredHours: row.requiredTenths / 10,
        creditedElectiveHours: row.electiveTenths / 10,
        studyStartDate: cls.studyStartDate,
        studyEndDate: cls.studyEndDate,
        enrolledAt: row.createdAt.toISOString(),
        lastStudyAt: iso(lastStudy.get(row.id)),
        finishedStudyAt: iso(row.finishedStudyAt),
        passedAt: iso(row.passedAt),
      },
    ];
  });
}

/** Every enrolment of a student of the project, newest first, as summaries. */
export async function studentEnrolments(scope: TenantScope, accountId: number): Promise<EnrolmentSummary[]> {
  const enrolments = await MyClass.findAll({
    where: { projectId: scope.project.id, accountId },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return enrolmentSummaries(scope, enrolments);
}

/** `student/detail`: one student of the project. Throws BusinessError 学员不存在. */
export async function studentDetail(scope: ActorScope, id: number): Promise<StudentDetail> {
  const projectId = scope.project.id;
  const student = await loadStudent(scope, id);
  const hasPassword =
    (await Account.count({ where: { id, projectId, passwordHash: { [Op.ne]: null } } })) > 0;
  const units = await unitNames(projectId, [student.unitId]);
  const bindings = await WechatBinding.findAll({
    where: { projectId, accountId: id },
    order: [['id', 'ASC']],
  });
  const wxapps = new Map(
    (bindings.length
      ? await Wxapp.findAll({ attributes: ['id', 'name'], where: { id: bindings.map((b) => b.wxappId) } })
      : []
    ).map((wxapp) => [wxapp.id, wxapp.name]),
  );
  const photo = await FacePhoto.findOne({ where: { accountId: id, projectId } });
  const consent = await FaceConsent.findOne({ where: { accountId: id, projectId } });
  const identity = student.idCardNo ? parseIdCardNumber(student.idCardNo) : null;
  return {
    id: student.id,
    realName: student.realName,
    idCardNo: student.idCardNo,
    gender: identity?.gender ?? null,
    birthDate: identity?.birthDate ?? null,
    mobile: student.mobile,
    email: student.email,
    unitId: student.unitId,
    unitName: student.unitId === null ? null : (units.get(student.unitId) ?? null),
    status: student.status,
    needComplete: student.needComplete,
    hasPassword,
    lastLoginAt: iso(student.lastLoginAt),
    createdAt: student.createdAt.toISOString(),
    wechat: bindings.map((binding) => ({
      wxappName: wxapps.get(binding.wxappId) ?? '',
      nickname: binding.nickname,
      avatarUrl: binding.avatarUrl,
      boundAt: binding.createdAt.toISOString(),
    })),
    enrolments: await studentEnrolments(scope, id),
    facePhoto: { hasPhoto: Boolean(photo), updatedAt: iso(photo?.updatedAt) },
    faceConsentAt: iso(consent?.agreedAt),
    captureCount: await FaceCapture.count({ where: { projectId, accountId: id } }),
    identity: (await latestIdentityChecks(scope, [id])).get(id) ?? null,
    abilities: studentAbilities(scope, student),
  };
}

/** The field error of clearing the mobile of a student who has no ID number to sign in with. */
export const MOBILE_REQUIRED_WITHOUT_ID = '该学员没有身份证号，手机号不能为空';

/**
 * `student/update`: corrects a student's name, mobile, e-mail, unit and status. The mobile must not
 * be another student's of the project (the rule of registration), the unit must be the project's;
 * disabling ends the student's sessions; a student without an ID number keeps a mobile (their
 * sign-in name). Audited with what changed. Throws BusinessError 学员不存在, ValidationError naming
 * `mobile` or `unitId`.
 */
export async function updateStudent(
  scope: ActorScope,
  input: z.output<typeof studentUpdateInput>,
): Promise<StudentDetail> {
  const projectId = scope.project.id;
  try {
    await scope.sequelize.transaction(async (transaction) => {
      const student = await loadStudent(scope, input.id, transaction);
      const next = {
        realName: input.realName,
        mobile: input.mobile ?? null,
        email: input.email ?? null,
        unitId: input.unitId ?? null,
        status: input.status,
      };
      // A student without an ID number signs in with the mobile: it cannot be cleared (the table's
      // sign-in-name check would refuse the row).
      if (next.mobile === null && student.idCardNo === null && student.accountName === null)
        throw fieldError('mobile', 'required', MOBILE_REQUIRED_WITHOUT_ID);
      if (next.unitId !== null && next.unitId !== student.unitId) {
        const unit = await Unit.findOne({ where: { id: next.unitId, projectId }, transaction });
        if (!unit) throw fieldError('unitId', 'exists', '单位不存在');
      }
      if (next.mobile !== null && next.mobile !== student.mobile) {
        const other = await findStudentByMobile(projectId, next.mobile, transaction);
        if (other && other.id !== student.id)
          throw fieldError('mobile', 'unique', MOBILE_MESSAGES.MOBILE_TAKEN);
      }
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
        (key) => next[key] !== student[key],
      );
      if (changed.length === 0) return;
      await Account.update(next, { where: { id: student.id, projectId }, transaction });
      if (next.status === ACCOUNT_STATUS.DISABLED && student.status !== ACCOUNT_STATUS.DISABLED)
        await revokeAccountSessions(student, transaction);
      await audit(
        scope,
        {
          action: 'student.update',
          projectId,
          targetType: 'account',
          targetId: student.id,
          detail: Object.fromEntries(changed.map((key) => [key, { from: student[key], to: next[key] }])),
        },
        transaction,
      );
    });
  } catch (error) {
    throw mobileRaceLost(error) ?? error;
  }
  return studentDetail(scope, input.id);
}
