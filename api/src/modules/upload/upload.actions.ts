import { uploadCalls } from '../../contract/upload';
import { implement } from '../../core/action';
import { uploadImage } from './upload.service';

/** The upload calls (`upload/...`). */
export const uploadActions = implement(uploadCalls, {
  'upload-image': (ctx) =>
    uploadImage(
      ctx,
      ctx.files.find((file) => file.field === 'file'),
    ),
});
