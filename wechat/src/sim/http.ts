import type { IncomingHttpHeaders } from 'node:http';

/** A request as the simulator's handlers see it (body read whole; WeChat bodies are small). */
export interface SimRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The path and query exactly as the request line sent them (what Pay v3 signs). */
  rawUrl: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body bytes (signatures are checked over these, never over re-serialised JSON). */
  rawBody: Buffer;
  /** The origin the request reached (`http://127.0.0.1:port`), for absolute URLs in answers. */
  origin: string;
  /** Path parameters captured by the route pattern (`:name`). */
  params: Record<string, string>;
}

export interface SimResponse {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as is (set content-type in headers). */
  body?: unknown;
}

export type SimHandler = (request: SimRequest) => SimResponse | Promise<SimResponse>;

/** WeChat's official-account API answers errors as HTTP 200 with `errcode`/`errmsg`. */
export function mpError(errcode: number, errmsg: string): SimResponse {
  return { status: 200, body: { errcode, errmsg } };
}

/** An HTML page of the simulator's own person-facing UI. */
export function htmlPage(title: string, body: string, status = 200): SimResponse {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_CSS}</style></head><body>${body}</body></html>`,
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The body parsed as JSON, or undefined when it is not JSON. */
export function jsonBody(request: SimRequest): unknown {
  try {
    return JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The body parsed as an HTML form (`application/x-www-form-urlencoded`). */
export function formBody(request: SimRequest): URLSearchParams {
  return new URLSearchParams(request.rawBody.toString('utf8'));
}

const PAGE_CSS = `
body{font:15px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#ededed;color:#111}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:18px;margin:8px 0 16px}
.card{background:#fff;border-radius:8px;padding:16px;margin-bottom:12px}
button,.button{display:block;width:100%;box-sizing:border-box;padding:12px;border:0;border-radius:6px;background:#07c160;color:#fff;font-size:16px;text-align:center;text-decoration:none;margin-top:8px;cursor:pointer}
button.secondary,.button.secondary{background:#f2f2f2;color:#07c160}
.muted{color:#888;font-size:13px}
.note{background:#fffbe6;border:1px solid #ffe58f;border-radius:6px;padding:8px 12px;font-size:13px;margin-bottom:12px}
`;
