import SwaggerParser from '@apidevtools/swagger-parser';
import { PARTNER_CALLS, SIGNED_GROUP, TOKEN_CALLS, TOKEN_GROUP } from '@px/partner';
import { createTestApp, type TestApp } from '../../../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Doc {
  openapi: string;
  paths: Record<string, { post?: { requestBody?: unknown; security?: Record<string, unknown>[] } }>;
  webhooks?: Record<string, unknown>;
}

test('the OpenAPI document validates and lists every partner call, signed and with a token', async () => {
  const res = await t.http.get('/api/open/openapi.json');
  expect(res.status).toBe(200);
  expect(res.type).toBe('application/json');
  const doc = res.body as Doc;
  expect(doc.openapi).toBe('3.1.0');
  await SwaggerParser.validate(structuredClone(doc) as never);
  const expected = [
    ...Object.values(TOKEN_CALLS).map((key) => `/api/open/${key}.action`),
    ...PARTNER_CALLS.flatMap((name) => [
      `/api/open/${SIGNED_GROUP}/${name}.action`,
      `/api/open/${TOKEN_GROUP}/${name}.action`,
    ]),
  ];
  expect(Object.keys(doc.paths).sort()).toEqual(expected.sort());
  for (const name of PARTNER_CALLS) {
    expect(doc.paths[`/api/open/${SIGNED_GROUP}/${name}.action`]?.post?.security).toEqual([
      { signature: [] },
    ]);
    expect(doc.paths[`/api/open/${TOKEN_GROUP}/${name}.action`]?.post?.security).toEqual([{ bearer: [] }]);
  }
  // The inputs are the contracts the route validates with: sign-up names its required fields.
  const signUp = JSON.stringify(
    doc.paths[`/api/open/${SIGNED_GROUP}/sign-up-student.action`]?.post?.requestBody,
  );
  for (const field of ['requestId', 'outAccountId', 'idCardNo', 'realName', 'mobile', 'classId'])
    expect(signUp).toContain(`"${field}"`);
  expect(Object.keys(doc.webhooks ?? {})).toEqual(['progressNotice']);
});

test('the page renders the document with the renderer shipped from npm', async () => {
  const page = await t.http.get('/api/open/docs/');
  expect(page.status).toBe(200);
  expect(page.text).toContain('<script src="./swagger-ui-bundle.js"></script>');
  expect(page.text).not.toMatch(/https?:\/\//);
  const init = await t.http.get('/api/open/docs/init.js');
  expect(init.text).toContain("url: '/api/open/openapi.json'");
  const bundle = await t.http
    .get('/api/open/docs/swagger-ui-bundle.js')
    .buffer(true)
    .parse((res, done) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      res.on('end', () => done(null, size));
    });
  expect(bundle.status).toBe(200);
  expect(bundle.body as unknown as number).toBeGreaterThan(100_000);
  expect((await t.http.get('/api/open/docs/package.json')).status).toBe(404);
  expect((await t.http.get('/api/open/docs')).status).toBe(302);
});
