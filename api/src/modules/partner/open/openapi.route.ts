import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import type { RequestState } from '../../../core/request-context';
import { openApiDocument } from './openapi';

/** The stable addresses of the partner API's document and its page. */
export const OPENAPI_PATH = '/api/open/openapi.json';
export const DOCS_PATH = '/api/open/docs/';

/** The renderer's files served from the swagger-ui-dist package (nothing from a CDN). */
const RENDERER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const rendererDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>合作平台开放接口文档</title>
<link rel="stylesheet" href="./swagger-ui.css">
<link rel="icon" type="image/png" href="./favicon-32x32.png">
</head>
<body>
<div id="docs"></div>
<script src="./swagger-ui-bundle.js"></script>
<script src="./swagger-ui-standalone-preset.js"></script>
<script src="./init.js"></script>
</body>
</html>`;

// A script file of its own: the pages' Content-Security-Policy allows scripts from 'self' only.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#docs',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    supportedSubmitMethods: [],
    validatorUrl: null,
  });
});`;

/**
 * The partner API's OpenAPI document (`/api/open/openapi.json`) and a page for partners'
 * developers rendering it with Swagger UI from the swagger-ui-dist package (`/api/open/docs/`);
 * public, like the documentation of any open API. "Try it out" is off: calls need a signature.
 */
export function openApiDocsRoute(): Middleware<RequestState> {
  return async (ctx, next) => {
    if (ctx.path !== OPENAPI_PATH && !ctx.path.startsWith('/api/open/docs')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') ctx.throw(405);
    ctx.set('Cache-Control', 'no-cache');
    if (ctx.path === OPENAPI_PATH) {
      ctx.body = openApiDocument();
      return;
    }
    if (ctx.path === '/api/open/docs') return ctx.redirect(DOCS_PATH);
    const name = ctx.path.slice(DOCS_PATH.length);
    if (name === '' || name === 'index.html') {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = PAGE;
    } else if (name === 'init.js') {
      ctx.type = 'application/javascript; charset=utf-8';
      ctx.body = INIT;
    } else if (RENDERER_FILES[name]) {
      ctx.type = RENDERER_FILES[name];
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = fs.createReadStream(path.join(rendererDir(), name));
    } else {
      ctx.status = 404;
      ctx.body = 'Not found';
    }
  };
}
