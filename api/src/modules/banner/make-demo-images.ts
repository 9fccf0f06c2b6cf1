/**
 * Writes the demo banners under `demo-images/` (run once by hand: `npx tsx make-demo-images.ts`);
 * the product only reads the committed files. A minimal PNG encoder (8-bit RGB, filter 0, zlib) so no
 * image tool is needed: a diagonal gradient with a few light shapes standing in for artwork.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes `pixel(x, y)` as an RGB PNG of `width` x `height`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => {
  const at = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * t);
  return [at(0), at(1), at(2)];
};

function banner(from: Rgb, to: Rgb, shapes: ((x: number, y: number) => number)[]): Buffer {
  const [width, height] = [750, 300];
  return encodePng(width, height, (x, y) => {
    let colour = mix(from, to, (x / width) * 0.7 + (y / height) * 0.3);
    for (const shape of shapes) colour = mix(colour, [255, 255, 255], shape(x, y));
    return colour;
  });
}

const circle = (cx: number, cy: number, r: number, alpha: number) => (x: number, y: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r ? alpha : 0;
const bar = (x0: number, y0: number, x1: number, y1: number, alpha: number) => (x: number, y: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1 ? alpha : 0;

if (require.main === module) {
  const dir = path.join(__dirname, 'demo-images');
  fs.mkdirSync(dir, { recursive: true });
  const files: Record<string, Buffer> = {
    'banner-safety.png': banner(
      [30, 111, 217],
      [94, 200, 242],
      [circle(620, 90, 80, 0.25), bar(60, 120, 360, 170, 0.95), bar(60, 200, 420, 224, 0.6)],
    ),
    'banner-skills.png': banner(
      [242, 139, 48],
      [249, 215, 126],
      [circle(130, 230, 90, 0.3), bar(300, 110, 690, 160, 0.95), bar(300, 190, 560, 214, 0.6)],
    ),
    'banner-first-aid.png': banner(
      [46, 158, 106],
      [168, 230, 184],
      [bar(560, 70, 620, 230, 0.9), bar(510, 120, 670, 180, 0.9), bar(50, 110, 400, 160, 0.95)],
    ),
  };
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
}
