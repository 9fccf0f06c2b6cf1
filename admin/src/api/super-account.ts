import type { Calls } from '@px/api/contract';
import type { InputOf } from '@px/config';
import { api } from './request';

/** The enabled projects platform staff may enter. Rejects with an ApiError. */
export const getSuperAccountProjects = () => api.call('super-account/projects');

/** Enabled staff accounts (role systems 2 and 4) of one project, paged, `keyword` matching part of a name. Rejects with an ApiError. */
export const getSuperAccountAccounts = (query: InputOf<Calls['super-account/accounts']>) =>
  api.call('super-account/accounts', query);

/** Opens a two-hour, audited session as the account; answers its token like a login. Rejects with an ApiError. */
export const signInAs = (accountId: number) => api.call('super-account/sign-in-as', { accountId });
