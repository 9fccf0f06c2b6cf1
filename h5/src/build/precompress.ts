import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; smaller files are sent as they are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

/**
 * Writes `<file>.gz` and `<file>.br` next to each text file of the build (the largest compression
 * levels: it happens once, at build). The API's static server (koa-send in api/src/core/static-apps.ts)
 * sends them to browsers that accept them; without them every script went out uncompressed, about
 * three times its gzipped size, the largest cost of a first load on a slow phone network (issue 16).
 * Returns the files written.
 */
export function precompressDir(dir: string): string[] {
  const written: string[] = [];
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    written.push(`${file}.gz`, `${file}.br`);
  }
  return written;
}

/** A Vite plugin that precompresses the build output once every file is written (`precompressDir`). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'px:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const written = precompressDir(outDir);
      this.info(`precompressed ${written.length / 2} files (gzip and brotli)`);
    },
  };
}
