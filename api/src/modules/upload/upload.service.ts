import { UPLOAD_IMAGE_LIMIT_BYTES, type UploadedImageAnswer } from '../../contract/upload';
import type { ActorScope, UploadedFile } from '../../core/action';
import { readUploadedImage, storeCheckedImage } from '../storage/image-upload';
import { UploadedImage } from './upload.model';
import { presentUploadedImage } from './upload.presenter';

/** The formats `upload/upload-image` takes, by content. */
export const UPLOAD_IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;

/**
 * `upload/upload-image`: checks the uploaded `file` by its content (PNG, JPEG, GIF or WebP, at most
 * 5 MB and IMAGE_MAX_SIDE pixels a side), stores it in the project's folder of the file storage and
 * records it. A refused file leaves nothing behind. Throws ValidationError naming `file` (missing,
 * too large), BusinessError for content that is not such an image.
 */
export async function uploadImage(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<UploadedImageAnswer> {
  const image = await readUploadedImage(file, UPLOAD_IMAGE_LIMIT_BYTES, UPLOAD_IMAGE_FORMATS);
  return presentUploadedImage(
    await storeCheckedImage(scope, image, 'images', (row) => UploadedImage.create(row)),
  );
}
