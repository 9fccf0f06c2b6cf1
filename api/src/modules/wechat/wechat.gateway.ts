import type { FetchLike, WechatEndpoints } from '@px/wechat';

/**
 * How this process reaches WeChat: the base URLs (WeChat itself, or the simulator in dev, demo and
 * tests), the address people reach the product at (OAuth return pages, links in replies), and in
 * simulator mode the script that plays the WeChat client in a normal browser. Built once at start
 * (`createProviders`) and handed to actions, jobs and the push route in their scope.
 */
export interface WechatGateway {
  readonly endpoints: WechatEndpoints;
  /**
   * The product's public origin, e.g. `https://px.example.com` (no trailing slash): the configured
   * one, else the listening server's once known (`listeningAt`), else empty (links then use the
   * request's own origin, see `publicOrigin`).
   */
  readonly publicUrl: string;
  /**
   * The public URL as configured (env `PUBLIC_URL`, no trailing slash), or null: then links made for
   * a request use the origin that request came to (`publicOrigin`), never the listening address.
   */
  readonly configuredUrl: string | null;
  /** Simulator mode only: URL of the WeixinJSBridge script; null against WeChat itself. */
  readonly bridgeScript: string | null;
  /** The `fetch` every WeChat client sends with (timed and counted by the metrics). */
  readonly fetch: FetchLike;
  /**
   * Tells the gateway where the server listens (called once the port is known); it becomes the
   * public URL unless one was configured.
   */
  listeningAt(origin: string): void;
}

declare module '../../core/action' {
  interface Providers {
    /** How the product reaches WeChat (or its simulator) and where WeChat reaches the product. */
    wechat: WechatGateway;
  }
}

export interface WechatGatewaySettings {
  endpoints: WechatEndpoints;
  /** The configured public URL (env `PUBLIC_URL`); null to use the listening server's. */
  publicUrl: string | null;
  bridgeScript: string | null;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
}

const withoutSlash = (url: string) => url.replace(/\/$/, '');

/** A gateway to WeChat (or its simulator); see WechatGateway. */
export function createWechatGateway(settings: WechatGatewaySettings): WechatGateway {
  const configuredUrl = settings.publicUrl ? withoutSlash(settings.publicUrl) : null;
  let publicUrl = configuredUrl ?? '';
  return {
    endpoints: settings.endpoints,
    configuredUrl,
    bridgeScript: settings.bridgeScript,
    fetch: settings.fetch ?? ((input, init) => fetch(input, init)),
    get publicUrl() {
      return publicUrl;
    },
    listeningAt(origin) {
      if (!settings.publicUrl) publicUrl = withoutSlash(origin);
    },
  };
}

/**
 * The product's public origin for links made for a request (OAuth return pages, registration links):
 * the configured public URL, else the origin the request came to, so a visitor on `127.0.0.1` comes
 * back to `127.0.0.1` and not to `localhost` (another origin: its cookies and state are not there);
 * the listening address only when the request has no host.
 */
export function publicOrigin(gateway: WechatGateway, request: { host: string; origin?: string }): string {
  if (gateway.configuredUrl) return gateway.configuredUrl;
  if (request.origin) return request.origin;
  if (request.host) return `http://${request.host}`;
  return gateway.publicUrl;
}

/** The image of a parametric QR code (WeChat's showqrcode; the ticket URL-encoded). */
export function qrImageUrl(gateway: WechatGateway, ticket: string): string {
  return `${gateway.endpoints.mp}/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;
}
