import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIRST_DATA_ELEMENT_ID, type FirstData, firstDataKey } from '@px/config';
import { h5FirstData } from '../h5-first-data';
import { createTestApp, type TestApp } from '../testing/app';
import { buildHostedProject } from '../testing/factories';

let t: TestApp;
let root: string;

function writeApp(dir: string, marker: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>${marker}</title></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log('${marker}')`);
  fs.writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'px-static-'));
  writeApp(path.join(root, 'h5'), 'h5-app');
  writeApp(path.join(root, 'admin'), 'admin-app');
  // A page the build prerendered, and the precompressed twin of an asset (h5/src/build).
  fs.mkdirSync(path.join(root, 'h5', 'login'));
  fs.writeFileSync(path.join(root, 'h5', 'login', 'index.html'), '<!doctype html><title>login-shell</title>');
  fs.writeFileSync(
    path.join(root, 'h5', 'assets', 'index-abc123.js.br'),
    zlib.brotliCompressSync("console.log('h5-app')"),
  );
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside');
  t = await createTestApp({
    staticApps: [
      { prefix: '/admin', distDir: path.join(root, 'admin') },
      { prefix: '', distDir: path.join(root, 'h5'), firstData: h5FirstData },
    ],
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('serves the H5 at / and its client routes with its index (history mode)', async () => {
  for (const url of ['/', '/my', '/v2/classSelectCenter?x=1']) {
    const res = await t.http.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('h5-app');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

test('a path with a prerendered page gets that page; the others the index', async () => {
  for (const url of ['/login', '/login/', '/login?redirect=%2Fmy']) {
    const res = await t.http.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('login-shell');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
  expect((await t.http.get('/register')).text).toContain('h5-app');
});

test('sends the precompressed twin of a file to a browser that accepts it', async () => {
  const brotli = await t.http.get('/assets/index-abc123.js').set('Accept-Encoding', 'br, gzip');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toContain('Accept-Encoding');
  expect(brotli.text).toContain('h5-app');
  const plain = await t.http.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.text).toContain('h5-app');
});

test('serves the back office under /admin/ with its own index', async () => {
  const res = await t.http.get('/admin/account-manage/role');
  expect(res.text).toContain('admin-app');
  const redirect = await t.http.get('/admin');
  expect(redirect.status).toBe(302);
  expect(redirect.headers.location).toBe('/admin/');
});

test('hashed assets are cached for a year, other files revalidated', async () => {
  const asset = await t.http.get('/admin/assets/index-abc123.js');
  expect(asset.text).toContain('admin-app');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const icon = await t.http.get('/favicon.ico');
  expect(icon.headers['cache-control']).toBe('no-cache');
});

test('never serves files outside the app folder', async () => {
  const res = await t.http.get('/admin/..%2fsecret.txt');
  expect(res.text).not.toContain('outside');
});

test('/api paths keep answering the envelope', async () => {
  const res = await t.http.get('/api/unknown/call.action');
  expect(res.status).toBe(404);
  expect(res.body.respCode).toBe(404);
});

/** The first data a page came with (null: none). */
function firstDataOf(html: string): FirstData | null {
  const found = new RegExp(
    `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return found?.[1] ? (JSON.parse(found[1]) as FirstData) : null;
}

describe('first data (issue 29)', () => {
  let host: string;
  let projectName: string;
  beforeAll(async () => {
    const hosted = await buildHostedProject();
    host = hosted.host;
    projectName = hosted.project.name;
  });
  const get = (url: string) => t.http.get(url).set('Host', host);

  test('every H5 page carries the host project’s settings; the class centre its years too, as the calls answer them', async () => {
    const call = async (name: string, input: object) =>
      (await t.http.post(`/api/${name}.action`).set('Host', host).send(input)).body.attribute as unknown;
    const login = await get('/login').set('Accept-Encoding', 'br');
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['last-modified']).toBeUndefined();
    expect(login.headers.etag).toBeUndefined();
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.text).toContain('login-shell');
    const settings = await call('project/system-info', {});
    expect(settings).toMatchObject({ projectName });
    expect(firstDataOf(login.text)).toEqual({
      public: { [firstDataKey('project/system-info', {})]: settings },
      anonymous: {},
    });
    const centre = firstDataOf((await get('/classSelectCenter')).text);
    expect(centre?.public).toEqual({ [firstDataKey('project/system-info', {})]: settings });
    expect(centre?.anonymous[firstDataKey('class/center-years', {})]).toEqual(
      await call('class/center-years', {}),
    );
    // The admin app has no first data.
    expect((await get('/admin/')).text).not.toContain(FIRST_DATA_ELEMENT_ID);
  });

  test('a unit the address names that is unknown leaves the settings to the client; a session (or a token to adopt) gets no anonymous answers', async () => {
    const unit = firstDataOf((await get('/classSelectCenter?unitId=999999999')).text);
    // An unknown unit: the call fails, so the page leaves it to the client.
    expect(unit?.public).toEqual({});
    for (const request of [
      get('/classSelectCenter').set('Cookie', 'token=abc'),
      get('/classSelectCenter?token=abc'),
    ]) {
      const data = firstDataOf((await request).text);
      expect(Object.keys(data?.public ?? {})).toEqual([firstDataKey('project/system-info', {})]);
      expect(data?.anonymous).toEqual({});
    }
  });
});
