import fs from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');
/** Where the compiled server goes; production runs `node api/dist/main.js`. */
export const API_DIST = path.join(ROOT, 'api', 'dist');

/**
 * Every installed package stays an import resolved from node_modules at run time (esbuild's
 * `packages: 'external'`), except the repository's own workspaces (`@px/*`): those are TypeScript
 * sources that plain `node` cannot load, so they are compiled into the bundle like the API itself.
 */
const externalPackagesButWorkspaces: Plugin = {
  name: 'external-packages-but-workspaces',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@px/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * How the API is compiled (`buildApi`, and the bench's compiled server, test/bench/run.ts): bundled
 * CommonJS for node 20 with source maps, `PX_BUNDLED` defined (api/src/paths.ts), every installed
 * package left to node_modules. `outdir` must sit two folders below the repository root, as
 * api/dist does, so `api/src/paths.ts` finds the root from the bundle.
 */
export function apiBundleOptions(outdir: string, entryPoints: Record<string, string>): BuildOptions {
  return {
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Stack traces name the source files (`node --enable-source-maps`, set by the bundle's banner).
    sourcesContent: false,
    plugins: [externalPackagesButWorkspaces],
    define: { PX_BUNDLED: 'true' },
    banner: { js: 'process.setSourceMapsEnabled?.(true);' },
    metafile: true,
    logLevel: 'warning',
  };
}

/**
 * Compiles the API for production with esbuild (`apiBundleOptions`): `api/src/main.ts` ->
 * `api/dist/main.js` and the face-recognition worker beside it (`face-api.worker.js`; workers
 * are files of their own). Why esbuild (docs/operations.md "Build"): it is already installed (tsx
 * and Vite run on it, so the compiled code is the code the tests run), it bundles the `@px/*`
 * workspaces that `tsc` emit would leave as `.ts` imports, and it takes about a second; type
 * checking stays with `npm run typecheck`. Answers the files written.
 */
export async function buildApi(options: { log?: (line: string) => void } = {}): Promise<string[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const started = Date.now();
  // Built beside the old one, then swapped in: a server running or starting from api/dist (another
  // test's, say) never sees half a bundle. Same depth as api/dist, so `api/src/paths.ts` holds.
  const building = path.join(ROOT, 'api', `.dist-${process.pid}-${Date.now()}`);
  const result = await build(
    apiBundleOptions(building, {
      main: 'api/src/main.ts',
      'face-api.worker': 'api/src/modules/face/face-api.worker.ts',
    }),
  );
  const old = `${building}-old`;
  if (fs.existsSync(API_DIST)) fs.renameSync(API_DIST, old);
  fs.renameSync(building, API_DIST);
  fs.rmSync(old, { recursive: true, force: true });
  const files = Object.keys(result.metafile?.outputs ?? {}).map((file) =>
    path.join(API_DIST, path.relative(building, path.resolve(ROOT, file))),
  );
  log(`api: built ${path.relative(ROOT, API_DIST)}/main.js in ${Date.now() - started} ms`);
  return files;
}

if (require.main === module) {
  buildApi().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
