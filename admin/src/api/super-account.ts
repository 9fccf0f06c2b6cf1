import type { LoginAnswer, SuperAccountAccountPage, SuperAccountProjectList } from '@px/api/contract';
import { request } from './request';

/** Filters and page of `super-account/accounts`. */
export interface SuperAccountAccountsQuery {
  pageNum: number;
  pageSize: number;
  projectId: number;
  /** Part of the real name or of the account name. */
  keyword?: string;
}

/** The enabled projects platform staff may enter. Rejects with an ApiError. */
export function getSuperAccountProjects(): Promise<SuperAccountProjectList> {
  return request<SuperAccountProjectList>({ url: '/super-account/projects.action', method: 'post' });
}

/** Enabled staff accounts (role systems 2 and 4) of one project, paged. Rejects with an ApiError. */
export function getSuperAccountAccounts(query: SuperAccountAccountsQuery): Promise<SuperAccountAccountPage> {
  return request<SuperAccountAccountPage>({
    url: '/super-account/accounts.action',
    method: 'post',
    data: query,
  });
}

/** Opens a two-hour, audited session as the account; answers its token like a login. Rejects with an ApiError. */
export function signInAs(accountId: number): Promise<LoginAnswer> {
  return request<LoginAnswer>({
    url: '/super-account/sign-in-as.action',
    method: 'post',
    data: { accountId },
  });
}
