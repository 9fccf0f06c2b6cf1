import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import { CMS_REGISTERED_STATUS } from '../../contract/cms';
import type {
  PublicCmsScore,
  ScorePublishAnswer,
  ScoreRow,
  ScoreUpdateInput,
  scoreExportInput,
  scoreQueryInput,
} from '../../contract/cms-score';
import type { PageAnswer } from '../../contract/common';
import { SKILL_LEVEL_LABELS } from '../../contract/my-certificate';
import type { ActorScope, FileResult, TenantScope } from '../../core/action';
import { BusinessError, type FieldError, ValidationError } from '../../core/errors';
import { modelCursorBatches } from '../../core/export-cursor';
import { modelPage } from '../../core/newest-first';
import { authorize } from '../../core/policy';
import { streamXlsx, type XlsxColumn } from '../../core/xlsx';
import { audit } from '../audit/audit.service';
import { consumeSliderCaptcha } from '../captcha/captcha.service';
import {
  issueSkillCertificate,
  lockStudentSkills,
  validSkillTwin,
} from '../my-certificate/certificate-issue';
import { CAPTCHA_REQUIRED } from '../my-certificate/my-certificate.service';
import { maskName } from '../train-class/class-evaluation.service';
import { chinaToday } from '../train-class/class-read';
import { CmsApply, CmsBatch, type CmsSubject } from './cms.model';
import { type CmsBatchFacts, scoreAbilities, scoreFacts } from './cms.policy';
import { mark, presentScoreRow, resultOf, tenthsOf } from './cms.presenter';
import { findApply, moveApply, personWhere, sittingsOf } from './cms-apply.service';
import { batchFacts, findBatch, subjectsOf } from './cms-batch.service';
import { certificateNumbers, resultsOf, scoresOf } from './cms-result';

/**
 * Scores (成绩管理, docs/product-decisions.md "CMS"): a batch's registered candidates with their score
 * per subject, changed one candidate at a time or imported (cms-score-import.ts) while the batch's
 * scores are unpublished; publishing shows them to candidates and the public query (applications
 * with every subject scored become SCORED) and, when the batch says so, issues a skill certificate
 * (occupation and level) to each candidate who passed, through the certificate module, so that the
 * certificate query and the score query agree.
 */

type Filters = z.output<typeof scoreExportInput>;

/** The where of the score list: the batch's registered candidates, by person and by result. */
function scoreWhere(scope: TenantScope, batchId: number, input: Filters): WhereOptions<CmsApply> {
  const projectId = scope.project.id;
  const and: WhereOptions<CmsApply>[] = [{ projectId, batchId, status: [...CMS_REGISTERED_STATUS] }];
  if (input.student)
    and.push({ [Op.or]: [personWhere(input.student), { ticketNo: input.student.toUpperCase() }] });
  if (input.result) {
    const scored = `(SELECT COUNT(*) FROM cms_score s WHERE s.project_id = ${projectId} AND s.apply_id = "CmsApply"."id")`;
    const subjects = `(SELECT COUNT(*) FROM cms_subject j WHERE j.project_id = ${projectId} AND j.batch_id = ${batchId})`;
    const failing = `EXISTS (SELECT 1 FROM cms_score s JOIN cms_subject j ON j.id = s.subject_id
       WHERE s.project_id = ${projectId} AND s.apply_id = "CmsApply"."id" AND (s.absent OR s.score_tenths < j.pass_tenths))`;
    const sql =
      input.result === 'MISSING'
        ? `${scored} < ${subjects}`
        : `${scored} >= ${subjects} AND ${input.result === 'FAIL' ? '' : 'NOT '}${failing}`;
    and.push(scope.sequelize.literal(sql) as unknown as WhereOptions<CmsApply>);
  }
  return { [Op.and]: and };
}

const SCORE_ORDER: [string, string][] = [
  ['ticketNo', 'ASC NULLS LAST'],
  ['id', 'ASC'],
];

/** Score rows of applications of one batch. */
async function scoreRows(
  scope: ActorScope,
  batch: CmsBatch,
  applies: CmsApply[],
  transaction?: Transaction,
): Promise<(ScoreRow & { fullIdCardNo: string })[]> {
  const projectId = scope.project.id;
  const subjects = (await subjectsOf(projectId, [batch.id], transaction)).get(batch.id) ?? [];
  const scores = await scoresOf(
    projectId,
    applies.map((apply) => apply.id),
    transaction,
  );
  const numbers = await certificateNumbers(
    projectId,
    applies.map((apply) => apply.certificateId),
    transaction,
  );
  return applies.map((apply) => {
    const own = scores.get(apply.id) ?? [];
    const certificateNo = apply.certificateId ? (numbers.get(apply.certificateId) ?? null) : null;
    return presentScoreRow(
      apply,
      own,
      resultOf(subjects, own, certificateNo),
      certificateNo,
      scoreAbilities(scope, scoreFacts(apply, batch)),
    );
  });
}

