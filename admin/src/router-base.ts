/**
 * The back office is served under /admin/ with history-mode routing:
 * vite's `base` is `${ROUTER_BASENAME}/` and the router's basename is ROUTER_BASENAME.
 */
export const ROUTER_BASENAME = '/admin';
