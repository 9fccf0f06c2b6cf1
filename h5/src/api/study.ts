import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** One beat of the player (`study/heartbeat`). */
export type HeartbeatPayload = InputOf<Calls['study/heartbeat']>;

/**
 * The study page of one of the student's enrolments: the class, its courses and lessons with what
 * the server credited, the locks and the player's rules. Rejects with an ApiError (班级不存在或未报名).
 */
export const getStudyInfo = (myClassId: number) => api.call('my-class/study-info', { myClassId });

/**
 * Starts playing a lesson: a session, the signed video URL, where to resume and the pop-up
 * questions. Rejects with an ApiError (study window closed, locked lesson, video not playable),
 * shown by the request client.
 */
export const startStudy = (myClassId: number, lessonId: number) =>
  api.call('study/start', { myClassId, lessonId });

/**
 * One beat of the player; the answer says what was credited and what to do. Quiet: the player
 * shows a failed beat itself (a lost beat only delays crediting). Rejects with an ApiError.
 */
export const sendHeartbeat = (beat: HeartbeatPayload) => api.call('study/heartbeat', beat, { quiet: true });

/**
 * A beat that outlives the page (`keepalive`): the one sent when the page is hidden or left, and
 * the last of a session (`last: true`, which also ends it). Sent before this returns; resolves to
 * the answer when the page is still there. Quiet. Rejects with an ApiError.
 */
export const sendPartingHeartbeat = (beat: HeartbeatPayload) => api.keepalive('study/heartbeat', beat);

/**
 * Answers the pop-up question the session waits for (option letters, sorted); answers whether it
 * was right, the right answer and the explanation. Rejects with an ApiError (shown).
 */
export const answerPopupQuestion = (sessionId: string, questionId: number, answer: string) =>
  api.call('study/answer-question', { sessionId, questionId, answer });

/** Confirms the student is still there (the anti-idle prompt). Rejects with an ApiError (shown). */
export const confirmStudyIdle = (sessionId: string) => api.call('study/confirm-idle', { sessionId });

/**
 * Sends a capture (JPEG) for the face check the session waits for; answers whether it matched.
 * Rejects with an ApiError (no reference photo, not an image), shown by the request client.
 */
export const submitFaceCheck = (sessionId: string, capture: Blob) => {
  const form = new FormData();
  form.append('sessionId', sessionId);
  form.append('file', capture, 'capture.jpg');
  return api.upload('study/face-check', form);
};

/**
 * Ends a session (the player closed or the page was left) when no last beat does. Sent so that it
 * outlives the page (`keepalive`); quiet. Rejects with an ApiError.
 */
export const endStudy = (sessionId: string) => api.keepalive('study/end', { sessionId });
