import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

/** A built single-page app and the URL prefix it is served under. */
export interface StaticApp {
  /** `/admin` or `` for the root. */
  prefix: string;
  /** The app's build output (contains index.html). */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves built apps with history-mode routing: a file that exists is sent (hashed assets cached
 * for a year, everything else revalidated); a path with a prerendered page of its own
 * (`<path>/index.html` in the build) gets that page; any other GET under the prefix gets the app's
 * index.html so the client router decides. `/api` is never answered here.
 */
export function serveStaticApps(apps: StaticApp[]): Middleware {
  const ordered = [...apps].sort((a, b) => b.prefix.length - a.prefix.length);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    const app = ordered.find(
      (candidate) => ctx.path === candidate.prefix || ctx.path.startsWith(`${candidate.prefix}/`),
    );
    if (!app) return next();
    if (app.prefix && ctx.path === app.prefix) {
      ctx.redirect(`${app.prefix}/`);
      return;
    }
    const relative = ctx.path.slice(app.prefix.length) || '/';
    const indexFile = path.join(app.distDir, 'index.html');
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `This app is not built yet: run "npm run build" (missing ${indexFile}).`;
      return;
    }
    if (relative !== '/' && (await sendFile(ctx, app.distDir, relative))) return;
    // A page the build prerendered (h5/src/build/page-shells.ts): its own HTML, with its screen preloaded.
    if (relative !== '/' && (await sendFile(ctx, app.distDir, `${relative.replace(/\/+$/, '')}/index.html`)))
      return;
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    await send(ctx, 'index.html', { root: app.distDir });
  };
}

async function sendFile(ctx: Parameters<Middleware>[0], root: string, relative: string): Promise<boolean> {
  const decoded = safeDecode(relative);
  if (decoded === null) return false;
  const target = path.join(root, decoded);
  if (!target.startsWith(root + path.sep)) return false;
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat?.isFile()) return false;
  const hashedAsset = decoded.startsWith('/assets/');
  // The build writes .br and .gz twins of text files (h5/src/build/precompress.ts); send picks one.
  ctx.vary('Accept-Encoding');
  await send(ctx, decoded, {
    root,
    gzip: true,
    brotli: true,
    setHeaders: (res) => res.setHeader('Cache-Control', hashedAsset ? IMMUTABLE : 'no-cache'),
  });
  return true;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
