/**
 * The face provider that really compares faces, offline: the models of `@vladmandic/face-api`
 * (SSD MobileNet v1 detector, 68-point landmarks, ResNet face recognition), shipped inside the npm
 * package, on TensorFlow.js's WASM backend (its binary ships inside `@tensorflow/tfjs-backend-wasm`).
 * Nothing is downloaded and nothing native is built. The model runs in a worker thread of its own
 * (face-api.worker.ts), started on the first comparison and shared by the whole process.
 */
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { BusinessError } from '../../core/errors';
import { apiPath, BUNDLED } from '../../paths';
import type { DescribeReply, DescribeRequest, FaceDescription } from './face-api.worker';
import type { FaceComparison, FaceImage, FaceProvider } from './face-provider';

/**
 * The largest euclidean distance between two descriptors of one person. face-api's usual line is
 * 0.6; among the package's sample photos it let 3 of 15 pairs of different women through (0.57 to
 * 0.59), while mirrored, cropped and darkened copies of one face stayed between 0.25 and 0.45.
 */
export const FACE_API_MAX_DISTANCE = 0.5;

/** The score is 1 − distance (0..1; the same image scores 1): it passes from 1 − FACE_API_MAX_DISTANCE. */
export const faceScore = (distance: number) =>
  Math.round(Math.max(0, Math.min(1, 1 - distance)) * 1000) / 1000;

/** The score from which a capture passes (0.5). */
export const FACE_API_THRESHOLD = faceScore(FACE_API_MAX_DISTANCE);

/** Images waiting for the model beyond which a check is refused as busy (about 8 comparisons). */
const MAX_WAITING = 16;

/**
 * The model thread holds about 300 MB once loaded and up to 600 MB after large photos; it ends
 * after this long without a comparison (reloading takes about 2 s of CPU) and returns the memory.
 */
const IDLE_STOP_MS = 10 * 60 * 1000;

/** Reference photos whose descriptors are kept (keyed by content): a photo is described once. */
const REFERENCE_CACHE_SIZE = 500;

/**
 * The worker: from source, its TypeScript with tsx's loader registered (as the product runs under
 * tsx); in the compiled bundle, the worker esbuild compiled beside it (`scripts/build-api.ts`).
 */
const WORKER_FILE = BUNDLED
  ? apiPath('dist', 'face-api.worker.js')
  : apiPath('src', 'modules', 'face', 'face-api.worker.ts');
const WORKER_OPTIONS = BUNDLED ? {} : { execArgv: ['--require', require.resolve('tsx/cjs')] };

interface Waiting {
  resolve: (description: FaceDescription) => void;
  reject: (error: Error) => void;
}

/** The model's worker thread: started on first use, restarted after a crash, shared by the process. */
class FaceApiEngine {
  private worker: Worker | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private readonly references = new Map<string, Promise<FaceDescription>>();

  /** Describes the largest face of an image. Throws BusinessError when busy, Error when the engine fails. */
  describe(image: FaceImage): Promise<FaceDescription> {
    if (this.waiting.size >= MAX_WAITING) throw new BusinessError('人脸核验人数较多，请稍后重试');
    const worker = this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId;
    this.nextId += 1;
    const bytes = new Uint8Array(image.bytes);
    const request: DescribeRequest = {
      id,
      bytes,
      info: { format: image.info.format, width: image.info.width, height: image.info.height },
    };
    return new Promise<FaceDescription>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage(request, [bytes.buffer]);
    });
  }

  /** Like describe, remembering the answer for the same content (a student's photo rarely changes). */
  describeReference(image: FaceImage): Promise<FaceDescription> {
    const key = createHash('sha256').update(image.bytes).digest('hex');
    const known = this.references.get(key);
    if (known) {
      this.references.delete(key);
      this.references.set(key, known);
      return known;
    }
    const described = this.describe(image);
    this.references.set(key, described);
    described.catch(() => this.references.delete(key));
    const oldest = this.references.keys().next().value;
    if (this.references.size > REFERENCE_CACHE_SIZE && oldest !== undefined) this.references.delete(oldest);
    return described;
  }

  /** Stops the worker (tests; a later call starts a new one). */
  async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    this.references.clear();
    this.rejectWaiting(new Error('face-api stopped'));
    if (worker) await worker.terminate();
  }

  private rejectWaiting(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }

  /** No comparison waits: the thread no longer holds the process up, and ends if none comes. */
  private idle(worker: Worker): void {
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && this.waiting.size === 0) {
        this.worker = null;
        void worker.terminate();
      }
    }, IDLE_STOP_MS);
    this.idleTimer.unref();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_FILE, WORKER_OPTIONS);
    worker.unref();
    worker.on('message', (reply: DescribeReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) this.idle(worker);
      if (reply.ok) waiting.resolve(reply.description);
      else waiting.reject(new Error(`face-api: ${reply.message}`));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return; // ended on purpose (idle, stop)
      this.worker = null;
      this.rejectWaiting(error);
    };
    worker.on('error', (error) => fail(new Error(`face-api worker failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`face-api worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

const engine = new FaceApiEngine();

const refused = (reason: string): FaceComparison => ({ score: 0, passed: false, simulated: false, reason });

/**
 * The offline face provider (`FACE_PROVIDER=face-api`). `compare` describes the largest face of the
 * reference photo (remembered per content) and of the capture, scores 1 − their euclidean distance
 * and passes from `threshold`. No face, or an image it cannot read (WebP), fails with the reason.
 * Throws BusinessError when too many checks wait for the model, Error when the model fails.
 */
export const faceApiProvider: FaceProvider = {
  name: 'face-api',
  threshold: FACE_API_THRESHOLD,
  async compare(reference, capture) {
    const known = await engine.describeReference(reference);
    if (known.kind === 'unreadable')
      return refused(`人脸照片无法使用（${known.reason}），请在“我的”中重新上传`);
    if (known.kind === 'no-face') return refused('人脸照片中未检测到人脸，请在“我的”中重新上传');
    const seen = await engine.describe(capture);
    if (seen.kind === 'unreadable') return refused(seen.reason);
    if (seen.kind === 'no-face') return refused('未检测到人脸，请正对镜头重新拍摄');
    const score = faceScore(euclideanDistance(known.descriptor, seen.descriptor));
    const passed = score >= FACE_API_THRESHOLD;
    return {
      score,
      passed,
      simulated: false,
      reason: passed ? null : '与人脸照片不符，请本人正对镜头重新拍摄',
    };
  },
};

/** Stops the shared face model thread (tests end with it; the next comparison starts a new one). */
export function stopFaceApiEngine(): Promise<void> {
  return engine.stop();
}

function euclideanDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(sum);
}
