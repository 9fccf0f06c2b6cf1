import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildHostedProject } from '../../testing/factories';
import { buildPartnerApp } from './partner.testing';
import { PartnerApp } from './partner-app.model';

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'px-embed-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>h5-app</title>');
  t = await createTestApp({ staticApps: [{ prefix: '', distDir: root }] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const policyOf = async (url: string) => {
  const res = await t.http.get(url);
  expect(res.status).toBe(200);
  expect(res.text).toContain('h5-app');
  const policy = String(res.headers['content-security-policy']);
  // The rest of the policy every page gets stays.
  expect(policy).toContain("default-src 'self'");
  const ancestors = policy.split(';').filter((directive) => directive.startsWith('frame-ancestors'));
  expect(ancestors).toHaveLength(1);
  return { ancestors: ancestors[0], frameOptions: res.headers['x-frame-options'] as string | undefined };
};

test("the embedded study page may be framed by its app's allowed origins only", async () => {
  const { project } = await buildHostedProject();
  const { app } = await buildPartnerApp(project.id, {
    allowedOrigins: ['https://partner.example.com', 'http://127.0.0.1:5199'],
  });
  expect(await policyOf(`/hxtx/detail-study?app=${app.appKey}&ticket=abc`)).toEqual({
    ancestors: 'frame-ancestors https://partner.example.com http://127.0.0.1:5199',
    frameOptions: undefined,
  });
  // No app, an unknown or malformed one, a disabled one: nothing may frame it.
  for (const url of [
    '/hxtx/detail-study',
    '/hxtx/detail-study?app=pk_00000000000000',
    '/hxtx/detail-study?app=x',
  ])
    expect((await policyOf(url)).ancestors).toBe("frame-ancestors 'none'");
  await PartnerApp.update({ enabled: false }, { where: { id: app.id }, allTenants: true });
  expect((await policyOf(`/hxtx/detail-study?app=${app.appKey}`)).ancestors).toBe("frame-ancestors 'none'");
  const res = await t.http.get(`/hxtx/detail-study?app=${app.appKey}`);
  expect(res.headers['cache-control']).toBe('no-store');
  // Other pages keep the policy every page gets.
  expect(await policyOf('/my')).toEqual({ ancestors: "frame-ancestors 'self'", frameOptions: 'SAMEORIGIN' });
});
