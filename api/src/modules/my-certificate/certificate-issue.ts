import { randomInt } from 'node:crypto';
import { maskIdCardNumber, ROLE_SYSTEM } from '@px/config';
import { type InferCreationAttributes, Op, type Transaction } from 'sequelize';
import { type SkillLevel, skillCertificateTitle } from '../../contract/my-certificate';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { Account } from '../account/account.model';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { categoryPlaces } from '../class-category/category-places';
import { chinaToday } from '../train-class/class-read';
import type { EnrolmentPassed } from '../train-class/my-class.events';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { Certificate } from './my-certificate.model';

/**
 * Issuing certificates (docs/product-decisions.md "Certificates"): the class certificate of an
 * enrolment that passed, exactly once (a unique index on the enrolment and "insert, on conflict
 * read"), and the student's year certificate of that class's year, re-snapshotted from the year's
 * class certificates each time one is issued; and a skill certificate staff issue for a student
 * (no duplicate of a valid one). All in the caller's transaction.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a number after its year (60 bits). */
export const NUMBER_RANDOM_LENGTH = 12;
/** Characters of a verification code (40 bits). */
export const VERIFY_CODE_LENGTH = 8;
/** Namespace of the advisory lock that serialises a student's year certificates. */
const YEAR_LOCK_NAMESPACE = 4_711_180;
/** Namespace of the advisory lock that serialises issuing a student's skill certificates. */
const SKILL_LOCK_NAMESPACE = 4_711_181;

function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A new certificate number: the year and 12 random base32 characters (`2026K7Q9M2XH4TZR`). */
export function newCertificateNo(year: number): string {
  return `${year}${randomCode(NUMBER_RANDOM_LENGTH)}`;
}

/** A new verification code: 8 random base32 characters. */
export function newVerifyCode(): string {
  return randomCode(VERIFY_CODE_LENGTH);
}

/** The name, masked ID number, of a student as a certificate prints them. */
async function studentOf(projectId: number, accountId: number, transaction: Transaction) {
  const account = await Account.findOne({
    where: { id: accountId, projectId },
    transaction,
    paranoid: false,
  });
  if (!account) throw new Error(`student ${accountId} missing while issuing a certificate`);
  return { studentName: account.realName, idCardMasked: maskIdCardNumber(account.idCardNo ?? '') };
}

type NewCertificate = Omit<
  InferCreationAttributes<Certificate>,
  | 'id'
  | 'certificateNo'
  | 'verifyCode'
  | 'status'
  | 'printCount'
  | 'deletedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'skillName'
  | 'skillCode'
  | 'skillLevel'
  | 'assessDate'
  | 'issuer'
>;

/**
 * Inserts a certificate with fresh random codes unless its unique key is taken (ON CONFLICT DO
 * NOTHING), then answers the row of `existing`'s key: the new one, or the one there before. A
 * number or code that happened to be taken (2^-60) is simply drawn again.
 */
async function insertOnce(
  values: NewCertificate,
  existing: () => Promise<Certificate | null>,
  transaction: Transaction,
): Promise<{ certificate: Certificate; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await Certificate.bulkCreate(
      [{ ...values, certificateNo: newCertificateNo(values.year), verifyCode: newVerifyCode() }],
      { transaction, ignoreDuplicates: true, returning: true },
    );
    const found = await existing();
    if (found) return { certificate: found, created: Boolean(row?.id) && row?.id === found.id };
  }
  throw new Error('could not draw a free certificate number');
}

/**
 * Issues the class certificate of an enrolment that has just passed, once: a second call (the
 * event twice, or two at once) answers the certificate already there. Also re-snapshots the
 * student's year certificate of the class's year. Runs in the caller's transaction.
 */
