import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { FIRST_DATA_ELEMENT_ID, type FirstData, firstDataJson } from '@px/config';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import type { VisitorCall } from './router';

/**
 * The first data of an app's page (`@px/config` first-data.ts) for the request, or null for none:
 * `page` is the path under the app's prefix (`/classSelectCenter`).
 */
export type FirstDataSource = (ctx: Context, page: string) => Promise<FirstData | null>;

/** A built single-page app and the URL prefix it is served under. */
export interface StaticApp {
  /** `/admin` or `` for the root. */
  prefix: string;
  /** The app's build output (contains index.html). */
  distDir: string;
  /**
   * What its pages come with: the answers of their first calls, computed with `call` (a visitor's
   * call on this server) and embedded in the HTML (the H5: `h5-first-data.ts`). None when unset.
   */
  firstData?: (call: VisitorCall) => FirstDataSource;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves built apps with history-mode routing: a file that exists is sent (hashed assets cached
 * for a year, everything else revalidated); a path with a prerendered page of its own
 * (`<path>/index.html` in the build) gets that page; any other GET under the prefix gets the app's
 * index.html so the client router decides. `/api` is never answered here. A page of an app with
 * `firstData` carries its first data (`call` runs the calls behind it) and is never answered 304.
 */
export function serveStaticApps(apps: StaticApp[], call?: VisitorCall): Middleware {
  const ordered = [...apps]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .map((app) => ({ ...app, source: call && app.firstData ? app.firstData(call) : null }));
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
    const shell = relative === '/' ? null : `${relative.replace(/\/+$/, '')}/index.html`;
    if (app.source) {
      const file = (shell && fileUnder(app.distDir, shell)) ?? indexFile;
      await sendPage(ctx, file, await app.source(ctx, relative));
      return;
    }
    if (shell && (await sendFile(ctx, app.distDir, shell))) return;
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    await send(ctx, 'index.html', { root: app.distDir });
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page's HTML with its first data (when any) in a JSON script element before `</body>`, escaped
 * so that nothing in the data can end the element (`firstDataJson`).
 */
export function withFirstData(html: string, data: FirstData | null): string {
  if (!data) return html;
  const element = `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">${firstDataJson(data)}</script>`;
  const end = html.lastIndexOf('</body>');
  return end < 0 ? `${html}${element}` : `${html.slice(0, end)}${element}\n  ${html.slice(end)}`;
}

/**
 * Sends a page with its first data, compressed for a browser that accepts it (brotli at a fast
 * level, else gzip). Revalidated every time and never answered 304: the data is of this moment.
 */
async function sendPage(ctx: Context, file: string, data: FirstData | null): Promise<void> {
  const html = withFirstData(await fs.promises.readFile(file, 'utf8'), data);
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.vary('Cookie');
  ctx.type = 'text/html; charset=utf-8';
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzip(html);
  } else ctx.body = html;
}

/** The file at `relative` under `root` when it is one (never outside `root`), else null. */
function fileUnder(root: string, relative: string): string | null {
  const decoded = safeDecode(relative);
  if (decoded === null) return null;
  const target = path.join(root, decoded);
  if (!target.startsWith(root + path.sep)) return null;
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  return stat?.isFile() ? target : null;
}

async function sendFile(ctx: Parameters<Middleware>[0], root: string, relative: string): Promise<boolean> {
  const decoded = safeDecode(relative);
  if (decoded === null) return false;
  if (!fileUnder(root, relative)) return false;
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
