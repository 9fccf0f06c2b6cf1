import fs from 'node:fs';
import path from 'node:path';
import { decode as decodeJpeg } from 'jpeg-js';
import { loadEnv } from '../../env';
import { probeImage } from '../storage/image';
import { encodePng } from '../storage/png';
import { FACE_API_THRESHOLD, faceApiProvider, faceScore, stopFaceApiEngine } from './face-api-provider';
import { createFaceProvider, type FaceImage } from './face-provider';

// The photos that come with the package: group photos of different women, taken apart.
const DEMO_DIR = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const image = (bytes: Buffer): FaceImage => ({ bytes, info: probeImage(bytes) });
const sample = (name: string) => image(fs.readFileSync(path.join(DEMO_DIR, name)));

/** A mirrored close-up of sample1's largest face, as a front camera takes it, as a PNG. */
function mirroredCloseUp(): FaceImage {
  const photo = decodeJpeg(fs.readFileSync(path.join(DEMO_DIR, 'sample1.jpg')), { useTArray: true });
  const [left, top, side] = [1280, 20, 600];
  return image(
    encodePng(side, side, (x, y) => {
      const at = ((top + y) * photo.width + left + side - 1 - x) * 4;
      return [photo.data[at] ?? 0, photo.data[at + 1] ?? 0, photo.data[at + 2] ?? 0];
    }),
  );
}

afterAll(() => stopFaceApiEngine());

// The first comparison loads the WASM backend and the models in the worker thread: allow for it.
test('the same photo against itself passes with the full score (loads the models once)', async () => {
  const photo = sample('sample1.jpg');
  expect(await faceApiProvider.compare(photo, photo)).toEqual({
    score: 1,
    passed: true,
    simulated: false,
    reason: null,
  });
}, 120_000);

test('a mirrored close-up of the same face, decoded from PNG, passes', async () => {
  const outcome = await faceApiProvider.compare(sample('sample1.jpg'), mirroredCloseUp());
  expect(outcome).toMatchObject({ passed: true, simulated: false, reason: null });
  expect(outcome.score).toBeGreaterThanOrEqual(FACE_API_THRESHOLD);
  expect(outcome.score).toBeLessThan(1);
}, 60_000);

test('two different people fail with a low score', async () => {
  const outcome = await faceApiProvider.compare(sample('sample1.jpg'), sample('sample5.jpg'));
  expect(outcome).toMatchObject({
    passed: false,
    simulated: false,
    reason: '与人脸照片不符，请本人正对镜头重新拍摄',
  });
  expect(outcome.score).toBeLessThan(FACE_API_THRESHOLD);
}, 60_000);

test('a capture without a face fails as no face found; a reference without one asks for another', async () => {
  const blank = image(encodePng(320, 240, (x, y) => [x % 256, y % 256, 128]));
  expect(await faceApiProvider.compare(sample('sample1.jpg'), blank)).toEqual({
    score: 0,
    passed: false,
    simulated: false,
    reason: '未检测到人脸，请正对镜头重新拍摄',
  });
  expect(await faceApiProvider.compare(blank, sample('sample1.jpg'))).toMatchObject({
    passed: false,
    reason: '人脸照片中未检测到人脸，请在“我的”中重新上传',
  });
}, 60_000);

test('a WebP capture is refused with the reason (no pure-JavaScript decoder)', async () => {
  const webp = Buffer.alloc(30);
  webp.write('RIFF', 0, 'latin1');
  webp.writeUInt32LE(22, 4);
  webp.write('WEBPVP8 ', 8, 'latin1');
  webp.set([0x9d, 0x01, 0x2a], 23);
  webp.writeUInt16LE(640, 26);
  webp.writeUInt16LE(480, 28);
  expect(await faceApiProvider.compare(sample('sample1.jpg'), image(webp))).toMatchObject({
    passed: false,
    reason: '暂不支持 WebP 格式的照片，请使用 JPEG 或 PNG 格式',
  });
}, 60_000);

test('the score is 1 − distance, passing from distance 0.5', () => {
  expect([faceScore(0), faceScore(0.25), faceScore(0.5), faceScore(1.4)]).toEqual([1, 0.75, 0.5, 0]);
  expect(FACE_API_THRESHOLD).toBe(0.5);
});

test('FACE_PROVIDER picks the provider: the simulator by default under NODE_ENV=test, face-api otherwise', () => {
  const provider = (source: NodeJS.ProcessEnv) => createFaceProvider(loadEnv(source).FACE_PROVIDER).name;
  expect(provider({ NODE_ENV: 'test' })).toBe('simulator');
  expect(provider({ NODE_ENV: 'test', FACE_PROVIDER: 'face-api' })).toBe('face-api');
  expect(provider({ NODE_ENV: 'development' })).toBe('face-api');
  expect(provider({ NODE_ENV: 'production', PUBLIC_URL: 'https://px.example.com' })).toBe('face-api');
  expect(provider({ FACE_PROVIDER: 'simulator' })).toBe('simulator');
  expect(() => loadEnv({ FACE_PROVIDER: 'cloud' })).toThrow(/FACE_PROVIDER/);
});
