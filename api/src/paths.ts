import path from 'node:path';

declare const PX_BUNDLED: boolean | undefined;

/**
 * Whether this code runs from the compiled bundle (`npm run build` -> `api/dist/main.js`, run with
 * plain `node`) rather than from the TypeScript sources (tsx, jest). esbuild defines `PX_BUNDLED`.
 */
export const BUNDLED = typeof PX_BUNDLED !== 'undefined' && PX_BUNDLED === true;

/**
 * The repository root. This file (`api/src/paths.ts`) and the bundle it is compiled into
 * (`api/dist/main.js`) both sit two folders below it, so `../..` holds in either. Code that reads a
 * file shipped in the repository (fonts, demo media, a worker) names it from here, never from its
 * own `__dirname`: in the bundle every module's `__dirname` is `api/dist`.
 */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** A path inside the API package: `apiPath('assets', 'fonts', 'x.ttf')`. */
export const apiPath = (...parts: string[]): string => path.join(REPO_ROOT, 'api', ...parts);
