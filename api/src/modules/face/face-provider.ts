import type { Env } from '../../env';
import type { ImageInfo } from '../storage/image';
import { faceApiProvider } from './face-api-provider';

/** What a face comparison answers: a similarity score (0..1), whether it passes, and whether it was real. */
export interface FaceComparison {
  score: number;
  passed: boolean;
  /** The provider is a simulator: no face was really compared (API and browser tests). */
  simulated: boolean;
  /** Why it did not pass, in words shown to the student. */
  reason: string | null;
}

/** An image to compare: its bytes and what they are (format and size, read from the content). */
export interface FaceImage {
  bytes: Buffer;
  info: ImageInfo;
}

/**
 * Compares a capture with a student's reference photo. A cloud face service (or an offline model)
 * fits this shape: `compare` sends both images and maps the service's similarity to `score`, and
 * `threshold` is where it passes.
 */
export interface FaceProvider {
  readonly name: string;
  readonly threshold: number;
  compare(reference: FaceImage, capture: FaceImage): Promise<FaceComparison>;
}

declare module '../../core/action' {
  interface Providers {
    /** Compares study captures with reference photos. */
    face: FaceProvider;
  }
}

/** The smallest side of a capture in which a face can be found. */
export const FACE_MIN_SIDE = 120;

/**
 * The simulated provider of the API tests and the browser tests (`FACE_PROVIDER=simulator`): it
 * compares nothing and says so in every answer (`simulated: true`). It passes a capture of at least
 * FACE_MIN_SIDE pixels a side with a fixed score, and fails a smaller one as "no face found", so
 * both paths can be walked.
 */
export const simulatedFaceProvider: FaceProvider = {
  name: 'simulator',
  threshold: 0.8,
  async compare(_reference, capture) {
    const large = Math.min(capture.info.width, capture.info.height) >= FACE_MIN_SIDE;
    return large
      ? { score: 0.92, passed: true, simulated: true, reason: null }
      : { score: 0, passed: false, simulated: true, reason: '未检测到清晰的人脸，请正对镜头重新拍摄' };
  },
};

/** The provider of a configured name (env `FACE_PROVIDER`), built once at start; nothing loads until used. */
export function createFaceProvider(name: Env['FACE_PROVIDER']): FaceProvider {
  return name === 'face-api' ? faceApiProvider : simulatedFaceProvider;
}
