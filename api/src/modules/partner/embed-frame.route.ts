import type { Middleware } from 'koa';
import { appByKey } from './open/open-auth';

/** The H5's embedded study page (spec section 2), the one page partners may frame. */
export const EMBEDDED_STUDY_PATH = '/hxtx/detail-study';

/** `frame-ancestors` of the embedded study page for an app: its allowed origins, else `'none'`. */
export function frameAncestors(app: { enabled: boolean; allowedOrigins: string[] } | null): string {
  const origins = app?.enabled
    ? app.allowedOrigins.filter((origin) => /^https?:\/\/[a-z0-9.:-]+$/.test(origin))
    : [];
  return `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`;
}

/** The page's policy: the one every page gets (helmet) with its `frame-ancestors` replaced. */
export function withFrameAncestors(policy: string, ancestors: string): string {
  const kept = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...kept, ancestors].join(';');
}

/**
 * Who may frame the embedded study page (docs/partner-api.md "Embedding"): the page served at
 * `/hxtx/detail-study?app=<app key>` carries `Content-Security-Policy: frame-ancestors` with the
 * app's allowed origins (and no `X-Frame-Options`, which would allow only our own origin); without
 * an app, or for an unknown or disabled one, nothing may frame it. Every other page keeps the
 * policy every page gets (`frame-ancestors 'self'`).
 */
export function embedFrameRoute(): Middleware {
  return async (ctx, next) => {
    const path = ctx.path.replace(/\/+$/, '');
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || path !== EMBEDDED_STUDY_PATH) return next();
    const appKey = typeof ctx.query.app === 'string' ? ctx.query.app : '';
    const app = /^pk_[A-Za-z0-9]{8,40}$/.test(appKey) ? await appByKey(appKey) : null;
    await next();
    ctx.set(
      'Content-Security-Policy',
      withFrameAncestors(ctx.response.get('Content-Security-Policy'), frameAncestors(app)),
    );
    ctx.remove('X-Frame-Options');
    // The answer depends on the query; no shared cache may hand one app's policy to another.
    ctx.set('Cache-Control', 'no-store');
  };
}