/** `score/query`: a batch's registered candidates and their scores, by ticket number. */
export async function queryScores(
  scope: ActorScope,
  input: z.output<typeof scoreQueryInput>,
): Promise<PageAnswer<ScoreRow>> {
  const batch = await findBatch(scope, input.batchId);
  return modelPage(
    CmsApply,
    { where: scoreWhere(scope, batch.id, input), order: SCORE_ORDER },
    input,
    async (rows) => (await scoreRows(scope, batch, rows)).map(({ fullIdCardNo: _full, ...row }) => row),
  );
}

/** Checks scores against the batch's subjects; answers them in tenths. Throws ValidationError naming `scores.N.*`. */
export function checkScores(
  subjects: readonly CmsSubject[],
  scores: ScoreUpdateInput['scores'],
): { subjectId: number; scoreTenths: number | null; absent: boolean }[] {
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  const checked = scores.map((entry, index) => {
    const subject = subjects.find((row) => row.id === entry.subjectId);
    if (!subject) errors.push({ field: `scores.${index}.subjectId`, rule: 'exists', message: '科目不存在' });
    else if (seen.has(subject.id))
      errors.push({ field: `scores.${index}.subjectId`, rule: 'unique', message: '科目重复' });
    if (subject) seen.add(subject.id);
    const absent = entry.absent ?? false;
    const score = absent ? null : (entry.score ?? null);
    if (subject && score !== null && tenthsOf(score) > subject.fullTenths)
      errors.push({
        field: `scores.${index}.score`,
        rule: 'max',
        message: `成绩不能超过满分 ${mark(subject.fullTenths)}`,
      });
    return { subjectId: entry.subjectId, scoreTenths: score === null ? null : tenthsOf(score), absent };
  });
  if (errors.length) throw new ValidationError(errors);
  return checked;
}

/** Writes a candidate's scores (insert or replace per subject) in the caller's transaction. */
export async function upsertScores(
  scope: TenantScope,
  applyId: number,
  scores: { subjectId: number; scoreTenths: number | null; absent: boolean }[],
  actorId: number,
  transaction: Transaction,
): Promise<void> {
  for (const score of scores)
    await scope.sequelize.query(
      `INSERT INTO cms_score (project_id, apply_id, subject_id, score_tenths, absent, updated_by)
       VALUES (:projectId, :applyId, :subjectId, :scoreTenths, :absent, :actorId)
       ON CONFLICT (apply_id, subject_id) DO UPDATE
         SET score_tenths = EXCLUDED.score_tenths, absent = EXCLUDED.absent,
             updated_by = EXCLUDED.updated_by, updated_at = NOW()`,
      {
        replacements: { projectId: scope.project.id, applyId, ...score, actorId },
        transaction,
      },
    );
}

/** A registered candidate's application and batch, locked, that the score policy lets the caller change. */
async function editable(scope: ActorScope, applyId: number, transaction: Transaction) {
  const apply = await findApply(scope, applyId, transaction);
  const batch = await CmsBatch.findOne({
    where: { projectId: apply.projectId, id: apply.batchId },
    transaction,
    lock: transaction.LOCK.SHARE,
  });
  authorize(scope, 'cms-score.edit', scoreFacts(apply, batch));
  return { apply, batch: batch as CmsBatch };
}

/** `score/update`: a candidate's scores, subject by subject; audited. */
export async function updateScores(
  scope: ActorScope,
  input: { applyId: number; scores: ScoreUpdateInput['scores'] },
): Promise<ScoreRow> {
  const { apply, batch } = await scope.sequelize.transaction(async (transaction) => {
    const found = await editable(scope, input.applyId, transaction);
    const subjects =
      (await subjectsOf(scope.project.id, [found.batch.id], transaction)).get(found.batch.id) ?? [];
    const checked = checkScores(subjects, input.scores);
    await upsertScores(scope, found.apply.id, checked, scope.principal.accountId, transaction);
    await audit(
      scope,
      {
        action: 'score.update',
        projectId: scope.project.id,
        targetType: 'cms_apply',
        targetId: found.apply.id,
        detail: { scores: checked },
      },
      transaction,
    );
    return found;
  });
  const [row] = await scoreRows(scope, batch, [apply]);
  const { fullIdCardNo: _full, ...answer } = row as ScoreRow & { fullIdCardNo: string };
  return answer;
}

