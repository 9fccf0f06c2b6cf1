import { constants, publicEncrypt } from 'node:crypto';

/** The benchmark's calls to the API before and after the load (fetch, one at a time). */

/** Which door a sign-in goes through: 1 the back office, 3 the student H5 (`LOGIN_ROLE_TYPE`). */
export type RoleType = 1 | 3;

/** The envelope every call answers. */
export interface Envelope<T> {
  respCode: number;
  respDesc: string;
  attribute: T;
}

/** Posts a JSON body to a call and answers its `attribute`. Throws when the call does not succeed. */
export async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.respCode !== 200) throw new Error(`${url}: ${answer.respDesc}`);
  return answer.attribute;
}

/**
 * Signs in through the real two-step login, encrypting as the apps do; answers the token. Throws
 * when the API refuses.
 */
export async function signIn(
  url: string,
  who: { account: string; password: string },
  roleType: RoleType = 1,
): Promise<string> {
  const { loginPublicKey } = await post<{ loginPublicKey: string }>(
    `${url}/api/project/system-info.action`,
    {},
  );
  const encrypt = (value: string) =>
    publicEncrypt(
      { key: loginPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(value),
    ).toString('base64');
  const account = encrypt(who.account);
  await post(`${url}/api/login/check-account-before-login.action`, { account, roleType });
  const { tokenCode } = await post<{ tokenCode: string }>(`${url}/api/login/login.action`, {
    account,
    password: encrypt(who.password),
    roleType,
  });
  return tokenCode;
}
