import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './error-handler';

/**
 * The API's answer to a promise rejection nobody handled (`process.on('unhandledRejection')`). A
 * library's fire-and-forget write failing because the database is away is logged and dropped: pg-boss
 * completes and fails jobs without awaiting, so a job ending while PostgreSQL restarts would
 * otherwise take the API down with the database (the job itself runs again when its lease expires).
 * Anything else ends the process as Node would: its state is unknown.
 */
export function onUnhandledRejection(logger: Logger): (reason: unknown) => void {
  return (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'database unavailable: a background write was dropped');
      return;
    }
    throw reason;
  };
}
