import { randomInt } from 'node:crypto';
import { create as createSvgCaptcha } from 'svg-captcha';
import type { Rgb } from '../storage/png';
import { hslRgb, line, pathOutlines, Raster } from './raster';

/** Image code: 4 characters, none that look like another (no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V). */
export const IMAGE_CODE_CHARS = 'ACEFHJKMNPRTWXY34679';
export const IMAGE_CODE_LENGTH = 4;
export const IMAGE_CODE_SIZE = { width: 120, height: 40 } as const;

const BACKGROUND: Rgb = [0xf2, 0xf6, 0xfc];
const hexRgb = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/**
 * A new image code as PNG bytes and its text. svg-captcha chooses the characters and lays out their
 * jittered glyph outlines; they are drawn here as pixels with crossing lines and pixel noise, so
 * the text cannot be read from the glyph outlines an SVG would carry.
 */
export function drawImageCode(): { text: string; png: Buffer } {
  const { width, height } = IMAGE_CODE_SIZE;
  const { text, data } = createSvgCaptcha({
    size: IMAGE_CODE_LENGTH,
    charPreset: IMAGE_CODE_CHARS,
    noise: 0,
    color: true,
    width,
    height,
    fontSize: 44,
  });
  const image = new Raster(width, height);
  image.paint(() => BACKGROUND);
  for (const [, color, d] of data.matchAll(/<path fill="(#[0-9a-f]{6})" d="([^"]+)"/gi))
    image.fill(pathOutlines(d as string), hexRgb(color as string));
  for (let i = 0; i < 3; i += 1) {
    const from = [randomInt(width / 4), randomInt(height)] as const;
    const to = [width - randomInt(width / 4), randomInt(height)] as const;
    image.fill([line(from, to, 1 + randomInt(2))], hslRgb(randomInt(360), 60, 55), 0.8);
  }
  image.noise(24);
  return { text: text.toUpperCase(), png: image.toPng() };
}
