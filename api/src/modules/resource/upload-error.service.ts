import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type {
  ResourceType,
  ResourceUploadErrorItem,
  ResourceUploadErrorPage,
  resourceUploadErrorQueryInput,
  UploadFailureKind,
} from '../../contract/resource';
import type { TenantScope } from '../../core/action';
import { modelPage, NEWEST_FIRST } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { Account } from '../account/account.model';
import { resourceCategories } from './resource-category.service';
import { ResourceUploadError } from './upload-error.model';

/** Why an upload failed: the kind and the text the uploader was told. */
export interface UploadFailure {
  kind: UploadFailureKind;
  reason: string;
}

/** What was announced of a file that did not make it, and who sent it. */
export interface FailedFile {
  projectId: number;
  accountId: number | null;
  type: ResourceType;
  name: string | null;
  fileName: string;
  size: number;
  categoryId: number | null;
}

const REASON_MAX = 500;

/** Records a failed upload in the project's upload error log (in `transaction` when given). */
export async function recordUploadFailure(
  file: FailedFile,
  failure: UploadFailure,
  transaction?: Transaction,
): Promise<void> {
  await ResourceUploadError.create(
    { ...file, kind: failure.kind, reason: failure.reason.slice(0, REASON_MAX) },
    { transaction },
  );
}

/** The first instant of a China calendar day (`YYYY-MM-DD`, UTC+8 without daylight saving). */
const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const DAY_MS = 24 * 3600 * 1000;

/**
 * One page of the project's failed uploads, newest first: `name` matches part of the file name or
 * the video name, `startDate`..`endDate` (China days, both included) bound when it failed.
 */
export async function listUploadFailures(
  scope: TenantScope,
  input: z.output<typeof resourceUploadErrorQueryInput>,
): Promise<ResourceUploadErrorPage> {
  const createdAt = {
    ...(input.startDate ? { [Op.gte]: chinaDayStart(input.startDate) } : {}),
    ...(input.endDate ? { [Op.lt]: new Date(chinaDayStart(input.endDate).getTime() + DAY_MS) } : {}),
  };
  const pattern = input.name ? containsPattern(input.name) : undefined;
  const projectId = scope.project.id;
  const where: WhereOptions<ResourceUploadError> = {
    projectId,
    ...(pattern
      ? { [Op.or]: [{ fileName: { [Op.iLike]: pattern } }, { name: { [Op.iLike]: pattern } }] }
      : {}),
    ...(input.startDate || input.endDate ? { createdAt } : {}),
  };
  return modelPage(
    ResourceUploadError,
    {
      where,
      order: NEWEST_FIRST,
    },
    input,
    async (rows) => {
      const paths = await resourceCategories.categoryPaths(scope);
      const accountIds = [...new Set(rows.flatMap((row) => (row.accountId === null ? [] : [row.accountId])))];
      const accounts = new Map(
        (
          await Account.findAll({
            where: { id: accountIds, projectId },
            attributes: ['id', 'realName'],
            paranoid: false,
          })
        ).map((account) => [account.id, account.realName]),
      );
      return rows.map(
        (row): ResourceUploadErrorItem => ({
          id: row.id,
          type: row.type,
          name: row.name,
          fileName: row.fileName,
          size: row.size,
          categoryId: row.categoryId,
          categoryName: row.categoryId === null ? null : (paths.get(row.categoryId) ?? null),
          kind: row.kind,
          reason: row.reason,
          accountId: row.accountId,
          accountName: row.accountId === null ? null : (accounts.get(row.accountId) ?? null),
          createdAt: row.createdAt.toISOString(),
        }),
      );
    },
  );
}
