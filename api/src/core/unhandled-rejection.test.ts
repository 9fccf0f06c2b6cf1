import { ConnectionError } from 'sequelize';
import { createLogger } from './logger';
import { onUnhandledRejection } from './unhandled-rejection';

const lines: Record<string, unknown>[] = [];
const handle = onUnhandledRejection(
  createLogger('warn', { write: (line: string) => void lines.push(JSON.parse(line)) }),
);

test('a write lost because the database is away is logged, and the process goes on', () => {
  const lost = new ConnectionError(
    Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
  );
  expect(() => handle(lost)).not.toThrow();
  expect(lines).toEqual([
    expect.objectContaining({ level: 40, msg: 'database unavailable: a background write was dropped' }),
  ]);
});

test('any other unhandled rejection ends the process as Node would', () => {
  const bug = new TypeError('cannot read properties of undefined');
  expect(() => handle(bug)).toThrow(bug);
  expect(() => handle('a string')).toThrow();
});
