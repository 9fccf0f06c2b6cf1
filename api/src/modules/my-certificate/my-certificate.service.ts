import { maskIdCardNumber, ROLE_SYSTEM, zIdCardNumber } from '@px/config';
import { Op, Sequelize, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import { type CertificateField, certificateFieldHeight } from '../../contract/certificate';
import type { PageAnswer } from '../../contract/common';
import { hoursToTenths } from '../../contract/course';
import { VOCATION_MESSAGES } from '../../contract/dictionary';
import {
  type CertificateAbilities,
  type CertificateDetail,
  type CertificateManageItem,
  type CertificateState,
  type CertificateStudentOption,
  type certificatePageInput,
  type certificateSaveInput,
  type MyCertificates,
  type MyCertificateView,
  type PublicCertificate,
  QUERY_CERTIFICATE_PATH,
  type SkillLevel,
  skillCertificateTitle,
  type skillInitInput,
} from '../../contract/my-certificate';
import type { ActorScope, TenantScope } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { newestFirstPage } from '../../core/newest-first';
import { abilitiesOf, authorize } from '../../core/policy';
import { containsPattern } from '../../core/query';
import { Account } from '../account/account.model';
import { audit } from '../audit/audit.service';
import { consumeSliderCaptcha } from '../captcha/captcha.service';
import { CertificateTemplate } from '../certificate/certificate-template.model';
import { pickVocation } from '../dictionary/vocation.service';
import { readStored } from '../storage/storage';
import { type HideableKind, hiddenRefusal, KIND_HIDDEN } from './certificate.policy';
import {
  issueSkillCertificate,
  lockStudentSkills,
  refreshYearCertificate,
  skillDuplicateMessage,
  validSkillTwin,
  yearCertificateTitle,
} from './certificate-issue';
import { type PdfTemplate, qrPng, renderCertificatePdf } from './certificate-pdf';
import {
  Certificate,
  CertificatePrintLog,
  CertificateQueryMiss,
  reprintDueSql,
} from './my-certificate.model';
import {
  presentDetail,
  presentItem,
  presentMine,
  presentPrints,
  presentPublic,
} from './my-certificate.presenter';

/**
 * Issued certificates for staff (list, detail, preview, disable / enable, soft delete, corrections,
 * reprints, issuing skill certificates), for the student (their certificates as the settings show them, view, PDF) and for the
 * public query (by code, rate-limited on misses; by ID number and name behind a slider captcha).
 * Every look-up is of the scope's project; a deleted certificate is found nowhere.
 */

export const CERTIFICATE_NOT_FOUND = '证书不存在';
/** Misses of the public by-code query one address may make in `QUERY_MISS_WINDOW_MS`. */
export const QUERY_MISS_LIMIT = 10;
export const QUERY_MISS_WINDOW_MS = 10 * 60_000;
/** Share of misses that also delete the misses past the window (they no longer count). */
const MISS_SWEEP_SHARE = 0.02;
export const QUERY_TOO_OFTEN = '查询过于频繁，请 10 分钟后再试';
export const CAPTCHA_REQUIRED = '请先完成滑块验证';
export { KIND_HIDDEN };

const live = { deletedAt: null };

/**
 * The origin the student site is reached at for this call: the request's host name (each project
 * has its own domains, and the public query resolves the project from the host) with the scheme and
 * port of the configured public URL (`http` when none); the public URL alone when the call has no
 * host (jobs, seeds).
 */
export function siteOrigin(scope: TenantScope): string {
  const configured = scope.providers.wechat.publicUrl;
  const host = scope.request.host;
  if (!host) return configured;
  if (!configured) return `http://${host}`;
  const origin = new URL(configured);
  origin.hostname = host;
  return origin.origin;
}

/** The public query address of a certificate, as its QR code holds it. */
export function queryUrl(scope: TenantScope, row: Certificate): string {
  return `${siteOrigin(scope)}${QUERY_CERTIFICATE_PATH}?code=${row.verifyCode}`;
}

/** A live certificate of the project (locked inside a transaction). Throws BusinessError 证书不存在. */
async function loadCertificate(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
  extra: WhereOptions<Certificate> = {},
): Promise<Certificate> {
  const row = await Certificate.findOne({
    where: { id, projectId: scope.project.id, ...live, ...extra },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!row) throw new BusinessError(CERTIFICATE_NOT_FOUND);
  return row;
}

/** What the caller may do to a certificate (补打, 编辑, 停用 / 启用, 删除), by the certificate policy. */
export function certificateAbilities(scope: ActorScope, row: Certificate): CertificateAbilities {
  return abilitiesOf(scope, {
    reprint: ['certificate.reprint', row],
    edit: ['certificate.edit', row],
    toggle: ['certificate.toggle', row],
    delete: ['certificate.delete', row],
  });
}

/** `my-certificate/page`: the project's live certificates by the filters, newest first, with the caller's abilities. */
export async function pageCertificates(
  scope: ActorScope,
  input: z.output<typeof certificatePageInput>,
): Promise<PageAnswer<CertificateManageItem>> {
  const projectId = scope.project.id;
  const where: WhereOptions<Certificate>[] = [{ projectId, ...live }];
  if (input.name) where.push({ studentName: { [Op.iLike]: containsPattern(input.name) } });
  if (input.classId) where.push({ classId: input.classId });
  if (input.status) where.push({ status: input.status });
  if (input.kind) where.push({ kind: input.kind });
  if (input.reprint === 'DUE') where.push(Sequelize.literal(reprintDueSql('"Certificate"')));
  if (input.certificateNo) {
    const code = input.certificateNo.toUpperCase().replace(/[\s-]/g, '');
    where.push({ [Op.or]: [{ certificateNo: code }, { verifyCode: code }] });
  }
  if (input.idCardNo) {
    const accounts = await Account.findAll({
      where: { projectId, idCardNo: input.idCardNo },
      attributes: ['id'],
      paranoid: false,
    });
    where.push({ accountId: accounts.map((account) => account.id) });
  }
  return newestFirstPage(Certificate, { [Op.and]: where }, input, async (rows) =>
    rows.map((row) => ({ ...presentItem(row), abilities: certificateAbilities(scope, row) })),
  );
}

/** A certificate's detail: its template and reprints read, shaped by the presenter. */
async function detailOf(
  scope: ActorScope,
  row: Certificate,
  transaction?: Transaction,
): Promise<CertificateDetail> {
  const projectId = scope.project.id;
  const template = row.templateId
    ? await CertificateTemplate.findOne({ where: { id: row.templateId, projectId }, transaction })
    : null;
  const logs = await CertificatePrintLog.findAll({
    where: { projectId, certificateId: row.id },
    order: [['id', 'DESC']],
    transaction,
  });
  const actorIds = [...new Set(logs.map((log) => log.actorId).filter((id): id is number => id !== null))];
  const actors = actorIds.length
    ? await Account.findAll({ where: { id: actorIds }, paranoid: false, transaction, allTenants: true })
    : [];
  const nameOf = new Map(actors.map((actor) => [actor.id, actor.realName]));
  return presentDetail(row, {
    template,
    queryUrl: queryUrl(scope, row),
    prints: presentPrints(logs, nameOf),
    abilities: certificateAbilities(scope, row),
  });
}

/** `my-certificate/find`: one live certificate of the project with its reprints. Throws 证书不存在. */
export async function findCertificate(scope: ActorScope, id: number): Promise<CertificateDetail> {
  return detailOf(scope, await loadCertificate(scope, id));
}

/**
 * `my-certificate/disable` / `enable`: sets the state (idempotent: the same state again changes
 * nothing and is not audited). A skill certificate is not enabled while the student holds another
 * valid one of the same skill and level. Throws 证书不存在, 该学员已有「…」的有效技能证书.
 */
export async function setCertificateState(
  scope: ActorScope,
  id: number,
  status: CertificateState,
): Promise<CertificateDetail> {
  return scope.sequelize.transaction(async (transaction) => {
    let row = await loadCertificate(scope, id, transaction);
    authorize(scope, 'certificate.toggle', row);
    if (row.kind === 'SKILL' && status === 'VALID' && row.status !== status) {
      // Serialised with issuing: a re-enabled skill certificate must not duplicate a valid one.
      await lockStudentSkills(row.accountId, transaction);
      row = await loadCertificate(scope, id, transaction);
      const skill = {
        ...row.get(),
        skillName: row.skillName ?? '',
        skillLevel: row.skillLevel as SkillLevel,
      };
      if (await validSkillTwin(skill, transaction, row.id))
        throw new BusinessError(skillDuplicateMessage(skill.skillName, skill.skillLevel));
    }
    if (row.status !== status) {
      await row.update({ status }, { transaction });
      await audit(
        scope,
        {
          action: status === 'DISABLED' ? 'certificate.disable' : 'certificate.enable',
          projectId: scope.project.id,
          targetType: 'certificate',
          targetId: row.id,
          detail: { certificateNo: row.certificateNo },
        },
        transaction,
      );
    }
    return detailOf(scope, row, transaction);
  });
}

/**
 * After staff changed or deleted a certificate: the year certificate of a class certificate takes
 * its hours again; audited as `action`.
 */
async function certificateChanged(
  scope: ActorScope,
  row: Certificate,
  action: 'certificate.delete' | 'certificate.update',
  detail: Record<string, unknown>,
  transaction: Transaction,
): Promise<void> {
  const projectId = scope.project.id;
  if (row.kind === 'CLASS')
    await refreshYearCertificate(projectId, row.accountId, row.year, new Date(), transaction);
  await audit(scope, { action, projectId, targetType: 'certificate', targetId: row.id, detail }, transaction);
}

/**
 * `my-certificate/delete`: soft-deletes a certificate (then found nowhere; the year certificate
 * of a class certificate loses its hours); audited. Throws 证书不存在.
 */
export async function deleteCertificate(scope: ActorScope, id: number): Promise<null> {
  await scope.sequelize.transaction(async (transaction) => {
    const row = await loadCertificate(scope, id, transaction);
    authorize(scope, 'certificate.delete', row);
    await row.update({ deletedAt: new Date() }, { transaction });
    await certificateChanged(
      scope,
      row,
      'certificate.delete',
      { certificateNo: row.certificateNo },
      transaction,
    );
  });
  return null;
}

/**
 * `my-certificate/save`: corrects the snapshot (name, class name, hours, score, issue date); the
 * year certificate of a class certificate takes the corrected hours; the audit log keeps the values
 * before and after. A year certificate has no score (`score` must be
 * empty) and keeps its title; a skill certificate keeps its title (skill and level) and has no
 * hours. Throws ValidationError naming the field, BusinessError 证书不存在.
 */
export async function saveCertificate(
  scope: ActorScope,
  input: z.output<typeof certificateSaveInput>,
): Promise<CertificateDetail> {
  return scope.sequelize.transaction(async (transaction) => {
    const row = await loadCertificate(scope, input.id, transaction);
    authorize(scope, 'certificate.edit', row);
    if (row.kind === 'YEAR' && input.score !== null)
      throw new ValidationError([{ field: 'score', rule: 'absent', message: '年度学时证书没有考试成绩' }]);
    if (row.kind === 'YEAR' && input.className !== row.className)
      throw new ValidationError([
        {
          field: 'className',
          rule: 'fixed',
          message: `年度学时证书的名称为「${yearCertificateTitle(row.year)}」`,
        },
      ]);
    if (row.kind === 'SKILL') {
      const title = skillCertificateTitle(row.skillName ?? '', row.skillLevel as SkillLevel);
      const errors = [
        ...(input.className !== title
          ? [{ field: 'className', rule: 'fixed', message: `技能证书的名称为「${title}」` }]
          : []),
        ...(['publicHours', 'specializedHours', 'electiveHours'] as const)
          .filter((field) => input[field] !== 0)
          .map((field) => ({ field, rule: 'absent', message: '技能证书没有学时' })),
      ];
      if (errors.length) throw new ValidationError(errors);
    }
    const pick = (source: Certificate) => ({
      studentName: source.studentName,
      className: source.className,
      publicTenths: source.publicTenths,
      specializedTenths: source.specializedTenths,
      electiveTenths: source.electiveTenths,
      score: source.score,
      issueDate: source.issueDate,
    });
    const before = pick(row);
    await row.update(
      {
        studentName: input.studentName,
        className: input.className,
        publicTenths: hoursToTenths(input.publicHours),
        specializedTenths: hoursToTenths(input.specializedHours),
        electiveTenths: hoursToTenths(input.electiveHours),
        score: input.score,
        issueDate: input.issueDate,
      },
      { transaction },
    );
    await certificateChanged(scope, row, 'certificate.update', { before, after: pick(row) }, transaction);
    return detailOf(scope, row, transaction);
  });
}

/** The template a certificate prints with, its background read from storage; null for the default layout. */
async function pdfTemplate(scope: TenantScope, row: Certificate): Promise<PdfTemplate | null> {
  if (!row.templateId) return null;
  const template = await CertificateTemplate.findOne({
    where: { id: row.templateId, projectId: scope.project.id },
  });
  if (!template) return null;
  let background: PdfTemplate['background'] = null;
  if (template.backgroundImage && (await scope.providers.storage.stat(template.backgroundImage))) {
    const extension = template.backgroundImage.split('.').pop();
    background = {
      bytes: await readStored(scope.providers.storage, template.backgroundImage),
      contentType: extension === 'png' ? 'image/png' : extension === 'jpg' ? 'image/jpeg' : 'image/webp',
    };
  }
  const fields = (template.fields as CertificateField[]).filter(
    (field) =>
      field.x + field.width <= template.width && field.y + certificateFieldHeight(field) <= template.height,
  );
  return { width: template.width, height: template.height, fields, background };
}

/** The PDF of a certificate and its file name (`<number>.pdf`). */
export async function certificatePdf(
  scope: TenantScope,
  row: Certificate,
): Promise<{ body: Buffer; filename: string }> {
  const body = await renderCertificatePdf(
    {
      ...presentItem(row),
      projectTitle: row.issuer ?? scope.project.settings.title,
      queryUrl: queryUrl(scope, row),
    },
    await pdfTemplate(scope, row),
  );
  return { body, filename: `${row.certificateNo}.pdf` };
}

/** `my-certificate/preview`: the PDF of a live certificate of the project (not counted). Throws 证书不存在. */
export async function previewCertificate(scope: TenantScope, id: number) {
  return certificatePdf(scope, await loadCertificate(scope, id));
}

/**
 * `my-certificate/reprint`: counts and logs a reprint (who, when) and answers the PDF. A disabled
 * certificate is not reprinted. Throws 证书不存在, 证书已停用，不能补打.
 */
export async function reprintCertificate(scope: ActorScope, id: number) {
  const row = await scope.sequelize.transaction(async (transaction) => {
    const found = await loadCertificate(scope, id, transaction);
    authorize(scope, 'certificate.reprint', found);
    await found.update({ printCount: found.printCount + 1 }, { transaction });
    await CertificatePrintLog.create(
      { projectId: scope.project.id, certificateId: found.id, actorId: scope.principal.accountId },
      { transaction },
    );
    return found;
  });
  return certificatePdf(scope, row);
}

/** The kinds the project's settings hide from the student (no setting hides skill certificates). */
export function hiddenKinds(scope: TenantScope): HideableKind[] {
  const { settings } = scope.project;
  return [
    ...(settings.hideClassCertificate === 1 ? (['CLASS'] as const) : []),
    ...(settings.hideYearCertificate === 1 ? (['YEAR'] as const) : []),
  ];
}

/** `my-certificate/mine`: the student's live certificates of the kinds shown, newest year first. */
export async function myCertificates(scope: ActorScope): Promise<MyCertificates> {
  const hidden = hiddenKinds(scope);
  const rows = await Certificate.findAll({
    where: {
      projectId: scope.project.id,
      accountId: scope.principal.accountId,
      ...live,
      ...(hidden.length ? { kind: { [Op.notIn]: hidden } } : {}),
    },
    order: [
      ['year', 'DESC'],
      ['kind', 'ASC'],
      ['id', 'DESC'],
    ],
  });
  return { list: rows.map(presentItem), hiddenKinds: hidden };
}

/** One live certificate of the student of a kind shown. Throws 证书不存在, or the kind's 暂未开放. */
async function loadMine(scope: ActorScope, id: number): Promise<Certificate> {
  return loadOwned(scope, scope.principal.accountId, id);
}

/** A live certificate of one student, as the project shows them. Throws BusinessError 证书不存在 or why it is hidden. */
async function loadOwned(scope: TenantScope, accountId: number, id: number): Promise<Certificate> {
  const row = await loadCertificate(scope, id, undefined, { accountId });
  // A signed document link has no caller: the same rule of the certificate policy, as a verdict.
  const hidden = hiddenRefusal({ kind: row.kind, hiddenKinds: hiddenKinds(scope) });
  if (hidden) throw new BusinessError(hidden.reason);
  return row;
}

/** `my-certificate/view`: one of the student's certificates with its query address and QR code. */
export async function viewMyCertificate(scope: ActorScope, id: number): Promise<MyCertificateView> {
  const row = await loadMine(scope, id);
  const url = queryUrl(scope, row);
  return presentMine(row, url, await qrPng(url));
}

/** `my-certificate/download`: the PDF of one of the student's certificates. */
export async function downloadMyCertificate(scope: ActorScope, id: number) {
  return certificatePdf(scope, await loadMine(scope, id));
}

/**
 * The PDF of one student's certificate (`accountId`: the student a signed document link names), as
 * `my-certificate/download` gives it to them. Throws BusinessError 证书不存在 or why it is hidden.
 */
export async function studentCertificatePdf(scope: TenantScope, accountId: number, id: number) {
  return certificatePdf(scope, await loadOwned(scope, accountId, id));
}

/** Whether the student may have a certificate's PDF now (it is theirs, live and shown). Throws like `studentCertificatePdf`. */
export async function assertStudentCertificate(
  scope: TenantScope,
  accountId: number,
  id: number,
): Promise<void> {
  await loadOwned(scope, accountId, id);
}

/**
 * `my-certificate/skill-init`: issues a skill certificate to a student of the project for a 职业 or
 * 工种 of the vocational resource tree (its code and name kept; the issuer defaulting to the
 * project's title); audited. Throws ValidationError naming the fields (`skillCode` not in the tree
 * to pick), BusinessError for a duplicate of a valid one (see issueSkillCertificate).
 */
export async function initSkillCertificate(
  scope: ActorScope,
  input: z.output<typeof skillInitInput>,
): Promise<CertificateDetail> {
  return scope.sequelize.transaction(async (transaction) => {
    const skill = await pickVocation(input.skillCode, null, transaction);
    if (!skill)
      throw new ValidationError([
        { field: 'skillCode', rule: 'exists', message: VOCATION_MESSAGES.NOT_PICKABLE },
      ]);
    const row = await issueSkillCertificate(
      {
        projectId: scope.project.id,
        accountId: input.accountId,
        skillName: skill.name,
        skillCode: skill.code,
        skillLevel: input.skillLevel,
        score: input.score,
        assessDate: input.assessDate,
        issuer: input.issuer || scope.project.settings.title,
        templateId: input.templateId,
      },
      scope.providers.clock.now(),
      transaction,
    );
    await audit(
      scope,
      {
        action: 'certificate.skill-init',
        projectId: scope.project.id,
        targetType: 'certificate',
        targetId: row.id,
        detail: {
          certificateNo: row.certificateNo,
          accountId: row.accountId,
          skillName: row.skillName,
          skillCode: row.skillCode,
          skillLevel: row.skillLevel,
          score: row.score,
          assessDate: row.assessDate,
          issuer: row.issuer,
        },
      },
      transaction,
    );
    return detailOf(scope, row, transaction);
  });
}

/**
 * `my-certificate/student-options`: the project's students (not deleted) whose name contains the
 * keyword, or whose ID number is the keyword when it is one; at most 20, the ID number masked.
 */
export async function certificateStudentOptions(
  scope: TenantScope,
  keyword: string,
): Promise<CertificateStudentOption[]> {
  const idCard = zIdCardNumber.safeParse(keyword);
  const rows = await Account.findAll({
    where: {
      projectId: scope.project.id,
      roleSystem: ROLE_SYSTEM.STUDENT,
      ...(idCard.success
        ? { idCardNo: idCard.data }
        : { realName: { [Op.iLike]: containsPattern(keyword) } }),
    },
    order: [['id', 'DESC']],
    limit: 20,
  });
  return rows.map((account) => ({
    id: account.id,
    realName: account.realName,
    idCardNo: maskIdCardNumber(account.idCardNo ?? ''),
    mobile: account.mobile,
  }));
}

/**
 * `my-certificate/query`: the live certificate of the project whose verification code or number
 * is `code`. An address with `QUERY_MISS_LIMIT` misses in the last 10 minutes is refused before
 * looking (so codes cannot be enumerated); each miss is counted. Throws 查询过于频繁, 证书不存在.
 */
export async function queryCertificate(scope: TenantScope, code: string): Promise<PublicCertificate> {
  const ip = scope.request.ip.slice(0, 64);
  const misses = await CertificateQueryMiss.count({
    where: { ip, createdAt: { [Op.gt]: new Date(Date.now() - QUERY_MISS_WINDOW_MS) } },
  });
  if (misses >= QUERY_MISS_LIMIT) throw new BusinessError(QUERY_TOO_OFTEN);
  const row = await Certificate.findOne({
    where: { projectId: scope.project.id, ...live, [Op.or]: [{ verifyCode: code }, { certificateNo: code }] },
  });
  if (!row) {
    await CertificateQueryMiss.create({ ip });
    if (Math.random() < MISS_SWEEP_SHARE)
      await CertificateQueryMiss.destroy({
        where: { createdAt: { [Op.lt]: new Date(Date.now() - QUERY_MISS_WINDOW_MS) } },
      });
    throw new BusinessError(CERTIFICATE_NOT_FOUND);
  }
  return presentPublic(row, scope.project.settings.title);
}

/**
 * `my-certificate/query-by-id`: the live certificates of the project's student with this ID number
 * and real name, newest first (an empty list when none). The slider captcha is used up first,
 * whatever the outcome. Throws 请先完成滑块验证 for a token not verified, expired or used.
 */
export async function queryCertificatesById(
  scope: TenantScope,
  input: { idCardNo: string; realName: string; captchaToken: string },
): Promise<PublicCertificate[]> {
  if (!(await consumeSliderCaptcha(input.captchaToken))) throw new BusinessError(CAPTCHA_REQUIRED);
  const accounts = await Account.findAll({
    where: { projectId: scope.project.id, idCardNo: input.idCardNo, realName: input.realName },
    attributes: ['id'],
    paranoid: false,
  });
  if (accounts.length === 0) return [];
  const rows = await Certificate.findAll({
    where: { projectId: scope.project.id, accountId: accounts.map((account) => account.id), ...live },
    order: [
      ['year', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return rows.map((row) => presentPublic(row, scope.project.settings.title));
}