/** `score/delete`: a candidate's scores of every subject; audited. */
export async function deleteScores(scope: ActorScope, applyId: number): Promise<null> {
  await scope.sequelize.transaction(async (transaction) => {
    const { apply } = await editable(scope, applyId, transaction);
    await scope.sequelize.query(
      'DELETE FROM cms_score WHERE project_id = :projectId AND apply_id = :applyId',
      {
        replacements: { projectId: scope.project.id, applyId: apply.id },
        transaction,
      },
    );
    await audit(
      scope,
      { action: 'score.delete', projectId: scope.project.id, targetType: 'cms_apply', targetId: apply.id },
      transaction,
    );
  });
  return null;
}

/** `score/export`: the score list of the filters as a streamed `.xlsx`, one column per subject. */
export async function exportScores(scope: ActorScope, input: Filters): Promise<FileResult> {
  const batch = await findBatch(scope, input.batchId);
  const subjects = (await subjectsOf(scope.project.id, [batch.id])).get(batch.id) ?? [];
  type Row = ScoreRow & { fullIdCardNo: string };
  const scoreText = (row: Row, subjectId: number) => {
    const score = row.scores.find((entry) => entry.subjectId === subjectId);
    if (!score) return '';
    return score.absent ? '缺考' : score.score;
  };
  const columns: XlsxColumn<Row>[] = [
    { header: '姓名', width: 12, value: (row) => row.realName },
    { header: '身份证号', width: 22, numFmt: '@', value: (row) => row.fullIdCardNo },
    { header: '准考证号', width: 14, numFmt: '@', value: (row) => row.ticketNo },
    { header: '报考等级', width: 14, value: (row) => SKILL_LEVEL_LABELS[row.skillLevel] },
    ...subjects.map(
      (subject): XlsxColumn<Row> => ({
        header: subject.name,
        width: 12,
        value: (row) => scoreText(row, subject.id),
      }),
    ),
    {
      header: '结果',
      width: 10,
      value: (row) => (!row.complete ? '未完成' : row.passed ? '合格' : '不合格'),
    },
    { header: '证书编号', width: 22, numFmt: '@', value: (row) => row.certificateNo },
  ];
  return streamXlsx({
    filename: `成绩-${batch.name}-${chinaToday(scope.providers.clock.now()).replaceAll('-', '')}.xlsx`,
    sheetName: '成绩',
    columns,
    batches: modelCursorBatches(
      CmsApply,
      scoreWhere(scope, batch.id, input),
      SCORE_ORDER,
      (rows, transaction) => scoreRows(scope, batch, rows, transaction),
    ),
    log: scope.log,
  });
}

/** The date a candidate was assessed: their sitting's China day, else today's. */
function assessDateOf(sittingStart: Date | undefined, now: Date): string {
  const today = chinaToday(now);
  if (!sittingStart) return today;
  const day = chinaToday(sittingStart);
  if (day <= today) return day;
  return today;
}

/**
 * `score/publish`: makes a batch's scores visible: every registered candidate with every subject
 * scored becomes SCORED, and, when the batch issues certificates, each who passed gets a skill
 * certificate of the occupation and level (one they hold already, valid, is linked instead). All in
 * one transaction under the batch's lock; audited.
 */
