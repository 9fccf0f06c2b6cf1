import { randomInt } from 'node:crypto';

/** Sizes of the slider puzzle in pixels (the background and the piece's bounding box). */
export const SLIDER_SIZE = { width: 310, height: 155, piece: 47 } as const;

/**
 * The puzzle outline inside its 47x47 box: a 36x36 square with a knob on top and one on the right
 * (arcs of radius 7), drawn clockwise.
 */
const PIECE_PATH = 'M2 9H13A7 7 0 1 1 27 9H38V20A7 7 0 1 1 38 34V45H2Z';

export interface SliderImages {
  /** The background with the gap, as SVG text. */
  background: string;
  /** The piece cut out of the same background, as SVG text. */
  piece: string;
  /** Where the piece belongs: `x` is the answer (kept on the server), `y` is shown. */
  x: number;
  y: number;
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${hue} ${saturation}% ${lightness}%)`;

/** A random scene: a two-colour gradient, soft shapes and a few lines, so every puzzle differs. */
function drawScene(width: number, height: number): { defs: string; body: string } {
  const hue = randomInt(360);
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 62)}"/><stop offset="1" stop-color="${hsl((hue + 40 + randomInt(80)) % 360, 60, 45)}"/></linearGradient>`;
  const shapes: string[] = [`<rect width="${width}" height="${height}" fill="url(#bg)"/>`];
  for (let i = 0; i < 14; i += 1) {
    const fill = hsl(randomInt(360), 50 + randomInt(40), 35 + randomInt(40));
    const opacity = (0.25 + randomInt(50) / 100).toFixed(2);
    const cx = randomInt(width);
    const cy = randomInt(height);
    if (pick([true, false])) {
      shapes.push(
        `<circle cx="${cx}" cy="${cy}" r="${8 + randomInt(34)}" fill="${fill}" fill-opacity="${opacity}"/>`,
      );
    } else {
      const points = Array.from(
        { length: 3 + randomInt(3) },
        () => `${cx + randomInt(90) - 45},${cy + randomInt(90) - 45}`,
      );
      shapes.push(`<polygon points="${points.join(' ')}" fill="${fill}" fill-opacity="${opacity}"/>`);
    }
  }
  for (let i = 0; i < 5; i += 1) {
    const stroke = hsl(randomInt(360), 30, 85);
    shapes.push(
      `<line x1="${randomInt(width)}" y1="${randomInt(height)}" x2="${randomInt(width)}" y2="${randomInt(height)}" stroke="${stroke}" stroke-opacity="0.5" stroke-width="${1 + randomInt(3)}"/>`,
    );
  }
  return { defs, body: shapes.join('') };
}

/**
 * Draws a slider puzzle: the gap lies at a random x in the right part of the background (never
 * where the piece starts) and a random y; the piece shows the same scene through the same outline.
 */
export function drawSliderImages(): SliderImages {
  const { width, height, piece } = SLIDER_SIZE;
  const x = piece + 20 + randomInt(width - 2 * piece - 30 + 1);
  const y = 4 + randomInt(height - piece - 8 + 1);
  const scene = drawScene(width, height);
  const svg = (w: number, h: number, content: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${content}</svg>`;
  const background = svg(
    width,
    height,
    `<defs>${scene.defs}</defs>${scene.body}<path d="${PIECE_PATH}" transform="translate(${x} ${y})" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5"/>`,
  );
  const pieceSvg = svg(
    piece,
    piece,
    `<defs>${scene.defs}<clipPath id="cut"><path d="${PIECE_PATH}"/></clipPath></defs><g clip-path="url(#cut)"><g transform="translate(${-x} ${-y})">${scene.body}</g></g><path d="${PIECE_PATH}" fill="none" stroke="#fff" stroke-width="1.5"/>`,
  );
  return { background, piece: pieceSvg, x, y };
}

/** An SVG as a `data:image/svg+xml;base64,...` URL, ready for an `<img src>`. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
