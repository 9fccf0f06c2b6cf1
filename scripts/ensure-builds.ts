import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const APPS = ['h5', 'admin'] as const;
export type AppName = (typeof APPS)[number];

/** Everything a front-end build depends on: the app itself, the shared packages it imports, the lockfile. */
function buildInputs(app: AppName): string[] {
  return [
    path.join(ROOT, app, 'src'),
    path.join(ROOT, app, 'public'),
    path.join(ROOT, app, 'index.html'),
    path.join(ROOT, app, 'vite.config.ts'),
    path.join(ROOT, app, 'package.json'),
    path.join(ROOT, app, 'tsconfig.json'),
    path.join(ROOT, 'config', 'src'),
    path.join(ROOT, 'api', 'src', 'contract'),
    path.join(ROOT, 'package-lock.json'),
    // The build plugins both apps use (bundle budget, precompression, page shells).
    ...(app === 'h5' ? [] : [path.join(ROOT, 'h5', 'src', 'build')]),
  ];
}

function listFiles(target: string): string[] {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [target];
  return fs
    .readdirSync(target)
    .sort()
    .flatMap((name) => listFiles(path.join(target, name)));
}

/** A hash of the build inputs' paths and contents; equal hashes mean the existing build is current. */
export function sourceHash(app: AppName): string {
  const hash = createHash('sha256');
  for (const file of buildInputs(app).flatMap(listFiles)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (app: AppName) => path.join(ROOT, app, 'dist', '.source-hash');
const lockDir = (app: AppName) => path.join(ROOT, app, '.build-lock');
/** A build never takes this long; an older lock was left by a process that died. */
const STALE_LOCK_MS = 10 * 60 * 1000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` holding the app's build lock, so processes starting together (the browser test files
 * run in parallel) never build into the same folder at once; the others wait, then find the build
 * current. The lock is a directory (created atomically); a stale one is taken over.
 */
function withBuildLock<T>(app: AppName, fn: () => T): T {
  const dir = lockDir(app);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(dir, { recursive: true, force: true });
      else sleepSync(200);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds each app whose sources changed since its last build (or every app with `force`) and
 * returns the names built. Throws when a build fails.
 */
export function ensureBuilds(options: { force?: boolean; log?: (line: string) => void } = {}): AppName[] {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const built: AppName[] = [];
  for (const app of APPS) {
    const done = withBuildLock(app, () => buildIfChanged(app, options.force ?? false, log));
    if (done) built.push(app);
  }
  return built;
}

/** Builds one app unless its build is current (checked under the lock); answers whether it built. */
function buildIfChanged(app: AppName, force: boolean, log: (line: string) => void): boolean {
  const hash = sourceHash(app);
  const stamp = fs.existsSync(stampFile(app)) ? fs.readFileSync(stampFile(app), 'utf8').trim() : '';
  if (!force && stamp === hash && fs.existsSync(path.join(ROOT, app, 'dist', 'index.html'))) {
    log(`${app}: build is current`);
    return false;
  }
  log(`${app}: building...`);
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: path.join(ROOT, app),
      stdio: 'inherit',
      // Always a production build: under jest NODE_ENV is `test`, which Vite would build with
      // React's development code (larger, slower, over the H5 budget).
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`${app}: vite build failed (exit ${result.status})`);
  fs.writeFileSync(stampFile(app), `${hash}\n`);
  return true;
}

if (require.main === module) {
  try {
    ensureBuilds({ force: process.argv.includes('--force') });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
