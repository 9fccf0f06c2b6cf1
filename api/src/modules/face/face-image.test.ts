import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { decodeFaceImage, FaceImageError, jpegOrientation, uprightRgb } from './face-image';

/** The red channel of an RGB image, row by row. */
const reds = (image: { width: number; height: number; rgb: Uint8Array }) =>
  Array.from({ length: image.height }, (_, y) =>
    Array.from({ length: image.width }, (_, x) => image.rgb[(y * image.width + x) * 3]),
  );

/** A 3 x 2 RGB image whose red is 10·x + y (green and blue 0). */
const grid = new Uint8Array([0, 0, 0, 10, 0, 0, 20, 0, 0, 1, 0, 0, 11, 0, 0, 21, 0, 0]);

/** An APP1 Exif segment (big-endian TIFF) with one entry: the orientation. */
function exifSegment(orientation: number): Buffer {
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08],
    ...[0x00, 0x01],
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00],
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

test('pixels are turned upright by the EXIF orientation', () => {
  expect(reds(uprightRgb(grid, 3, 2, 3, 1, 100))).toEqual([
    [0, 10, 20],
    [1, 11, 21],
  ]);
  // 6: stored turned left, shown turned right; 8: the other way; 3: upside down; 2: mirrored.
  expect(reds(uprightRgb(grid, 3, 2, 3, 6, 100))).toEqual([
    [1, 0],
    [11, 10],
    [21, 20],
  ]);
  expect(reds(uprightRgb(grid, 3, 2, 3, 8, 100))).toEqual([
    [20, 21],
    [10, 11],
    [0, 1],
  ]);
  expect(reds(uprightRgb(grid, 3, 2, 3, 3, 100))).toEqual([
    [21, 11, 1],
    [20, 10, 0],
  ]);
  expect(reds(uprightRgb(grid, 3, 2, 3, 2, 100))).toEqual([
    [20, 10, 0],
    [21, 11, 1],
  ]);
});

test('large images shrink by area averaging; transparent pixels turn white', () => {
  const rgba = new Uint8Array(4 * 2 * 4);
  rgba.set([100, 0, 0, 255, 200, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0], 0);
  rgba.set([100, 0, 0, 255, 200, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0], 16);
  const small = uprightRgb(rgba, 4, 2, 4, 1, 2);
  expect([small.width, small.height]).toEqual([2, 1]);
  expect(Array.from(small.rgb)).toEqual([150, 0, 0, 255, 255, 255]);
});

test('a JPEG is decoded upright by its EXIF orientation, a PNG as it is', () => {
  const pixels = Buffer.alloc(64 * 32 * 4, 255);
  const plain = encodeJpeg({ width: 64, height: 32, data: pixels }, 90).data;
  const turned = Buffer.concat([plain.subarray(0, 2), exifSegment(6), plain.subarray(2)]);
  expect(jpegOrientation(plain)).toBe(1);
  expect(jpegOrientation(turned)).toBe(6);
  const upright = decodeFaceImage(turned, { format: 'jpeg', width: 64, height: 32 });
  expect([upright.width, upright.height]).toEqual([32, 64]);

  const png = new PNG({ width: 5, height: 3 });
  png.data.fill(40);
  const decoded = decodeFaceImage(PNG.sync.write(png), { format: 'png', width: 5, height: 3 }, 4);
  expect([decoded.width, decoded.height]).toEqual([4, 2]);
});

test('WebP, oversized and broken images are refused with a reason', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof FaceImageError ? error.message : error;
    }
    return null;
  };
  expect(refusal(() => decodeFaceImage(Buffer.alloc(30), { format: 'webp', width: 640, height: 480 }))).toBe(
    '暂不支持 WebP 格式的照片，请使用 JPEG 或 PNG 格式',
  );
  expect(
    refusal(() => decodeFaceImage(Buffer.alloc(30), { format: 'jpeg', width: 8000, height: 4000 })),
  ).toBe('照片尺寸过大（超过 3000 万像素），请使用较小的照片');
  const broken = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x04, 0x01, 0x02]);
  expect(refusal(() => decodeFaceImage(broken, { format: 'jpeg', width: 10, height: 10 }))).toBe(
    '照片文件已损坏，无法读取',
  );
});
