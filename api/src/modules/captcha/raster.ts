import { randomInt } from 'node:crypto';
import { encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Rgb } from '../storage/png';

/**
 * A small RGB(A) raster for the captchas: shapes filled with anti-aliasing (nonzero rule, 4x4
 * samples a pixel), pixel noise, and PNG or JPEG output. Captchas are sent as pixels only, so no answer can
 * be read from markup (an SVG's coordinates or glyph outlines).
 */

export type Point = readonly [number, number];
/** One or more closed outlines; where they overlap (same direction) the shape stays filled. */
export type Shape = readonly (readonly Point[])[];

const SAMPLES = 4;

export class Raster {
  /** Red, green, blue of each pixel, 0..255, row by row. */
  readonly rgb: Float32Array;
  /** Opacity of each pixel, 0..1 (all opaque unless changed). */
  readonly alpha: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Float32Array(width * height * 3);
    this.alpha = new Float32Array(width * height).fill(1);
  }

  /** Paints every pixel with `color(x, y)`. */
  paint(color: (x: number, y: number) => Rgb): void {
    for (let y = 0; y < this.height; y += 1)
      for (let x = 0; x < this.width; x += 1) this.rgb.set(color(x, y), (y * this.width + x) * 3);
  }

  /** Blends `color` over the pixels `mask` covers (0..1 each, this raster's size) at `opacity`. */
  blend(mask: Float32Array, color: Rgb, opacity = 1): void {
    for (let i = 0; i < mask.length; i += 1) {
      const a = (mask[i] as number) * opacity;
      if (a <= 0) continue;
      for (let c = 0; c < 3; c += 1) {
        const at = i * 3 + c;
        this.rgb[at] = (this.rgb[at] as number) * (1 - a) + (color[c] as number) * a;
      }
    }
  }

  /** Fills a shape with a colour. */
  fill(shape: Shape, color: Rgb, opacity = 1): void {
    this.blend(coverage(shape, this.width, this.height), color, opacity);
  }

  /** Shifts each channel of each pixel by a random amount within ±`amount`. */
  noise(amount: number): void {
    for (let i = 0; i < this.rgb.length; i += 1)
      this.rgb[i] = (this.rgb[i] as number) + randomInt(2 * amount + 1) - amount;
  }

  /** The raster as PNG bytes (RGBA). */
  toPng(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    for (let i = 0; i < this.width * this.height; i += 1) {
      for (let c = 0; c < 3; c += 1) png.data[i * 4 + c] = clampByte(this.rgb[i * 3 + c] as number);
      png.data[i * 4 + 3] = clampByte((this.alpha[i] as number) * 255);
    }
    return PNG.sync.write(png);
  }

  /** The raster as JPEG bytes (opaque; `quality` 1..100). */
  toJpeg(quality: number): Buffer {
    const data = Buffer.alloc(this.width * this.height * 4, 255);
    for (let i = 0; i < this.width * this.height; i += 1)
      for (let c = 0; c < 3; c += 1) data[i * 4 + c] = clampByte(this.rgb[i * 3 + c] as number);
    return encodeJpeg({ data, width: this.width, height: this.height }, quality).data;
  }
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** How much of each pixel of a `width` x `height` raster a shape covers (0..1), nonzero rule. */
export function coverage(shape: Shape, width: number, height: number): Float32Array {
  const mask = new Float32Array(width * height);
  const edges: [number, number, number, number][] = [];
  for (const outline of shape)
    outline.forEach((from, i) => {
      const to = outline[(i + 1) % outline.length] as Point;
      if (from[1] !== to[1]) edges.push([from[0], from[1], to[0], to[1]]);
    });
  const share = 1 / (SAMPLES * SAMPLES);
  const crossings: [number, number][] = [];
  // Only the sample rows the shape spans.
  const ys = edges.flatMap(([, y0, , y1]) => [y0, y1]);
  const firstRow = Math.max(0, Math.floor(Math.min(...ys) * SAMPLES - 0.5));
  const lastRow = Math.min(height * SAMPLES, Math.ceil(Math.max(...ys) * SAMPLES + 0.5));
  for (let row = firstRow; row < lastRow; row += 1) {
    const y = (row + 0.5) / SAMPLES;
    crossings.length = 0;
    for (const [x0, y0, x1, y1] of edges)
      if ((y0 <= y && y < y1) || (y1 <= y && y < y0))
        crossings.push([x0 + ((y - y0) * (x1 - x0)) / (y1 - y0), y1 > y0 ? 1 : -1]);
    crossings.sort((a, b) => a[0] - b[0]);
    let winding = 0;
    const pixelRow = Math.floor(row / SAMPLES) * width;
    for (let i = 0; i < crossings.length - 1; i += 1) {
      winding += (crossings[i] as [number, number])[1];
      if (winding === 0) continue;
      const from = Math.max(0, Math.ceil((crossings[i] as [number, number])[0] * SAMPLES - 0.5));
      const to = Math.min(
        width * SAMPLES,
        Math.ceil((crossings[i + 1] as [number, number])[0] * SAMPLES - 0.5),
      );
      for (let sample = from; sample < to; sample += 1) {
        const at = pixelRow + Math.floor(sample / SAMPLES);
        mask[at] = Math.min(1, (mask[at] as number) + share);
      }
    }
  }
  return mask;
}

