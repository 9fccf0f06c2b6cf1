/**
 * Writes the demo banners under `demo-images/` (run once by hand: `npx tsx make-demo-images.ts`);
 * the product only reads the committed files: a diagonal gradient with a few light shapes standing in
 * for artwork (encoded by storage/png.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodePng, mixRgb as mix, type Rgb } from '../storage/png';

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