export async function issueClassCertificate(
  passed: EnrolmentPassed,
  transaction: Transaction,
): Promise<{ certificate: Certificate; created: boolean }> {
  const { projectId } = passed;
  const byEnrolment = () =>
    Certificate.findOne({ where: { projectId, myClassId: passed.myClassId }, transaction });
  const already = await byEnrolment();
  if (already) return { certificate: already, created: false };
  const enrolment = await MyClass.findOne({ where: { id: passed.myClassId, projectId }, transaction });
  const cls = await TrainClass.findOne({ where: { id: passed.classId, projectId }, transaction });
  if (!enrolment || !cls)
    throw new Error(`enrolment ${passed.myClassId} missing while issuing a certificate`);
  const baseType = (await categoryPlaces(projectId, transaction)).get(cls.categoryId)?.baseType ?? 'public';
  const result = await insertOnce(
    {
      projectId,
      kind: 'CLASS',
      accountId: enrolment.accountId,
      myClassId: enrolment.id,
      classId: cls.id,
      templateId: cls.certificateTemplateId,
      year: cls.year,
      ...(await studentOf(projectId, enrolment.accountId, transaction)),
      className: cls.name,
      publicTenths: baseType === 'public' ? enrolment.requiredTenths : 0,
      specializedTenths: baseType === 'public' ? 0 : enrolment.requiredTenths,
      electiveTenths: enrolment.electiveTenths,
      score: passed.score,
      issueDate: chinaToday(passed.passedAt),
    },
    byEnrolment,
    transaction,
  );
  if (result.created)
    await snapshotYearCertificate(projectId, enrolment.accountId, cls.year, passed.passedAt, transaction);
  return result;
}

/** The name a year certificate prints in place of a class. */
export const yearCertificateTitle = (year: number) => `${year}年度学时证明`;

/**
 * The student's year certificate of `year`: the hours of the year's class certificates (not
 * deleted), created on the first one and re-snapshotted (hours, name, issue date; same number and
 * code) on each later one. Under a per-student advisory lock in the caller's transaction.
 */
export async function snapshotYearCertificate(
  projectId: number,
  accountId: number,
  year: number,
  now: Date,
  transaction: Transaction,
): Promise<Certificate> {
  await Certificate.sequelize?.query('SELECT pg_advisory_xact_lock(:namespace, :accountId)', {
    replacements: { namespace: YEAR_LOCK_NAMESPACE, accountId },
    transaction,
  });
  const classes = await Certificate.findAll({
    where: { projectId, accountId, year, kind: 'CLASS', deletedAt: null },
    transaction,
  });
  const sum = (pick: (row: Certificate) => number) => classes.reduce((total, row) => total + pick(row), 0);
  const values = {
    ...(await studentOf(projectId, accountId, transaction)),
    className: yearCertificateTitle(year),
    publicTenths: sum((row) => row.publicTenths),
    specializedTenths: sum((row) => row.specializedTenths),
    electiveTenths: sum((row) => row.electiveTenths),
    issueDate: chinaToday(now),
  };
  const byYear = () =>
    Certificate.findOne({ where: { projectId, accountId, year, kind: 'YEAR' }, transaction });
  const current = await byYear();
  if (current) return current.update(values, { transaction });
  const { certificate } = await insertOnce(
    {
      projectId,
      kind: 'YEAR',
      accountId,
      myClassId: null,
      classId: null,
      templateId: null,
      year,
      score: null,
      ...values,
    },
    byYear,
    transaction,
  );
  return certificate;
}

/**
 * Re-snapshots the student's year certificate of `year` when there is a live one (after a class
 * certificate of that year was corrected or deleted); creates none.
 */
export async function refreshYearCertificate(
  projectId: number,
  accountId: number,
  year: number,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  const current = await Certificate.count({
    where: { projectId, accountId, year, kind: 'YEAR', deletedAt: null },
    transaction,
  });
  if (current) await snapshotYearCertificate(projectId, accountId, year, now, transaction);
}

/** What staff (or the seed) issue a skill certificate with; `issuer` already defaulted to the project's title. */
export interface NewSkillCertificate {
  projectId: number;
  accountId: number;
  /** The name printed and the tree's code of it (null: a batch's occupation from before codes were kept). */
  skillName: string;
  skillCode: string | null;
  skillLevel: SkillLevel;
  score: number | null;
  /** `YYYY-MM-DD`, not after the China day of `now`. */
  assessDate: string;
  issuer: string;
  templateId?: number | undefined;
}

