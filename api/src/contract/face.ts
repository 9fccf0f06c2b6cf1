import { z } from 'zod';
import { student } from './access';
import { answer, defineCalls } from './call';

/**
 * Face checks (docs/product-decisions.md "Face checks"): a student uploads a reference photo; with
 * `needCheckFacePass` a study session waits for a capture that matches it before it credits, and
 * asks again at random points. The comparing provider may be a simulator; every answer says so.
 */

/** `face/photo-status`: whether the student has a reference photo and agreed to the face agreement. */
export interface FacePhotoStatus {
  hasPhoto: boolean;
  updatedAt: string | null;
  /** When the student agreed to the project's face agreement; null: not yet (no photo or capture is taken). */
  agreedAt: string | null;
}

/**
 * `project/face-agreement` and `face/agree`: the project's face agreement (人脸识别授权协议, its
 * `faceAgreement` setting) and when the student agreed to it (null: not yet).
 */
export interface FaceAgreement {
  text: string;
  agreedAt: string | null;
}

/** `face/photo-upload` (multipart `file`): the student's reference photo (JPEG, PNG or WebP, at most 5 MB). */
export const facePhotoUploadInput = z.object({});

/** `study/face-check` (multipart `file` and `sessionId`): a capture for the session's face check. */
export const faceCheckInput = z.object({ sessionId: z.uuid({ error: '学习会话不正确' }) });

/** `study/face-check`: whether the capture matched the reference photo (study resumes when it did). */
export interface FaceCheckAnswer {
  passed: boolean;
  score: number;
  threshold: number;
  /** No face was really compared (the simulator provider of development and tests). */
  simulated: boolean;
  /** Why it did not pass. */
  reason: string | null;
}

/** The project's face agreement as the student reads it (`project/face-agreement`, spec: Project, face agreement). */
export const faceAgreementCalls = defineCalls('project', {
  /** The agreement's text and when the student agreed to it. */
  'face-agreement': {
    input: z.object({}),
    answer: answer<FaceAgreement>(),
    access: student,
    methods: ['GET', 'POST'],
  },
});

/** The student's face photo calls (`face/...`). */
export const faceCalls = defineCalls('face', {
  /**
   * The student agrees to the project's face agreement (before their first face photo or capture);
   * agreeing again keeps the first consent.
   */
  agree: { input: z.object({}), answer: answer<FaceAgreement>(), access: student },
  /** Whether the student has a reference photo. */
  'photo-status': { input: z.object({}), answer: answer<FacePhotoStatus>(), access: student },
  /** Uploads (replaces) the student's reference photo. */
  'photo-upload': {
    input: facePhotoUploadInput,
    answer: answer<FacePhotoStatus>(),
    access: student,
    upload: true,
  },
});
