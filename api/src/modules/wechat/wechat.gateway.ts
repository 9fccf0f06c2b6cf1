import type { WechatEndpoints } from '@px/wechat';
import { WECHAT_ENDPOINTS } from '@px/wechat';

/**
 * How this process reaches WeChat: the base URLs (WeChat itself, or the simulator in dev, demo and
 * tests), the address people reach the product at (OAuth return pages, links in replies), and in
 * simulator mode the script that plays the WeChat client in a normal browser.
 */
export interface WechatGateway {
  endpoints: WechatEndpoints;
  /** e.g. `https://px.example.com` (no trailing slash). */
  publicUrl: string;
  /** Simulator mode only: URL of the WeixinJSBridge script; null against WeChat itself. */
  bridgeScript: string | null;
}

let current: WechatGateway | null = null;

/** Sets how this process reaches WeChat (at boot; tests point it at their simulator). */
export function configureWechat(gateway: WechatGateway | null): void {
  current = gateway ? { ...gateway, publicUrl: gateway.publicUrl.replace(/\/$/, '') } : null;
}

/** The configured gateway; before configuration, WeChat itself with no public URL known. */
export function wechatGateway(): WechatGateway {
  return current ?? { endpoints: WECHAT_ENDPOINTS, publicUrl: '', bridgeScript: null };
}

/**
 * The product's public origin for links: the configured public URL, else the origin the request
 * came to (development without PUBLIC_URL).
 */
export function publicOrigin(request: { host: string; protocol?: string }): string {
  const configured = wechatGateway().publicUrl;
  if (configured) return configured;
  return `${request.protocol ?? 'http'}://${request.host}`;
}

/** The image of a parametric QR code (WeChat's showqrcode; the ticket URL-encoded). */
export function qrImageUrl(ticket: string): string {
  return `${wechatGateway().endpoints.mp}/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;
}
