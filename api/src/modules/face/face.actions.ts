import { faceAgreementCalls, faceCalls } from '../../contract/face';
import { implement } from '../../core/action';
import { agreeToFaceAgreement, faceAgreement, facePhotoStatus, saveFacePhoto } from './face.service';

/** The student's face agreement and reference photo for face checks (`face/...`, `project/face-agreement`). */
export const faceActions = [
  ...implement(faceCalls, {
    agree: (ctx) => agreeToFaceAgreement(ctx),
    'photo-status': (ctx) => facePhotoStatus(ctx),
    'photo-upload': (ctx) =>
      saveFacePhoto(
        ctx,
        ctx.files.find((file) => file.field === 'file'),
      ),
  }),
  ...implement(faceAgreementCalls, { 'face-agreement': (ctx) => faceAgreement(ctx) }),
];
