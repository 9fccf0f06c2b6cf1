import pino, { type DestinationStream, type Logger } from 'pino';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The process logger: JSON lines (pino). Secrets never reach it: the token header, cookies and
 * password-like fields are redacted wherever they appear in a logged object.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'px-api' },
      redact: {
        paths: [
          '*.password',
          '*.token',
          '*.tokenCode',
          'req.headers.token',
          'req.headers.cookie',
          'headers.token',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}
