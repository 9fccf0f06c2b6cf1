import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ForeignKeyConstraintError, Op, type Transaction, type WhereOptions } from 'sequelize';
import type { z } from 'zod';
import {
  CERTIFICATE_BACKGROUND_LIMIT_BYTES,
  type CertificateBackground,
  type CertificateTemplateDetail,
  type CertificateTemplateItem,
  type certificateTemplatePageInput,
  type certificateTemplateSaveInput,
} from '../../contract/certificate';
import type { PageAnswer, RecordStatus } from '../../contract/common';
import type { ActorScope, TenantScope, UploadedFile } from '../../core/action';
import { BusinessError, fieldError, uniqueRefusal } from '../../core/errors';
import { emit } from '../../core/events';
import { modelPage } from '../../core/newest-first';
import { containsPattern } from '../../core/query';
import { audit } from '../audit/audit.service';
import { IMAGE_EXTENSION, readUploadedImage } from '../storage/image-upload';
import { backgroundUrl, presentDetail, presentItem } from './certificate.presenter';
import { certificateTemplateDeleting } from './certificate-template.events';
import { CertificateTemplate } from './certificate-template.model';

/** Namespace of the advisory locks that serialise template writes (and background clean-up) per project. */
const TEMPLATE_LOCK_NAMESPACE = 4_711_020;
const NAME_TAKEN = '模板名称已存在';
const BACKGROUND_MISSING = '背景图不存在，请重新上传';
/** Refusal of `template-delete` while a class refers to the template. */
export const TEMPLATE_IN_USE = '该模板已被班级使用，不能删除';

const CONTENT_TYPE_OF_EXTENSION: Record<string, CertificateBackground['contentType']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The storage folder of a project's template backgrounds. */
function backgroundFolder(projectId: number): string {
  return `certificate-templates/${projectId}/`;
}

/**
 * The extension of a background key of the project (`certificate-templates/<project>/<uuid>.<ext>`,
 * as uploads are stored), or null for any other key: another project's, or one never made here.
 */
function backgroundExtension(projectId: number, key: string): string | null {
  const folder = backgroundFolder(projectId);
  if (!key.startsWith(folder)) return null;
  const match = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/.exec(
    key.slice(folder.length),
  );
  return match ? (match[1] as string) : null;
}

async function lockProjectTemplates(scope: TenantScope, transaction: Transaction) {
  await scope.sequelize.query('SELECT pg_advisory_xact_lock(:namespace, :projectId)', {
    replacements: { namespace: TEMPLATE_LOCK_NAMESPACE, projectId: scope.project.id },
    transaction,
  });
}

/**
 * Removes a background file unless a template of the project uses it, under the project's template
 * lock (a save taking the key at the same moment waits, then finds it gone and refuses).
 */
async function removeBackgroundIfUnused(scope: TenantScope, key: string): Promise<void> {
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    await lockProjectTemplates(scope, transaction);
    if (await CertificateTemplate.count({ where: { projectId, backgroundImage: key }, transaction })) return;
    await scope.providers.storage.delete(key);
  });
}

/**
 * Stores an uploaded template background: at most 5 MB, a PNG or JPEG by its content
 * (storage/image-upload.ts), under `certificate-templates/<project>/<uuid>.<ext>`. A refused file
 * leaves nothing behind. Throws ValidationError naming `file` (missing, too large), BusinessError
 * for content that is not such an image.
 */
export async function uploadTemplateBackground(
  scope: TenantScope,
  file: UploadedFile | undefined,
): Promise<CertificateBackground> {
  // PNG or JPEG only: the certificate PDFs draw the background and pdf-lib embeds no WebP.
  const { bytes, info } = await readUploadedImage(file, CERTIFICATE_BACKGROUND_LIMIT_BYTES, ['png', 'jpeg']);
  const key = `${backgroundFolder(scope.project.id)}${randomUUID()}.${IMAGE_EXTENSION[info.format]}`;
  await scope.providers.storage.put(key, bytes);
  return {
    key,
    url: backgroundUrl(key),
    contentType: info.contentType,
    width: info.width,
    height: info.height,
    size: bytes.length,
  };
}

/**
 * The stored background of `key` for staff of the project: its content type and bytes. Throws
 * BusinessError 背景图不存在 for a key of another project, a key never stored or a file gone.
 */
export async function readTemplateBackground(
  scope: TenantScope,
  key: string,
): Promise<{ contentType: string; body: Readable }> {
  const extension = backgroundExtension(scope.project.id, key);
  const { storage } = scope.providers;
  if (!extension || !(await storage.stat(key))) throw new BusinessError('背景图不存在');
  return { contentType: CONTENT_TYPE_OF_EXTENSION[extension] as string, body: await storage.get(key) };
}