export async function publishScores(scope: ActorScope, batchId: number): Promise<ScorePublishAnswer> {
  const projectId = scope.project.id;
  const answer = await scope.sequelize.transaction(async (transaction) => {
    const batch = await findBatch(scope, batchId, transaction);
    const facts = (await batchFacts(scope, [batch], transaction)).get(batch.id) as CmsBatchFacts;
    authorize(scope, 'cms-batch.publish', facts);
    const now = scope.providers.clock.now();
    await batch.update({ scoresPublishedAt: now }, { transaction });
    const applies = await CmsApply.findAll({
      where: { projectId, batchId, status: 'PAID' },
      order: [['id', 'ASC']],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const results = await resultsOf(scope, applies, { publishedOnly: false }, transaction);
    const sittings = await sittingsOf(projectId, applies, transaction);
    const actor = { actorId: scope.principal.accountId, reason: '成绩发布' };
    let published = 0;
    let certificatesIssued = 0;
    for (const apply of applies) {
      const result = results.get(apply.id);
      if (!result?.complete) continue;
      await moveApply(apply, 'SCORED', actor, transaction);
      published += 1;
      if (!batch.issueCertificate || !result.passed || apply.certificateId) continue;
      const skill = {
        projectId,
        accountId: apply.accountId,
        skillName: batch.occupation,
        skillCode: batch.occupationCode,
        skillLevel: apply.skillLevel,
      };
      await lockStudentSkills(apply.accountId, transaction);
      const held = await validSkillTwin(skill, transaction);
      const certificate =
        held ??
        (await issueSkillCertificate(
          {
            ...skill,
            score: null,
            assessDate: assessDateOf(
              apply.sittingId ? sittings.get(apply.sittingId)?.startsAt : undefined,
              now,
            ),
            issuer: batch.issuer || scope.project.settings.title,
            templateId: batch.certificateTemplateId ?? undefined,
          },
          now,
          transaction,
        ));
      if (!held) certificatesIssued += 1;
      await apply.update({ certificateId: certificate.id }, { transaction });
    }
    await audit(
      scope,
      {
        action: 'score.publish',
        projectId,
        targetType: 'cms_batch',
        targetId: batchId,
        detail: { published, certificatesIssued },
      },
      transaction,
    );
    return { published, certificatesIssued };
  });
  return answer;
}

/**
 * `score/unpublish`: takes a batch's scores back from candidates and the public query (SCORED back
 * to PAID) to correct them; certificates issued stay (staff disable one in 证书管理 when needed).
 */
export async function unpublishScores(scope: ActorScope, batchId: number): Promise<ScorePublishAnswer> {
  const projectId = scope.project.id;
  return scope.sequelize.transaction(async (transaction) => {
    const batch = await findBatch(scope, batchId, transaction);
    const facts = (await batchFacts(scope, [batch], transaction)).get(batch.id) as CmsBatchFacts;
    authorize(scope, 'cms-batch.unpublish', facts);
    await batch.update({ scoresPublishedAt: null }, { transaction });
    const applies = await CmsApply.findAll({
      where: { projectId, batchId, status: 'SCORED' },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    for (const apply of applies)
      await moveApply(
        apply,
        'PAID',
        { actorId: scope.principal.accountId, reason: '撤回成绩发布' },
        transaction,
      );
    await audit(
      scope,
      { action: 'score.unpublish', projectId, targetType: 'cms_batch', targetId: batchId },
      transaction,
    );
    return { published: 0, certificatesIssued: 0 };
  });
}

/**
 * `cms-api/get-my-score` (public): the published results of the person with this ID number and
 * name in the project (subjects, pass or fail, the certificate's number), newest first; an empty
 * list when there are none. The slider captcha is used up first, whatever the outcome. Throws
 * 请先完成滑块验证 for a token not verified, expired or used.
 */
export async function getMyScore(
  scope: TenantScope,
  input: { idCardNo: string; realName: string; captchaToken: string },
): Promise<PublicCmsScore[]> {
  if (!(await consumeSliderCaptcha(input.captchaToken))) throw new BusinessError(CAPTCHA_REQUIRED);
  const projectId = scope.project.id;
  const applies = await CmsApply.findAll({
    where: { projectId, idCardNo: input.idCardNo, realName: input.realName, status: 'SCORED' },
    order: [['id', 'DESC']],
  });
  const results = await resultsOf(scope, applies, { publishedOnly: true });
  const batches = new Map(
    (applies.length
      ? await CmsBatch.findAll({
          where: { projectId, id: [...new Set(applies.map((apply) => apply.batchId))] },
        })
      : []
    ).map((batch) => [batch.id, batch]),
  );
  return applies.flatMap((apply) => {
    const result = results.get(apply.id);
    const batch = batches.get(apply.batchId);
    if (!result || !batch?.scoresPublishedAt) return [];
    return [
      {
        batchName: batch.name,
        occupation: batch.occupation,
        skillLevel: apply.skillLevel,
        realName: maskName(apply.realName),
        ticketNo: apply.ticketNo,
        publishedAt: batch.scoresPublishedAt.toISOString(),
        subjects: result.subjects,
        passed: result.passed,
        certificateNo: result.certificateNo,
      },
    ];
  });
}

/** The scores of a batch's candidates by ID number (the import matches rows to them). */
export async function registeredByIdCard(
  scope: TenantScope,
  batchId: number,
): Promise<Map<string, CmsApply[]>> {
  const applies = await CmsApply.findAll({
    where: { projectId: scope.project.id, batchId, status: [...CMS_REGISTERED_STATUS] },
  });
  const byId = new Map<string, CmsApply[]>();
  for (const apply of applies) byId.set(apply.idCardNo, [...(byId.get(apply.idCardNo) ?? []), apply]);
  return byId;
}
