import { UPLOADED_IMAGE_PATH_PREFIX, type UploadedImageAnswer } from '../../contract/upload';
import { IMAGE_EXTENSION } from '../storage/image-upload';
import type { UploadedImage } from './upload.model';
import type { UPLOAD_IMAGE_FORMATS } from './upload.service';

/** How uploaded images are answered, with their public URL. */

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