/** A circle as a polygon, drawn clockwise on screen like the other shapes. */
export function circle(cx: number, cy: number, r: number, steps = 32): Point[] {
  return Array.from({ length: steps }, (_, i) => {
    const angle = (2 * Math.PI * i) / steps;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
  });
}

/** A straight line `thickness` wide, as a polygon. */
export function line(from: Point, to: Point, thickness: number): Point[] {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
  const nx = (-(to[1] - from[1]) / length) * (thickness / 2);
  const ny = ((to[0] - from[0]) / length) * (thickness / 2);
  return [
    [from[0] + nx, from[1] + ny],
    [to[0] + nx, to[1] + ny],
    [to[0] - nx, to[1] - ny],
    [from[0] - nx, from[1] - ny],
  ];
}

/**
 * The outlines of SVG path data made of absolute `M`, `L`, `Q`, `C` and `Z` commands (what font
 * libraries emit), curves flattened into short segments.
 */
export function pathOutlines(d: string): Point[][] {
  const outlines: Point[][] = [];
  let current: Point[] = [];
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  let at = 0;
  const num = () => Number(tokens[at++]);
  const last = (): Point => current[current.length - 1] ?? [0, 0];
  while (at < tokens.length) {
    const command = (tokens[at++] as string).toUpperCase();
    if (command === 'M') {
      if (current.length > 2) outlines.push(current);
      current = [[num(), num()]];
    } else if (command === 'L') current.push([num(), num()]);
    else if (command === 'Q') {
      const [p0, c, p] = [last(), [num(), num()] as Point, [num(), num()] as Point];
      for (let i = 1; i <= 8; i += 1) {
        const t = i / 8;
        const u = 1 - t;
        current.push([
          u * u * p0[0] + 2 * u * t * c[0] + t * t * p[0],
          u * u * p0[1] + 2 * u * t * c[1] + t * t * p[1],
        ]);
      }
    } else if (command === 'C') {
      const [p0, c1, c2, p] = [
        last(),
        [num(), num()] as Point,
        [num(), num()] as Point,
        [num(), num()] as Point,
      ];
      for (let i = 1; i <= 10; i += 1) {
        const t = i / 10;
        const u = 1 - t;
        const bez = (k: 0 | 1) =>
          u * u * u * p0[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t * t * t * p[k];
        current.push([bez(0), bez(1)]);
      }
    } else if (command === 'Z') {
      if (current.length > 2) outlines.push(current);
      current = [];
    } else break;
  }
  if (current.length > 2) outlines.push(current);
  return outlines;
}

/** A colour from hue (0..360), saturation and lightness (0..100). */
export function hslRgb(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [Math.round(f(0)), Math.round(f(8)), Math.round(f(4))];
}

/** Image bytes as a `data:image/<type>;base64,...` URL, ready for an `<img src>`. */
export function imageDataUrl(type: 'png' | 'jpeg', bytes: Buffer): string {
  return `data:image/${type};base64,${bytes.toString('base64')}`;
}
