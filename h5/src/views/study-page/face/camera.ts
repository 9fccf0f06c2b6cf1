import { drawJpeg } from '../../../utils/image-file';

/**
 * The front camera outside WeChat (`getUserMedia`), and a JPEG snapshot of what it shows: the face
 * check's capture. `getUserMedia` needs a secure page (https or localhost) and the student's consent.
 */

/** The longest side of a snapshot: enough for a face, small to upload. */
export const SNAPSHOT_MAX_SIDE = 960;

/** Whether the browser can open a camera here (a secure page with `mediaDevices`). */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Opens the front camera (no sound). Rejects when there is none or the student refused. */
export function openFrontCamera(): Promise<MediaStream> {
  if (!cameraAvailable()) return Promise.reject(new Error('当前浏览器不能打开摄像头'));
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
}

/** Turns the camera off (every track of the stream). */
export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The frame a playing `<video>` shows, as a JPEG (scaled down to SNAPSHOT_MAX_SIDE). Rejects when
 * the camera shows nothing yet or the browser cannot encode it.
 */
export function snapshotJpeg(video: HTMLVideoElement): Promise<Blob> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return Promise.reject(new Error('摄像头尚未就绪，请稍候再拍'));
  return drawJpeg(video, width, height, SNAPSHOT_MAX_SIDE);
}
