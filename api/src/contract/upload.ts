import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { signedIn } from './access';
import { answer, defineCalls } from './call';

/**
 * The one upload path of images for the editors and forms of the back office (spec section 7,
 * `PUT /upload/upload-image` with form data, the image in the field `file`): the type (PNG, JPEG,
 * GIF or WebP) and size are read from the content, never from the name or the declared type; the
 * image is kept through the file storage and answered as a public URL.
 */

/** The largest image `upload/upload-image` takes. */
export const UPLOAD_IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;

/** The public path prefix of uploaded images: `/api/uploaded-image/<id>.<ext>`. */
export const UPLOADED_IMAGE_PATH_PREFIX = '/api/uploaded-image/';

/** `upload/upload-image`: an image as stored. */
export interface UploadedImageAnswer {
  id: string;
  /** Public, absolute path on this server: `/api/uploaded-image/<id>.<ext>`. */
  url: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
  /** Bytes. */
  size: number;
}

/** The upload calls (`upload/...`). */
export const uploadCalls = defineCalls('upload', {
  /** Stores one image (multipart `file`) of project staff or a unit manager, answers its URL. */
  'upload-image': {
    input: z.object({}),
    answer: answer<UploadedImageAnswer>(),
    access: signedIn(ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT),
    methods: ['PUT', 'POST'],
    upload: true,
  },
});
