import { faceCalls } from '../../contract/face';
import { implement } from '../../core/action';
import { facePhotoStatus, saveFacePhoto } from './face.service';

/** The student's reference photo for face checks (`face/...`). */
export const faceActions = implement(faceCalls, {
  'photo-status': (ctx) => facePhotoStatus(ctx),
  'photo-upload': (ctx) =>
    saveFacePhoto(
      ctx,
      ctx.files.find((file) => file.field === 'file'),
    ),
});
