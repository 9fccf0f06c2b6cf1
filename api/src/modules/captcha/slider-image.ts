import { randomInt } from 'node:crypto';
import { mixRgb, type Rgb } from '../storage/png';
import { circle, coverage, hslRgb, line, type Point, Raster, type Shape } from './raster';

/** Sizes of the slider puzzle in pixels (the background and the piece's bounding box). */
export const SLIDER_SIZE = { width: 310, height: 155, piece: 47 } as const;

/**
 * The puzzle outline inside its 47x47 box: a 36x36 square with a round knob on top and one on the
 * right (radius 7), all drawn in the same direction so the nonzero rule unites them.
 */
const PIECE_SHAPE: Shape = [
  [
    [2, 9],
    [38, 9],
    [38, 45],
    [2, 45],
  ],
  circle(20, 9, 7),
  circle(38, 27, 7),
];

export interface SliderImages {
  /** The background with the gap, as JPEG bytes (the gap exists only as pixels). */
  background: Buffer;
  /** The piece cut out of the same scene, as PNG bytes with transparency. */
  piece: Buffer;
  /** Where the piece belongs: `x` is the answer (kept on the server), `y` is shown. */
  x: number;
  y: number;
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;

/** A random scene: a two-colour gradient, soft shapes and a few lines, so every puzzle differs. */
function drawScene(width: number, height: number): Raster {
  const scene = new Raster(width, height);
  const hue = randomInt(360);
  const from = hslRgb(hue, 55, 62);
  const to = hslRgb((hue + 40 + randomInt(80)) % 360, 60, 45);
  scene.paint((x, y) => mixRgb(from, to, (x / width + y / height) / 2));
  for (let i = 0; i < 14; i += 1) {
    const color = hslRgb(randomInt(360), 50 + randomInt(40), 35 + randomInt(40));
    const opacity = 0.25 + randomInt(50) / 100;
    const cx = randomInt(width);
    const cy = randomInt(height);
    const shape: Point[] = pick([true, false])
      ? circle(cx, cy, 8 + randomInt(34))
      : Array.from(
          { length: 3 + randomInt(3) },
          () => [cx + randomInt(90) - 45, cy + randomInt(90) - 45] as const,
        );
    scene.fill([shape], color, opacity);
  }
  for (let i = 0; i < 5; i += 1) {
    const ends: [Point, Point] = [
      [randomInt(width), randomInt(height)],
      [randomInt(width), randomInt(height)],
    ];
    scene.fill([line(ends[0], ends[1], 1 + randomInt(3))], hslRgb(randomInt(360), 30, 85), 0.5);
  }
  return scene;
}

/** The piece's coverage in its own box, and the band along its outline (where it meets its edge). */
function pieceMasks(size: number): { inside: Float32Array; outline: Float32Array } {
  const inside = coverage(PIECE_SHAPE, size, size);
  const outline = new Float32Array(inside.length);
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      let least = 1;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          const value = nx < 0 || ny < 0 || nx >= size || ny >= size ? 0 : (inside[ny * size + nx] as number);
          least = Math.min(least, value);
        }
      outline[y * size + x] = Math.max(0, (inside[y * size + x] as number) - least);
    }
  return { inside, outline };
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * Draws a slider puzzle as a JPEG background and a PNG piece (with transparency): the gap lies at a random x in the right part of the
 * background (never where the piece starts) and a random y; the piece shows the same scene
 * through the same outline. Each image gets its own pixel noise, so the two never match exactly.
 */
export function drawSliderImages(): SliderImages {
  const { width, height, piece: size } = SLIDER_SIZE;
  const x = size + 20 + randomInt(width - 2 * size - 30 + 1);
  const y = 4 + randomInt(height - size - 8 + 1);
  const scene = drawScene(width, height);
  const { inside, outline } = pieceMasks(size);

  const piece = new Raster(size, size);
  piece.paint((px, py) => {
    const at = ((py + y) * width + px + x) * 3;
    return [scene.rgb[at] as number, scene.rgb[at + 1] as number, scene.rgb[at + 2] as number];
  });
  piece.blend(outline, WHITE, 0.9);
  piece.alpha.set(inside);
  piece.noise(6);

  // The gap: the same masks placed at (x, y) on the whole background.
  const place = (mask: Float32Array) => {
    const placed = new Float32Array(width * height);
    for (let py = 0; py < size; py += 1)
      placed.set(mask.subarray(py * size, (py + 1) * size), (py + y) * width + x);
    return placed;
  };
  scene.blend(place(inside), BLACK, 0.45);
  scene.blend(place(outline), WHITE, 0.8);
  scene.noise(10);
  return { background: scene.toJpeg(80), piece: piece.toPng(), x, y };
}
