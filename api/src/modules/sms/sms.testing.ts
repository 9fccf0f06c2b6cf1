import { randomInt } from 'node:crypto';
import { idCardCheckChar } from '@px/config';
import type { TestApp } from '../../testing/app';
import { SmsCode } from './sms-code.model';
import { SmsOutbox } from './sms-outbox.model';

/** Helpers shared by the SMS tests: fresh mobiles, ID numbers and client addresses, codes from the outbox. */

/** Kept here for the tests that import it from the SMS helpers; it lives with the factories. */
export { buildHostedProject } from '../../testing/factories';

/** A mobile no test has used yet (random, 11 digits, 13x-19x). */
export function freshMobile(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/** A valid 18-digit ID number (Jinan) with a random birth date (1950-2004) and sequence. */
export function freshIdCardNo(): string {
  const birth = new Date(Date.UTC(1950, 0, 1) + randomInt(0, 55 * 365) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `370102${date}${String(randomInt(0, 1000)).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** A client address of its own, so the daily cap per IP of one test does not reach another. */
export function freshIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The code of the newest outbox message to a mobile (as a person reads it on the phone), or null. */
export async function latestCode(mobile: string): Promise<string | null> {
  const message = await SmsOutbox.findOne({
    where: { mobile },
    // The phone reads its messages, whichever project sent them.
    allTenants: true,
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  return message?.content.match(/验证码为(\d{6})/)?.[1] ?? null;
}

/** Moves every code of a mobile back past the resend interval, as if a minute had passed. */
export async function passResendInterval(t: TestApp, mobile: string): Promise<void> {
  await t.sequelize.query(
    "UPDATE sms_code SET created_at = created_at - interval '61 seconds' WHERE mobile = :mobile",
    {
      replacements: { mobile },
    },
  );
}

/** A six-digit code that differs from `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** How many codes a mobile has been issued, in any project. */
export function codeCount(mobile: string): Promise<number> {
  return SmsCode.count({ where: { mobile }, allTenants: true });
}

/** A POST from a client address, to a host. */
export function post(t: TestApp, path: string, options: { host: string; ip?: string; token?: string }) {
  let request = t.http
    .post(path)
    .set('Host', options.host)
    .set('X-Forwarded-For', options.ip ?? freshIp());
  if (options.token) request = request.set('token', options.token);
  return request;
}
