import type { Migration } from '../migrate';
import { m0001Projects } from './0001-projects';
import { m0002Accounts } from './0002-accounts';

/** Every migration, in order. Append only; never edit one that has been released. */
export const migrations: Migration[] = [m0001Projects, m0002Accounts];