/** The message refusing a second valid skill certificate of the same skill and level. */
export const skillDuplicateMessage = (skillName: string, skillLevel: SkillLevel) =>
  `该学员已有「${skillCertificateTitle(skillName, skillLevel)}」的有效技能证书`;

/**
 * The live VALID skill certificate of the student with this skill and level other than `exceptId`,
 * if any (what a new or re-enabled one would duplicate).
 */
export function validSkillTwin(
  values: { projectId: number; accountId: number; skillName: string; skillLevel: SkillLevel },
  transaction: Transaction,
  exceptId?: number,
): Promise<Certificate | null> {
  return Certificate.findOne({
    where: {
      projectId: values.projectId,
      accountId: values.accountId,
      kind: 'SKILL',
      skillName: values.skillName,
      skillLevel: values.skillLevel,
      status: 'VALID',
      deletedAt: null,
      ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}),
    },
    transaction,
  });
}

/** Takes the per-student lock that serialises issuing and re-enabling their skill certificates. */
export async function lockStudentSkills(accountId: number, transaction: Transaction): Promise<void> {
  await Certificate.sequelize?.query('SELECT pg_advisory_xact_lock(:namespace, :accountId)', {
    replacements: { namespace: SKILL_LOCK_NAMESPACE, accountId },
    transaction,
  });
}

/**
 * Issues a skill certificate (VALID, a fresh number and code; year and number from the assessment
 * date; issued the China day of `now`) to a student of the project, with the snapshot of their name
 * and masked ID number. Throws ValidationError naming the fields (`accountId`: not a student of the
 * project; `templateId`: no enabled template of the project; `assessDate`: after today), and
 * BusinessError when the student holds a valid one of the same skill and level. Runs in the
 * caller's transaction, under a per-student advisory lock.
 */
export async function issueSkillCertificate(
  values: NewSkillCertificate,
  now: Date,
  transaction: Transaction,
): Promise<Certificate> {
  const { projectId, accountId } = values;
  const errors: FieldError[] = [];
  const student = await Account.findOne({
    where: { id: accountId, projectId, roleSystem: ROLE_SYSTEM.STUDENT },
    transaction,
  });
  if (!student) errors.push({ field: 'accountId', rule: 'exists', message: '学员不存在' });
  if (values.templateId) {
    const template = await CertificateTemplate.findOne({
      where: { id: values.templateId, projectId, status: 'ENABLED' },
      transaction,
    });
    if (!template) errors.push({ field: 'templateId', rule: 'exists', message: '证书模板不存在或已停用' });
  }
  const today = chinaToday(now);
  if (values.assessDate > today)
    errors.push({ field: 'assessDate', rule: 'max', message: '考核日期不能晚于今天' });
  if (errors.length) throw new ValidationError(errors);
  await lockStudentSkills(accountId, transaction);
  if (await validSkillTwin(values, transaction))
    throw new BusinessError(skillDuplicateMessage(values.skillName, values.skillLevel));
  const year = Number(values.assessDate.slice(0, 4));
  for (let attempt = 0; ; attempt++) {
    const [row] = await Certificate.bulkCreate(
      [
        {
          projectId,
          kind: 'SKILL',
          accountId,
          myClassId: null,
          classId: null,
          templateId: values.templateId ?? null,
          year,
          certificateNo: newCertificateNo(year),
          verifyCode: newVerifyCode(),
          ...(await studentOf(projectId, accountId, transaction)),
          className: skillCertificateTitle(values.skillName, values.skillLevel),
          publicTenths: 0,
          specializedTenths: 0,
          electiveTenths: 0,
          score: values.score,
          issueDate: today,
          skillName: values.skillName,
          skillCode: values.skillCode,
          skillLevel: values.skillLevel,
          assessDate: values.assessDate,
          issuer: values.issuer,
        },
      ],
      { transaction, ignoreDuplicates: true, returning: true },
    );
    // Only a drawn number or code already taken (2^-60) is ignored: draw again.
    if (row?.id) return row;
    if (attempt >= 4) throw new Error('could not draw a free certificate number');
  }
}
