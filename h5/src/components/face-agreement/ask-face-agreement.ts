import type { FaceAgreement } from '@px/api/contract';
import { agreeToFaceAgreement, getFaceAgreement } from '../../api/face';
import { askConfirm } from '../cart/ask-confirm';
import './face-agreement.css';

/**
 * Before the student's first face photo or capture: shows the project's 人脸识别授权协议
 * (`project/face-agreement`) with 同意 / 不同意 and records the consent (`face/agree`). Resolves the
 * agreement with its time once agreed (at once when the student agreed before), null when they
 * decline. Rejects with an ApiError when a call fails (shown by the request client).
 */
export async function askFaceAgreement(): Promise<FaceAgreement | null> {
  const agreement = await getFaceAgreement();
  if (agreement.agreedAt) return agreement;
  const agreed = await askConfirm({
    title: '人脸识别授权协议',
    message: agreement.text,
    className: 'face-agreement',
    confirmButtonText: '同意',
    cancelButtonText: '不同意',
  });
  return agreed ? agreeToFaceAgreement() : null;
}
