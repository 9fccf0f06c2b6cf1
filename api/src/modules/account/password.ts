import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { VALIDATION_MESSAGES, zPassword } from '@px/config';
import type { Sequelize } from 'sequelize';
import { ValidationError } from '../../core/errors';
import { decryptLoginField } from '../../core/login-key';

/** The package's `Algorithm.Argon2id`; its enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
/** argon2id with OWASP's baseline (19 MiB, 2 iterations, 1 lane); ~30 ms per hash on one core. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password for storage. The plain password is never stored or logged. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Checks a password against a stored hash; false for a missing or malformed hash. Accounts without
 * a hash (created by WeChat binding or SMS registration) cannot sign in by password.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist, so timing does not tell. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}

/**
 * A new password as a payload carries it: decrypted with the login key and checked against the
 * password rule. Throws ValidationError naming the field (plain text, or a password breaking the rule).
 */
export async function readNewPassword(
  sequelize: Sequelize,
  field: string,
  cipherText: string,
): Promise<string> {
  const plain = await decryptLoginField(sequelize, field, cipherText);
  checkPasswordRule(field, plain);
  return plain;
}

/** Applies the password rule to a plain new password; throws ValidationError naming the field. */
export function checkPasswordRule(field: string, password: string): void {
  const checked = zPassword.safeParse(password);
  if (checked.success) return;
  const message = checked.error.issues[0]?.message ?? VALIDATION_MESSAGES.password;
  throw new ValidationError([{ field, rule: 'password', message }]);
}
