/**
 * Decodes a reference photo or a capture into RGB pixels for the face model, in pure JavaScript
 * (jpeg-js, pngjs): upright as the camera meant it (JPEG EXIF orientation) and no larger than the
 * model needs, so a 12-megapixel phone photo costs tens, not hundreds, of megabytes.
 */
import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ImageInfo } from '../storage/image';

/** Upright RGB pixels, row by row (3 bytes a pixel). */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** Why an image cannot be given to the face model (message in Chinese, shown to the student). */
export class FaceImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaceImageError';
  }
}

/** The longest side the face model gets: the detector works at 512 px, faces keep ample detail. */
export const FACE_IMAGE_MAX_SIDE = 1280;

/** The largest image decoded at all (a phone's photo is 12 MP; 30 MP bounds the decoder's memory). */
export const FACE_IMAGE_MAX_PIXELS = 30_000_000;

export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/**
 * The EXIF orientation of a JPEG (1 = upright when none is given): the APP1 "Exif" segment's first
 * IFD, tag 0x0112. Phones store photos as the sensor saw them and say how to turn them here.
 */
export function jpegOrientation(bytes: Uint8Array): Orientation {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= view.length && view[offset] === 0xff) {
    const marker = view[offset + 1] as number;
    if (marker === 0xda || marker === 0xd9) break;
    const length = view.readUInt16BE(offset + 2);
    const body = offset + 4;
    if (marker === 0xe1 && view.toString('latin1', body, body + 6) === 'Exif\0\0') {
      return exifOrientation(view.subarray(body + 6, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return 1;
}

function exifOrientation(tiff: Buffer): Orientation {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? (value as Orientation) : 1;
    }
  }
  return 1;
}

/**
 * Where the upright pixel (x, y) lies in the stored image of `width` x `height`, as a pixel index
 * `origin + x * stepX + y * stepY` (each orientation is a flip and/or a transpose).
 */
function sourceIndex(orientation: Orientation, width: number, height: number) {
  const last = (height - 1) * width;
  const steps: Record<Orientation, [origin: number, stepX: number, stepY: number]> = {
    1: [0, 1, width],
    2: [width - 1, -1, width],
    3: [last + width - 1, -1, -width],
    4: [last, 1, -width],
    5: [0, width, 1],
    6: [last, -width, 1],
    7: [last + width - 1, -width, -1],
    8: [width - 1, width, -1],
  };
  const [origin, stepX, stepY] = steps[orientation];
  return { origin, stepX, stepY };
}

/**
 * Turns decoded pixels (`channels` 3 = RGB or 4 = RGBA, blended over white) upright and shrinks
 * them by area averaging so that the longest side is at most `maxSide`.
 */
export function uprightRgb(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  orientation: Orientation,
  maxSide: number,
): RgbImage {
  const turned = orientation >= 5;
  const uprightWidth = turned ? height : width;
  const uprightHeight = turned ? width : height;
  const factor = Math.max(1, Math.max(uprightWidth, uprightHeight) / maxSide);
  if (factor === 1 && orientation === 1 && channels === 3) return { width, height, rgb: pixels };
  const outWidth = Math.max(1, Math.round(uprightWidth / factor));
  const outHeight = Math.max(1, Math.round(uprightHeight / factor));
  const { origin, stepX, stepY } = sourceIndex(orientation, width, height);
  const rgb = new Uint8Array(outWidth * outHeight * 3);
  for (let y = 0; y < outHeight; y += 1) {
    const top = Math.floor(y * factor);
    const bottom = Math.min(uprightHeight, Math.max(top + 1, Math.floor((y + 1) * factor)));
    for (let x = 0; x < outWidth; x += 1) {
      const left = Math.floor(x * factor);
      const right = Math.min(uprightWidth, Math.max(left + 1, Math.floor((x + 1) * factor)));
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let uy = top; uy < bottom; uy += 1) {
        for (let ux = left; ux < right; ux += 1) {
          const at = (origin + ux * stepX + uy * stepY) * channels;
          const alpha = channels === 4 ? (pixels[at + 3] as number) / 255 : 1;
          const white = 255 * (1 - alpha);
          red += (pixels[at] as number) * alpha + white;
          green += (pixels[at + 1] as number) * alpha + white;
          blue += (pixels[at + 2] as number) * alpha + white;
        }
      }
      const count = (bottom - top) * (right - left);
      const out = (y * outWidth + x) * 3;
      rgb[out] = Math.round(red / count);
      rgb[out + 1] = Math.round(green / count);
      rgb[out + 2] = Math.round(blue / count);
    }
  }
  return { width: outWidth, height: outHeight, rgb };
}

/**
 * Decodes a JPEG or PNG (format and size as probed from its content) into upright RGB of at most
 * `maxSide` a side. Throws FaceImageError for WebP (no pure-JavaScript decoder), an image of more
 * than FACE_IMAGE_MAX_PIXELS, or content the decoder cannot read.
 */
export function decodeFaceImage(
  bytes: Uint8Array,
  info: Pick<ImageInfo, 'format' | 'width' | 'height'>,
  maxSide = FACE_IMAGE_MAX_SIDE,
): RgbImage {
  if (info.format === 'webp') throw new FaceImageError('暂不支持 WebP 格式的照片，请使用 JPEG 或 PNG 格式');
  if (info.width * info.height > FACE_IMAGE_MAX_PIXELS) {
    throw new FaceImageError('照片尺寸过大（超过 3000 万像素），请使用较小的照片');
  }
  try {
    if (info.format === 'jpeg') {
      const decoded = decodeJpeg(bytes, {
        useTArray: true,
        formatAsRGBA: false,
        maxResolutionInMP: FACE_IMAGE_MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      return uprightRgb(decoded.data, decoded.width, decoded.height, 3, jpegOrientation(bytes), maxSide);
    }
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return uprightRgb(png.data, png.width, png.height, 4, 1, maxSide);
  } catch (error) {
    if (error instanceof FaceImageError) throw error;
    throw new FaceImageError('照片文件已损坏，无法读取');
  }
}
