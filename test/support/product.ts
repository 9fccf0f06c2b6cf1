import { DEMO } from '@px/api';
import type { Calls } from '@px/api/contract';
import type { AnswerOf, InputOf } from '@px/config';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import type { ProductServer } from './server';

/** Runs one query on the product's database (what a browser test checks was stored, or sets up). */
export async function queryProduct<T extends object>(
  product: Pick<ProductServer, 'databaseUrl'>,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = new Client({ connectionString: product.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Makes one API call at `baseUrl` with a session `token` (the header the H5 sends from its cookie)
 * and answers its `attribute`. Throws with the envelope's message when refused.
 */
export async function callProduct<K extends keyof Calls & string>(
  baseUrl: string,
  token: string,
  key: K,
  input: InputOf<Calls[K]>,
): Promise<AnswerOf<Calls[K]>> {
  const response = await fetch(`${baseUrl}/api/${key}.action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as {
    respCode: number;
    respDesc?: string;
    attribute: AnswerOf<Calls[K]>;
  };
  if (body.respCode !== 200) throw new Error(`${key} refused: ${body.respDesc ?? body.respCode}`);
  return body.attribute;
}

/**
 * Signs the demo student 张三 in on the H5 sign-in page (ID number and password) and waits for the
 * page `redirect` leads to (`/my` by default).
 */
export async function signInDemoStudent(page: Page, h5: string, redirect = '/my'): Promise<void> {
  await page.goto(`${h5}/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByPlaceholder('请输入身份证号或手机号').fill(DEMO.accounts.student.idCardNo);
  await page.getByPlaceholder('请输入密码').fill(DEMO.accounts.student.password);
  await page.getByRole('button', { name: '登录' }).click();
  const target = redirect.split('?')[0];
  await page.waitForURL((url) => url.pathname === target);
}
