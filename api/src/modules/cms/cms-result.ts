import type { Transaction } from 'sequelize';
import type { CmsResult } from '../../contract/cms';
import type { TenantScope } from '../../core/action';
import { rowsById } from '../../db/lookups';
import { Certificate } from '../my-certificate/my-certificate.model';
import { type CmsApply, CmsBatch, CmsScore } from './cms.model';
import { resultOf } from './cms.presenter';
import { subjectsOf } from './cms-batch.service';

/** The scores of applications, by application. */
export async function scoresOf(
  projectId: number,
  applyIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, CmsScore[]>> {
  const rows = applyIds.length
    ? await CmsScore.findAll({ where: { projectId, applyId: [...applyIds] }, transaction })
    : [];
  const byApply = new Map<number, CmsScore[]>();
  for (const row of rows) byApply.set(row.applyId, [...(byApply.get(row.applyId) ?? []), row]);
  return byApply;
}

/** The numbers of valid certificates, by id. */
export async function certificateNumbers(
  projectId: number,
  ids: readonly (number | null)[],
  transaction?: Transaction,
): Promise<Map<number, string>> {
  const certificates = await rowsById(Certificate, ids, {
    where: { projectId, deletedAt: null, status: 'VALID' },
    attributes: ['id', 'certificateNo'],
    transaction,
  });
  return new Map([...certificates].map(([id, row]) => [id, row.certificateNo]));
}

/**
 * The results of applications (subjects, scores, passed, the certificate's number while it is
 * valid), by application; with `publishedOnly`, only of batches whose scores are published (what
 * candidates and the public query may see).
 */
export async function resultsOf(
  scope: TenantScope,
  applies: readonly CmsApply[],
  options: { publishedOnly: boolean },
  transaction?: Transaction,
): Promise<Map<number, CmsResult & { complete: boolean }>> {
  const projectId = scope.project.id;
  const batchIds = [...new Set(applies.map((apply) => apply.batchId))];
  const batches = new Map(
    (batchIds.length ? await CmsBatch.findAll({ where: { projectId, id: batchIds }, transaction }) : []).map(
      (batch) => [batch.id, batch],
    ),
  );
  const shown = applies.filter(
    (apply) =>
      (apply.status === 'PAID' || apply.status === 'SCORED') &&
      (!options.publishedOnly ||
        (apply.status === 'SCORED' && batches.get(apply.batchId)?.scoresPublishedAt)),
  );
  const subjects = await subjectsOf(projectId, batchIds, transaction);
  const scores = await scoresOf(
    projectId,
    shown.map((apply) => apply.id),
    transaction,
  );
  const numbers = await certificateNumbers(
    projectId,
    shown.map((apply) => apply.certificateId),
    transaction,
  );
  return new Map(
    shown.map((apply) => [
      apply.id,
      resultOf(
        subjects.get(apply.batchId) ?? [],
        scores.get(apply.id) ?? [],
        apply.certificateId ? (numbers.get(apply.certificateId) ?? null) : null,
      ),
    ]),
  );
}
