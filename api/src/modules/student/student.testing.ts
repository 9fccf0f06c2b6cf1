import { idCardCheckChar, ROLE_SYSTEM } from '@px/config';
import type { InferCreationAttributes } from 'sequelize';
import { buildAccount, signIn } from '../../testing/factories';
import type { Account } from '../account/account.model';

/**
 * Test factories of student management and the study archive: valid ID numbers, students and
 * staff with the grants of the screens.
 */

let serial = 0;
/** Where this test file's ID numbers start, so files sharing nothing still differ. */
const ID_OFFSET = Math.floor(Math.random() * 1000);

/**
 * A valid 18-digit ID number of Jinan: born 1990-03-07 with the given 3-digit `sequence`, or else
 * born 1991-01-01 with a sequence that differs on each of 1000 calls.
 */
export function buildIdCardNo(sequence?: number): string {
  serial += 1;
  const birth = sequence === undefined ? '19910101' : '19900307';
  const digits = String((sequence ?? ID_OFFSET + serial) % 1000).padStart(3, '0');
  const first17 = `370102${birth}${digits}`;
  return first17 + idCardCheckChar(first17);
}

/** A valid mainland mobile, different on every call. */
export function buildMobile(): string {
  serial += 1;
  return `137${String((Date.now() + serial * 7919) % 1e8).padStart(8, '0')}`;
}

/** A student of the project with a valid ID number and mobile (override what the test is about). */
export async function buildStudent(
  projectId: number,
  overrides: Partial<InferCreationAttributes<Account>> = {},
): Promise<Account> {
  const { account } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.STUDENT,
    overrides: { idCardNo: buildIdCardNo(), mobile: buildMobile(), ...overrides },
  });
  return account;
}

/** A signed-in project staff member (role system 2) granted `menu`. */
export async function staffToken(projectId: number, menu: string[]): Promise<string> {
  const { account } = await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu });
  return signIn(account);
}
