import type { AccountInfo } from '@px/api/contract';
import { ROLE_SYSTEM } from '@px/config';
import { collectMenuUrls } from '../../../router/access';

/** The screen whose permission grants `sms/outbox`. */
export const ADMINISTRATOR_LIST_URL = '/account-manage/administrator-list';

/**
 * Whether the signed-in account may read the SMS outbox (`sms/outbox`): staff of role system 1
 * or 2 whose role holds the administrator list, as the server checks it.
 */
export function canReadSmsOutbox(info: Pick<AccountInfo, 'roleRP'> | null): boolean {
  if (!info) return false;
  const { roleSystem, menu } = info.roleRP;
  const staff = roleSystem === ROLE_SYSTEM.PLATFORM || roleSystem === ROLE_SYSTEM.PROJECT;
  return staff && collectMenuUrls(menu).has(ADMINISTRATOR_LIST_URL);
}
