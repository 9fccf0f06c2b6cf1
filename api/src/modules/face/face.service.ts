import { randomUUID } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { FacePhotoStatus } from '../../contract/face';
import type { ActorScope, UploadedFile } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { probeImage } from '../storage/image';
import { type CheckedImage, IMAGE_EXTENSION, readUploadedImage } from '../storage/image-upload';
import { readStored } from '../storage/storage';
import { FaceCapture, type FaceCaptureKind, FacePhoto } from './face.model';
import type { FaceComparison } from './face-provider';

/** The largest reference photo or capture. */
export const FACE_IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;

const faceKey = (projectId: number, accountId: number, name: string, ext: string) =>
  `faces/${projectId}/${accountId}/${name}.${ext}`;

/** `face/photo-status`: whether the student has a reference photo. */
export async function facePhotoStatus(scope: ActorScope): Promise<FacePhotoStatus> {
  const photo = await FacePhoto.findOne({
    where: { accountId: scope.principal.accountId, projectId: scope.project.id },
  });
  return { hasPhoto: Boolean(photo), updatedAt: photo?.updatedAt.toISOString() ?? null };
}

/**
 * `face/photo-upload`: stores the student's reference photo (checked as an image by its content),
 * replacing the previous one, whose file is removed once the new one is saved.
 */
export async function saveFacePhoto(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<FacePhotoStatus> {
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
 * BusinessError when the student has no reference photo, ValidationError/BusinessError for an
 * upload that is not an image.
 */
export async function compareCapture(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<ComparedCapture> {
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
