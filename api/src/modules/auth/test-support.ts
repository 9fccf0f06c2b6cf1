import type { Sequelize } from 'sequelize';
import type { TestApp } from '../../testing/app';
import { encryptLoginField } from '../../testing/crypto';

/** A login payload as the apps send it: account and password encrypted with the login key. */
export async function loginBody(
  sequelize: Sequelize,
  fields: { account: string; password: string; roleType?: 1 | 3 } & Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { account, password, ...rest } = fields;
  return {
    roleType: 1,
    ...rest,
    account: await encryptLoginField(sequelize, account),
    password: await encryptLoginField(sequelize, password),
  };
}

export interface CallOptions {
  host?: string;
  ip?: string;
}

/** POSTs to `/api/login/<name>.action` from a host (the project) and an IP (needs `trustProxy`). */
export function postLogin(
  t: TestApp,
  name: string,
  body: Record<string, unknown>,
  options: CallOptions = {},
) {
  let request = t.http.post(`/api/login/${name}.action`).send(body);
  if (options.host) request = request.set('Host', options.host);
  if (options.ip) request = request.set('X-Forwarded-For', options.ip);
  return request;
}

/** Signs in through `login/login` and returns the answer's body. */
export async function signInOverHttp(
  t: TestApp,
  fields: { account: string; password: string; roleType?: 1 | 3 } & Record<string, unknown>,
  options: CallOptions = {},
) {
  const res = await postLogin(t, 'login', await loginBody(t.sequelize, fields), options);
  return res.body as { respCode: number; respDesc: string; attribute: Record<string, unknown> | null };
}
