import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import type { captureListInput, FaceCaptureRow } from '../../contract/student';
import { FileResult, type TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { modelPage, NEWEST_FIRST } from '../../core/newest-first';
import { namesById } from '../../db/lookups';
import { FaceCapture, FacePhoto } from '../face/face.model';
import { readStored, StorageError } from '../storage/storage';
import { MyClass, TrainClass } from '../train-class/train-class.model';
import { loadStudent } from './student.service';

/**
 * What staff see of a student's face checks: the reference photo and the captures compared with
 * it during study (with the provider's score, and whether the provider was a simulator), each
 * image served as itself to staff of the project only.
 */

/** Reads a stored image, or refuses with `missing` when its file is gone from the storage. */
async function storedImage(scope: TenantScope, key: string, contentType: string, missing: string) {
  try {
    return new FileResult(await readStored(scope.providers.storage, key), contentType);
  } catch (error) {
    if (error instanceof StorageError) throw new BusinessError(missing);
    throw error;
  }
}

/**
 * `student/face-photo`: the student's reference photo. Throws BusinessError 学员不存在, or
 * 该学员尚未上传人脸照片 when there is none.
 */
export async function studentFacePhoto(scope: TenantScope, accountId: number): Promise<FileResult> {
  await loadStudent(scope, accountId);
  const photo = await FacePhoto.findOne({ where: { accountId, projectId: scope.project.id } });
  if (!photo) throw new BusinessError('该学员尚未上传人脸照片');
  return storedImage(scope, photo.storageKey, photo.contentType, '人脸照片文件已不存在');
}

/** `student/capture-list`: a student's captures, newest first, optionally of one enrolment. Throws 学员不存在. */
export async function listCaptures(
  scope: TenantScope,
  input: z.output<typeof captureListInput>,
): Promise<PageAnswer<FaceCaptureRow>> {
  const projectId = scope.project.id;
  await loadStudent(scope, input.id);
  return modelPage(
    FaceCapture,
    {
      where: { projectId, accountId: input.id, ...(input.myClassId ? { myClassId: input.myClassId } : {}) },
      order: NEWEST_FIRST,
    },
    input,
    async (rows) => {
      const enrolmentIds = [...new Set(rows.flatMap((row) => (row.myClassId ? [row.myClassId] : [])))];
      const enrolments = enrolmentIds.length
        ? await MyClass.findAll({ attributes: ['id', 'classId'], where: { projectId, id: enrolmentIds } })
        : [];
      const classNames = await namesById(
        TrainClass,
        enrolments.map((row) => row.classId),
        { where: { projectId } },
      );
      const classOf = new Map(enrolments.map((row) => [row.id, classNames.get(row.classId) ?? null]));
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        myClassId: row.myClassId,
        className: row.myClassId ? (classOf.get(row.myClassId) ?? null) : null,
        kind: row.kind,
        score: row.score,
        passed: row.passed,
        simulated: row.simulated,
        reason: row.reason,
      }));
    },
  );
}

/** `student/capture-image`: one capture's image. Throws BusinessError 抓拍记录不存在 for another project's. */
export async function captureImage(scope: TenantScope, id: number): Promise<FileResult> {
  const capture = await FaceCapture.findOne({ where: { id, projectId: scope.project.id } });
  if (!capture) throw new BusinessError('抓拍记录不存在');
  return storedImage(scope, capture.storageKey, capture.contentType, '抓拍图片文件已不存在');
}