/** One page of the project's templates, newest change first, filtered by part of the name and status. */
export async function pageTemplates(
  scope: TenantScope,
  input: z.output<typeof certificateTemplatePageInput>,
): Promise<PageAnswer<CertificateTemplateItem>> {
  const where: WhereOptions<CertificateTemplate> = {
    projectId: scope.project.id,
    ...(input.name ? { name: { [Op.iLike]: containsPattern(input.name) } } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  return modelPage(
    CertificateTemplate,
    {
      where,
      order: [
        ['updatedAt', 'DESC'],
        ['id', 'DESC'],
      ],
    },
    input,
    (rows) => rows.map(presentItem),
  );
}

/** One template of the project (locked inside a transaction); another project's answers 证书模板不存在. */
async function loadTemplate(
  scope: TenantScope,
  id: number,
  transaction?: Transaction,
): Promise<CertificateTemplate> {
  const template = await CertificateTemplate.findOne({
    where: { id, projectId: scope.project.id },
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (!template) throw new BusinessError('证书模板不存在');
  return template;
}

/** A template of the project with its fields. Throws BusinessError 证书模板不存在. */
export async function getTemplate(scope: TenantScope, id: number): Promise<CertificateTemplateDetail> {
  return presentDetail(await loadTemplate(scope, id));
}

/** Throws ValidationError `backgroundImage` unless the key is a stored background of the project. */
async function checkBackground(scope: TenantScope, key: string): Promise<void> {
  if (!backgroundExtension(scope.project.id, key) || !(await scope.providers.storage.stat(key)))
    throw fieldError('backgroundImage', 'exists', BACKGROUND_MISSING);
}

/**
 * Creates (enabled) or updates a template of the project: name unique in the project, background
 * a stored upload of the project (or none), fields as the contract checks them. A background the
 * template no longer uses is removed. Audited. Throws ValidationError naming the field (`name`
 * taken, `backgroundImage` foreign or missing), BusinessError 证书模板不存在.
 */
export async function saveTemplate(
  scope: ActorScope,
  input: z.output<typeof certificateTemplateSaveInput>,
): Promise<CertificateTemplateDetail> {
  const projectId = scope.project.id;
  const values = {
    name: input.name,
    width: input.width,
    height: input.height,
    backgroundImage: input.backgroundImage ?? null,
    fields: input.fields,
  };
  const { template, replaced } = await scope.sequelize
    .transaction(async (transaction) => {
      await lockProjectTemplates(scope, transaction);
      const existing = input.id ? await loadTemplate(scope, input.id, transaction) : null;
      const taken = await CertificateTemplate.count({
        where: { projectId, name: input.name, ...(existing ? { id: { [Op.ne]: existing.id } } : {}) },
        transaction,
      });
      if (taken) throw fieldError('name', 'unique', NAME_TAKEN);
      if (values.backgroundImage && values.backgroundImage !== existing?.backgroundImage)
        await checkBackground(scope, values.backgroundImage);
      const replaced =
        existing?.backgroundImage && existing.backgroundImage !== values.backgroundImage
          ? existing.backgroundImage
          : null;
      const template = existing
        ? await existing.update(values, { transaction })
        : await CertificateTemplate.create(
            { projectId, ...values, createdBy: scope.principal.accountId },
            { transaction },
          );
      await audit(
        scope,
        {
          action: existing ? 'certificate-template.update' : 'certificate-template.create',
          projectId,
          targetType: 'certificate_template',
          targetId: template.id,
          detail: { ...values, fields: values.fields.length },
        },
        transaction,
      );
      return { template, replaced };
    })
    .catch(uniqueRefusal(fieldError('name', 'unique', NAME_TAKEN)));
  if (replaced) await removeBackgroundIfUnused(scope, replaced);
  return presentDetail(template);
}

/**
 * Enables or disables a template of the project (a disabled one is not offered to new classes;
 * classes holding it keep it). Audited. Throws BusinessError 证书模板不存在.
 */
export async function setTemplateStatus(
  scope: ActorScope,
  id: number,
  status: RecordStatus,
): Promise<CertificateTemplateDetail> {
  return scope.sequelize.transaction(async (transaction) => {
    const template = await loadTemplate(scope, id, transaction);
    const before = template.status;
    await template.update({ status }, { transaction });
    await audit(
      scope,
      {
        action: 'certificate-template.status',
        projectId: scope.project.id,
        targetType: 'certificate_template',
        targetId: id,
        detail: { before, after: status },
      },
      transaction,
    );
    return presentDetail(template);
  });
}

/**
 * Deletes a template of the project and its background (unless another template uses it); a module
 * referring to the template (a class) vetoes through `certificateTemplateDeleting`. Audited. Throws
 * BusinessError 证书模板不存在, or the veto's (TEMPLATE_IN_USE).
 */
export async function deleteTemplate(scope: ActorScope, id: number): Promise<void> {
  const projectId = scope.project.id;
  const background = await scope.sequelize
    .transaction(async (transaction) => {
      const template = await loadTemplate(scope, id, transaction);
      await emit(scope, certificateTemplateDeleting, { projectId, ids: [template.id] }, transaction);
      await template.destroy({ transaction });
      await audit(
        scope,
        {
          action: 'certificate-template.delete',
          projectId,
          targetType: 'certificate_template',
          targetId: id,
          detail: { name: template.name },
        },
        transaction,
      );
      return template.backgroundImage;
    })
    .catch((error: unknown) => {
      // A class took the template between the count and the delete: the foreign key refuses.
      if (error instanceof ForeignKeyConstraintError) throw new BusinessError(TEMPLATE_IN_USE);
      throw error;
    });
  if (background) await removeBackgroundIfUnused(scope, background);
}
