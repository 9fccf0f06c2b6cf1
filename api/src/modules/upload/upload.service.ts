import {
  UPLOAD_IMAGE_LIMIT_BYTES,
  UPLOADED_IMAGE_PATH_PREFIX,
  type UploadedImageAnswer,
} from '../../contract/upload';
import type { ActorScope, UploadedFile } from '../../core/action';
import { IMAGE_EXTENSION, readUploadedImage, storeCheckedImage } from '../storage/image-upload';
import { UploadedImage } from './upload.model';

/** The formats `upload/upload-image` takes, by content. */
export const UPLOAD_IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;

/** The public URL of an uploaded image: `/api/uploaded-image/<id>.<ext>`. */
export function uploadedImageUrl(image: Pick<UploadedImage, 'id' | 'contentType'>): string {
  const format = image.contentType.slice('image/'.length) as (typeof UPLOAD_IMAGE_FORMATS)[number];
  return `${UPLOADED_IMAGE_PATH_PREFIX}${image.id}.${IMAGE_EXTENSION[format]}`;
}

/** An uploaded image as the call answers it. */
export function presentUploadedImage(image: UploadedImage): UploadedImageAnswer {
  return {
    id: image.id,
    url: uploadedImageUrl(image),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    size: image.size,
  };
}

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
