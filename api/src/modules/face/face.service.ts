import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { FaceAgreement, FacePhotoStatus } from '../../contract/face';
import type { ActorScope, UploadedFile } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { probeImage } from '../storage/image';
import { type CheckedImage, IMAGE_EXTENSION, readUploadedImage } from '../storage/image-upload';
import { readStored } from '../storage/storage';
import { FaceCapture, type FaceCaptureKind, FaceConsent, FacePhoto } from './face.model';
import type { FaceComparison } from './face-provider';

/** The largest reference photo or capture. */
export const FACE_IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;

const faceKey = (projectId: number, accountId: number, name: string, ext: string) =>
  `faces/${projectId}/${accountId}/${name}.${ext}`;

/** The refusal of a face photo or capture from a student who has not agreed to the face agreement. */
export const FACE_CONSENT_NEEDED = '请先阅读并同意人脸识别授权协议';

/** The student's consent to the face agreement, or null. */
function consentOf(scope: ActorScope, transaction?: Transaction): Promise<FaceConsent | null> {
  return FaceConsent.findOne({
    where: { accountId: scope.principal.accountId, projectId: scope.project.id },
    transaction,
  });
}

/** Throws BusinessError FACE_CONSENT_NEEDED unless the student agreed to the face agreement. */
async function requireConsent(scope: ActorScope): Promise<void> {
  if (!(await consentOf(scope))) throw new BusinessError(FACE_CONSENT_NEEDED);
}

/** `project/face-agreement`: the project's face agreement and when the student agreed to it. */
export async function faceAgreement(scope: ActorScope): Promise<FaceAgreement> {
  const consent = await consentOf(scope);
  return { text: scope.project.settings.faceAgreement, agreedAt: consent?.agreedAt.toISOString() ?? null };
}

/**
 * `face/agree`: records the student's consent to the project's face agreement (the text as it is
 * now, and the time). Agreeing again keeps the first consent (insert, on conflict read).
 */
export async function agreeToFaceAgreement(scope: ActorScope): Promise<FaceAgreement> {
  await FaceConsent.findOrCreate({
    where: { accountId: scope.principal.accountId, projectId: scope.project.id },
    defaults: {
      accountId: scope.principal.accountId,
      projectId: scope.project.id,
      agreementText: scope.project.settings.faceAgreement,
    },
  });
  return faceAgreement(scope);
}

/** `face/photo-status`: whether the student has a reference photo and agreed to the face agreement. */
export async function facePhotoStatus(scope: ActorScope): Promise<FacePhotoStatus> {
  const [photo, consent] = await Promise.all([
    FacePhoto.findOne({ where: { accountId: scope.principal.accountId, projectId: scope.project.id } }),
    consentOf(scope),
  ]);
  return {
    hasPhoto: Boolean(photo),
    updatedAt: photo?.updatedAt.toISOString() ?? null,
    agreedAt: consent?.agreedAt.toISOString() ?? null,
  };
}

/**
 * `face/photo-upload`: stores the student's reference photo (checked as an image by its content),
 * replacing the previous one, whose file is removed once the new one is saved. Throws
 * BusinessError FACE_CONSENT_NEEDED before the student agreed to the face agreement.
 */
export async function saveFacePhoto(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<FacePhotoStatus> {
  await requireConsent(scope);
  const image = await readUploadedImage(file, FACE_IMAGE_LIMIT_BYTES);
  const projectId = scope.project.id;
  const { accountId } = scope.principal;
  const key = faceKey(projectId, accountId, `ref-${randomUUID()}`, IMAGE_EXTENSION[image.info.format]);
  await scope.providers.storage.put(key, image.bytes);
  const previous = await FacePhoto.findOne({ where: { accountId, projectId } });
  await FacePhoto.upsert({ accountId, projectId, storageKey: key, contentType: image.info.contentType });
  if (previous) await scope.providers.storage.delete(previous.storageKey);
  return facePhotoStatus(scope);
}

/** Where a capture was taken. */
export interface CaptureContext {
  myClassId: number;
  sessionId: string;
  kind: FaceCaptureKind;
}

/** A capture compared with the reference photo, not stored yet. */
export interface ComparedCapture {
  capture: CheckedImage;
  outcome: FaceComparison;
}

/**
 * Compares an uploaded capture with the student's reference photo through the face provider. A real
 * comparison takes a second or more: call it outside any transaction, then `keepCapture`. Throws
 * BusinessError when the student has not agreed to the face agreement or has no reference photo,
 * ValidationError/BusinessError for an upload that is not an image.
 */
export async function compareCapture(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<ComparedCapture> {
  await requireConsent(scope);
  const reference = await FacePhoto.findOne({
    where: { accountId: scope.principal.accountId, projectId: scope.project.id },
  });
  if (!reference) throw new BusinessError('请先在“我的”中上传人脸照片');
  const capture = await readUploadedImage(file, FACE_IMAGE_LIMIT_BYTES);
  const referenceBytes = await readStored(scope.providers.storage, reference.storageKey);
  const outcome = await scope.providers.face.compare(
    { bytes: referenceBytes, info: probeImage(referenceBytes) },
    capture,
  );
  return { capture, outcome };
}

/** Stores a compared capture and its outcome (provider, score, reason), in the caller's transaction. */
export async function keepCapture(
  scope: ActorScope,
  { capture, outcome }: ComparedCapture,
  context: CaptureContext,
  transaction?: Transaction,
): Promise<void> {
  const projectId = scope.project.id;
  const { accountId } = scope.principal;
  const key = faceKey(projectId, accountId, `cap-${randomUUID()}`, IMAGE_EXTENSION[capture.info.format]);
  await scope.providers.storage.put(key, capture.bytes);
  await FaceCapture.create(
    {
      projectId,
      accountId,
      myClassId: context.myClassId,
      sessionId: context.sessionId,
      kind: context.kind,
      storageKey: key,
      contentType: capture.info.contentType,
      provider: scope.providers.face.name,
      simulated: outcome.simulated,
      score: outcome.score,
      passed: outcome.passed,
      reason: outcome.reason,
    },
    { transaction },
  );
}
