import { api } from './request';

/** Whether the student has a reference photo for face checks. Rejects with an ApiError. */
export const getFacePhotoStatus = () => api.call('face/photo-status', {});

/**
 * Uploads (replaces) the student's reference photo (JPEG, PNG or WebP, at most 5 MB); answers the
 * new status. Rejects with an ApiError (not an image, too large), shown by the request client.
 */
export const uploadFacePhoto = (photo: Blob, fileName = 'face.jpg') => {
  const form = new FormData();
  form.append('file', photo, fileName);
  return api.upload('face/photo-upload', form);
};

/** The project's face agreement (人脸识别授权协议) and when the student agreed to it. Rejects with an ApiError. */
export const getFaceAgreement = () => api.call('project/face-agreement', {});

/** Records the student's consent to the face agreement (agreeing again keeps the first). Rejects with an ApiError. */
export const agreeToFaceAgreement = () => api.call('face/agree', {});
