import type { WechatEndpoints } from '@px/wechat';

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
  /** Simulator mode only: URL of the WeixinJSBridge script; null against WeChat itself. */
  readonly bridgeScript: string | null;
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
}

const withoutSlash = (url: string) => url.replace(/\/$/, '');

/** A gateway to WeChat (or its simulator); see WechatGateway. */
export function createWechatGateway(settings: WechatGatewaySettings): WechatGateway {
  let publicUrl = settings.publicUrl ? withoutSlash(settings.publicUrl) : '';
  return {
    endpoints: settings.endpoints,
    bridgeScript: settings.bridgeScript,
    get publicUrl() {
      return publicUrl;
    },
    listeningAt(origin) {
      if (!settings.publicUrl) publicUrl = withoutSlash(origin);
    },
  };
}

/**
 * The product's public origin for links: the gateway's public URL, else the origin the request
 * came to (development without PUBLIC_URL).
 */
export function publicOrigin(gateway: WechatGateway, request: { host: string; protocol?: string }): string {
  if (gateway.publicUrl) return gateway.publicUrl;
  return `${request.protocol ?? 'http'}://${request.host}`;
}

/** The image of a parametric QR code (WeChat's showqrcode; the ticket URL-encoded). */
export function qrImageUrl(gateway: WechatGateway, ticket: string): string {
  return `${gateway.endpoints.mp}/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;
}
