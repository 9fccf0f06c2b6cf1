/** What an image file is, read from its bytes (never from its name or the declared type). */
export interface ImageInfo {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

/** Why a file is not a readable image. */
export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageError';
  }
}

export const NOT_IMAGE = '图片格式不正确，仅支持 PNG、JPEG、WebP 格式';
const BROKEN = '图片文件已损坏，无法读取尺寸';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function sized(format: ImageInfo['format'], width: number, height: number): ImageInfo {
  if (!(width > 0 && height > 0)) throw new ImageError(BROKEN);
  return { format, contentType: `image/${format}`, width, height };
}

/** PNG: the signature, then IHDR first with width and height (big-endian). */
function probePng(bytes: Buffer): ImageInfo {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new ImageError(BROKEN);
  return sized('png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 but DHT, JPG, DAC). */
function probeJpeg(bytes: Buffer): ImageInfo {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw new ImageError(BROKEN);
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // end of image, start of scan: no frame before
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) throw new ImageError(BROKEN);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) break;
      return sized('jpeg', bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    offset += 2 + length;
  }
  throw new ImageError(BROKEN);
}

/** GIF: `GIF87a` or `GIF89a`, then the logical screen's width and height (little-endian). */
function probeGif(bytes: Buffer): ImageInfo {
  if (bytes.length < 10) throw new ImageError(BROKEN);
  return sized('gif', bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

/** WebP: RIFF....WEBP, then the first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function probeWebp(bytes: Buffer): ImageInfo {
  if (bytes.length < 30) throw new ImageError(BROKEN);
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) throw new ImageError(BROKEN);
    return sized('webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) throw new ImageError(BROKEN);
    const bits = bytes.readUInt32LE(21);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return sized('webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  throw new ImageError(BROKEN);
}

/**
 * Reads the format and pixel size of a PNG, JPEG, GIF or WebP image from its first bytes (the header;
 * a JPEG's frame header may lie further in, so pass the whole file for JPEG). Throws ImageError
 * (message in Chinese) for any other content or a header that cannot be read.
 */
export function probeImage(bytes: Buffer): ImageInfo {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return probePng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return probeJpeg(bytes);
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return probeGif(bytes);
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return probeWebp(bytes);
  throw new ImageError(NOT_IMAGE);
}
