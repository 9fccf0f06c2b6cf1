import type { Providers } from './core/action';
import type { Env } from './env';

/**
 * Builds the outside systems the product talks to (file storage, SMS, video, WeChat, ...) once at
 * start, from the validated environment; actions and jobs receive them in their scope.
 */
export function createProviders(_env: Env): Providers {
  return {};
}
