/**
 * The face model's thread (started by face-api-provider.ts): the face-api models run on
 * TensorFlow.js's WASM backend, whose every operation is synchronous CPU work, so they run here and
 * never stall the API's event loop. The backend and the models, shipped inside the installed npm
 * packages, load on the first request; requests are answered one at a time, in order.
 */
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { ImageInfo } from '../storage/image';
import { decodeFaceImage, FaceImageError, type RgbImage } from './face-image';

/** An image to describe, as probed from its content. */
export interface DescribeRequest {
  id: number;
  bytes: Uint8Array;
  info: Pick<ImageInfo, 'format' | 'width' | 'height'>;
}

/** What the model saw in an image: the largest face's descriptor, no face, or an unreadable image. */
export type FaceDescription =
  | { kind: 'face'; descriptor: Float32Array; faces: number }
  | { kind: 'no-face' }
  | { kind: 'unreadable'; reason: string };

/** The answer to a request: a description, or the engine's failure (not the image's). */
export type DescribeReply =
  | { id: number; ok: true; description: FaceDescription }
  | { id: number; ok: false; message: string };

/** The detector's confidence from which a detection counts as a face. */
const MIN_CONFIDENCE = 0.5;

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

let loading: Promise<void> | null = null;

/** Loads the WASM backend and the three models from the installed packages (no download). */
function ensureLoaded(): Promise<void> {
  loading ??= (async () => {
    setWasmPaths(`${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend did not start');
    await tf.ready();
    const models = path.join(packageDir('@vladmandic/face-api'), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Finds the faces, keeps the largest (the person in front of the camera; a passer-by behind does
 * not fail the check), aligns it by its 68 landmarks and computes its 128-number descriptor.
 */
async function describeLargestFace(image: RgbImage): Promise<FaceDescription> {
  const input = faceapi.tf.tensor3d(image.rgb, [image.height, image.width, 3], 'int32');
  try {
    const detections = await faceapi.detectAllFaces(
      input,
      new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }),
    );
    const largest = detections.reduce<faceapi.FaceDetection | null>(
      (best, detection) => (best && best.box.area >= detection.box.area ? best : detection),
      null,
    );
    if (!largest) return { kind: 'no-face' };
    const [face] = await faceapi.extractFaceTensors(input, [largest]);
    if (!face) return { kind: 'no-face' };
    const landmarks = await faceapi.nets.faceLandmark68Net
      .detectLandmarks(face)
      .finally(() => face.dispose());
    if (Array.isArray(landmarks)) throw new Error('face-api answered landmarks for several faces');
    const located = faceapi.extendWithFaceLandmarks(faceapi.extendWithFaceDetection({}, largest), landmarks);
    const [aligned] = await faceapi.extractFaceTensors(input, [located.alignedRect]);
    if (!aligned) return { kind: 'no-face' };
    const descriptor = await faceapi.nets.faceRecognitionNet
      .computeFaceDescriptor(aligned)
      .finally(() => aligned.dispose());
    if (Array.isArray(descriptor)) throw new Error('face-api answered descriptors for several faces');
    return { kind: 'face', descriptor, faces: detections.length };
  } finally {
    input.dispose();
  }
}

async function answer(request: DescribeRequest): Promise<DescribeReply> {
  try {
    await ensureLoaded();
    let image: RgbImage;
    try {
      image = decodeFaceImage(request.bytes, request.info);
    } catch (error) {
      if (error instanceof FaceImageError) {
        return { id: request.id, ok: true, description: { kind: 'unreadable', reason: error.message } };
      }
      throw error;
    }
    return { id: request.id, ok: true, description: await describeLargestFace(image) };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const port = parentPort;
if (port) {
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: DescribeRequest) => {
    queue = queue.then(async () => port.postMessage(await answer(request)));
  });
}
